import crypto from 'node:crypto';

/** Builds a multipart/form-data body by hand (no client library needed for inject). */
export function multipart(files: { field?: string; filename: string; content: string | Uint8Array; type?: string }[]) {
  const boundary = `----sift${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(typeof f.content === 'string' ? Buffer.from(f.content) : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
