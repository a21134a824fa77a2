import { SiftError } from './errors.js';
import type { UploadedDocument } from './types.js';

/** What bytes a file may come from. A string `data` is the file's text. */
export type UploadData = Blob | Uint8Array | ArrayBuffer | string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * One file to upload: a path on disk (Node), a `File`/`Blob` (a `Blob` without a name is
 * `upload-N`), or bytes with a name. Streams are sent as they are read; `size`, when known,
 * lets progress show a total.
 */
export type UploadSource =
  | string
  | Blob
  | { path: string; filename?: string; type?: string }
  | { filename: string; data: UploadData; size?: number; type?: string };

/** Progress of one file of an upload, told as its bytes leave and again when the server answered for it. */
export interface UploadProgress {
  /** Position of the file in the list given. */
  index: number;
  filename: string;
  /** Bytes of the file sent so far (back to 0 when a rate-limited request is sent again). */
  loaded: number;
  /** The file's size when known. */
  total: number | undefined;
  /** The document the server created, once it answered. */
  document?: UploadedDocument;
}

/** At most 20 files per request and 50 MB per file (the server refuses more). */
export const MAX_FILES_PER_REQUEST = 20;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
const SLICE = 64 * 1024;

export interface Part {
  index: number;
  filename: string;
  type: string;
  size: number | undefined;
  /** False for a stream: its bytes can be read once only. */
  replayable: boolean;
  open(): AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;
}

const isStream = (d: unknown): d is ReadableStream<Uint8Array> => typeof ReadableStream !== 'undefined' && d instanceof ReadableStream;
const isAsyncIterable = (d: unknown): d is AsyncIterable<Uint8Array> => typeof (d as AsyncIterable<Uint8Array>)?.[Symbol.asyncIterator] === 'function';
const basename = (p: string) => p.split(/[\\/]/).pop() || p;

async function* once(bytes: Uint8Array) {
  yield bytes;
}

/** Turns each source into a part that knows its name, its size when it can, and how to read it. */
export async function toParts(sources: readonly UploadSource[]): Promise<Part[]> {
  const parts: Part[] = [];
  for (const [index, source] of sources.entries()) {
    if (typeof source === 'string' || (typeof source === 'object' && 'path' in source && typeof source.path === 'string')) {
      const spec = typeof source === 'string' ? { path: source } : source;
      const fs = await import('node:fs');
      const stat = await fs.promises.stat(spec.path);
      if (!stat.isFile()) throw new SiftError(`${spec.path} is not a file`, { status: 0, code: 'invalid' });
      parts.push({
        index,
        filename: ('filename' in spec && spec.filename) || basename(spec.path),
        type: ('type' in spec && spec.type) || 'application/octet-stream',
        size: stat.size,
        replayable: true,
        open: () => fs.createReadStream(spec.path),
      });
    } else if (source instanceof Blob) {
      const name = (source as Blob & { name?: unknown }).name;
      parts.push({
        index,
        filename: typeof name === 'string' && name ? name : `upload-${index + 1}`,
        type: source.type || 'application/octet-stream',
        size: source.size,
        replayable: true,
        open: () => source.stream(),
      });
    } else if ('data' in source) {
      const { data } = source;
      const common = { index, filename: source.filename, type: source.type || 'application/octet-stream' };
      if (data instanceof Blob) parts.push({ ...common, size: data.size, replayable: true, open: () => data.stream() });
      else if (typeof data === 'string' || data instanceof Uint8Array || data instanceof ArrayBuffer) {
        const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data;
        parts.push({ ...common, size: bytes.byteLength, replayable: true, open: () => once(bytes) });
      } else if (isStream(data) || isAsyncIterable(data)) {
        let used = false;
        parts.push({
          ...common,
          size: source.size,
          replayable: false,
          open: () => {
            if (used) throw new SiftError(`the stream of ${source.filename} was read already`, { status: 0, code: 'invalid' });
            used = true;
            return data;
          },
        });
      } else throw new SiftError(`cannot read the data of ${source.filename}`, { status: 0, code: 'invalid' });
    } else throw new SiftError(`upload source ${index + 1} is neither a path, a Blob nor {filename, data}`, { status: 0, code: 'invalid' });
  }
  for (const p of parts) {
    if (p.size !== undefined && p.size > MAX_FILE_BYTES) {
      throw new SiftError(`${p.filename} is ${p.size} bytes: the server takes files of 50 MB at most`, { status: 0, code: 'payload_too_large' });
    }
  }
  return parts;
}

/** The bytes of a source in slices of at most 64 KiB (so progress moves in small steps). */
async function* slices(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const chunks: AsyncIterable<unknown> = isStream(source) ? readerChunks(source) : source;
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? new TextEncoder().encode(raw) : (raw as Uint8Array);
    for (let at = 0; at < chunk.byteLength; at += SLICE) yield chunk.subarray(at, Math.min(at + SLICE, chunk.byteLength));
  }
}

async function* readerChunks(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A `filename` parameter as browsers write it: quotes and line breaks escaped, UTF-8 otherwise. */
const quoted = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * A `multipart/form-data` body of `file` fields, read lazily: each slice is read when the
 * request pulls the previous one, and `onSent(part, bytes)` counts it then.
 */
export function multipartBody(parts: readonly Part[], boundary: string, onSent: (part: Part, bytes: number) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* generate() {
    for (const part of parts) {
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(part.filename)}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      );
      for await (const slice of slices(part.open())) {
        yield slice;
        onSent(part, slice.byteLength);
      }
      yield encoder.encode('\r\n');
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  const it = generate();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await it.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel() {
        await it.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A boundary no file's bytes are likely to hold. */
export const newBoundary = () => `----sift-client-${crypto.randomUUID()}`;

/** The parts in requests of at most 20 files. */
export function batches<T>(items: readonly T[], size = MAX_FILES_PER_REQUEST): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
