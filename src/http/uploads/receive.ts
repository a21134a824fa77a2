import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_BUDGET } from '../../engine/extract/types.js';
import { safeFetch, FetchRefusedError } from '../../engine/fetch/index.js';
import { DomainError, invalid, invalidField, payloadTooLarge, unsupportedMediaType } from '../../domain/errors.js';
import { sha256, type NewDocument } from '../../domain/documents.js';
import type { BlobStore } from '../../store/blobs.js';
import { uploadUrlsValidator } from '../../schema/validate.js';
import { cleanFileName } from '../../domain/file-names.js';

export const MAX_FILES = 20;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
const SNIFF_BYTES = 4100;

/** A file received and stored under its blob key, not yet a document. */
export type Received = NewDocument & { blobKey: string };

const blobKeyFor = (projectId: string) => `${projectId}/${crypto.randomUUID()}`;

/** Formats whose text is about as long as the file: past MAX_TEXT_FILE_BYTES, more than a document may hold. */
const PLAIN_TEXT = new Set(['text', 'markdown', 'csv', 'tsv', 'vtt', 'srt']);
/** A plain-text file's limit: a document's text is at most DEFAULT_BUDGET.maxOutputChars characters. */
export const MAX_TEXT_FILE_BYTES = DEFAULT_BUDGET.maxOutputChars;

async function refuseMediaOrUnreadable(head: Uint8Array, filename: string, size: number): Promise<string | null> {
  // The sniffer (file-type and its readers) loads at the first upload, not with the server.
  const verdict = await (await import('../../engine/extract/sniff.js')).sniff(head, filename);
  if (verdict.kind === 'media')
    throw unsupportedMediaType(`"${filename}" is a media file (${verdict.mime ?? 'audio/video/image'}); media files are not accepted`);
  if (verdict.kind === 'unsupported') throw unsupportedMediaType(`"${filename}" is of a type sift cannot read${verdict.mime ? ` (${verdict.mime})` : ''}`);
  if (verdict.format && PLAIN_TEXT.has(verdict.format) && size > MAX_TEXT_FILE_BYTES)
    throw payloadTooLarge(
      `"${filename}" is a text file of ${(size / 1e6).toFixed(1)} MB: a document's text is at most ${MAX_TEXT_FILE_BYTES.toLocaleString('en')} characters, so a text file at most ${MAX_TEXT_FILE_BYTES / 1e6} MB`,
    );
  return verdict.mime;
}

/**
 * Streams every `file` part to disk (never the whole body in memory), sniffing its first
 * bytes. All or nothing: any refused file discards every file of the request.
 */
export async function receiveMultipart(req: FastifyRequest, blobs: BlobStore, projectId: string): Promise<Received[]> {
  const staged: { stage: ReturnType<BlobStore['stage']>; doc: Received }[] = [];
  try {
    let count = 0;
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES + 1, fields: 20, parts: MAX_FILES + 21 } })) {
      if (part.type !== 'file') throw invalidField(`/${part.fieldname}`, 'only `file` fields are accepted');
      if (part.fieldname !== 'file') throw invalidField(`/${part.fieldname}`, 'files must be sent in fields named `file`');
      count++;
      if (count > MAX_FILES) throw invalid(`at most ${MAX_FILES} files per upload`, [{ path: '/file', message: `at most ${MAX_FILES} files per upload` }]);
      const filename = cleanFileName(part.filename, 'upload');
      const stage = blobs.stage();
      const head: Buffer[] = [];
      let headBytes = 0;
      let size = 0;
      const hash = crypto.createHash('sha256');
      const tap = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          hash.update(chunk);
          if (headBytes < SNIFF_BYTES) {
            head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
            headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
          }
          cb(null, chunk);
        },
      });
      const doc: Received = { filename, blobKey: blobKeyFor(projectId), mimeType: null, sizeBytes: 0, sourceUrl: null };
      staged.push({ stage, doc });
      await pipeline(part.file, tap, fs.createWriteStream(stage.tmpPath));
      if (part.file.truncated) throw payloadTooLarge(`"${filename}" is larger than 50 MB`);
      doc.sizeBytes = size;
      doc.contentHash = hash.digest('hex');
      doc.mimeType = await refuseMediaOrUnreadable(Buffer.concat(head), filename, size);
    }
    if (count === 0) throw invalid('send one or more files in `file` fields', [{ path: '/file', message: 'is required' }]);
    for (const s of staged) await s.stage.commit(s.doc.blobKey);
    return staged.map((s) => s.doc);
  } catch (err) {
    await Promise.all(staged.map((s) => s.stage.discard()));
    throw mapMultipartError(err);
  }
}

export function mapMultipartError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: string }).code;
  // The client went away mid-upload: nobody is left to answer, and nothing went wrong here.
  const cause = { cause: err };
  if (code === 'ECONNRESET' || (err instanceof Error && err.message === 'aborted'))
    return invalid('the upload was aborted by the client before it ended', undefined, cause);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge('a file is larger than 50 MB', cause);
  if (code === 'FST_FILES_LIMIT')
    return invalid(`at most ${MAX_FILES} files per upload`, [{ path: '/file', message: `at most ${MAX_FILES} files per upload` }], cause);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid('too many parts in the multipart body', undefined, cause);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
    return invalid('the body must be multipart/form-data with `file` fields', undefined, cause);
  if (err instanceof Error && /Unexpected end of (form|multipart data)|Malformed|boundary/i.test(err.message))
    return invalid(`malformed multipart body: ${err.message}`, undefined, cause);
  return err;
}

/** `{urls: [{url, filename?}]}`: every URL fetched safely; any failure refuses the whole request (400 naming the URL). */
export async function receiveUrls(body: unknown, blobs: BlobStore, projectId: string, allowAddress?: (ip: string) => boolean): Promise<Received[]> {
  const v = uploadUrlsValidator(body);
  if (!v.ok) throw new DomainError('invalid', v.message, v.details);
  const urls = (body as { urls: { url: string; filename?: string }[] }).urls;
  return fetchAll(urls, blobs, projectId, '/urls', allowAddress);
}

export async function fetchAll(
  urls: { url: string; filename?: string }[],
  blobs: BlobStore,
  projectId: string,
  pointer: string,
  allowAddress?: (ip: string) => boolean,
): Promise<Received[]> {
  const out: Received[] = [];
  try {
    for (const [i, u] of urls.entries()) {
      let fetched: Awaited<ReturnType<typeof safeFetch>>;
      try {
        fetched = await safeFetch(u.url, { maxBytes: MAX_FILE_BYTES, allowAddress });
      } catch (err) {
        // The caller reads the refusal's reason, written for them; anything else is not theirs to
        // read (it may name the server's own addresses or files): the operator's log gets it, as
        // the error's cause (errors.ts logs a refusal's cause with the request id).
        if (err instanceof FetchRefusedError) throw invalidField(`${pointer}/${i}/url`, `could not fetch ${u.url}: ${err.reason}`, { cause: err });
        throw invalidField(`${pointer}/${i}/url`, `could not fetch ${u.url}`, { cause: err });
      }
      const filename = cleanFileName(u.filename ?? fetched.filename, 'download');
      const mimeType = await refuseMediaOrUnreadable(fetched.data.subarray(0, SNIFF_BYTES), filename, fetched.data.length);
      const doc: Received = {
        filename,
        blobKey: blobKeyFor(projectId),
        mimeType,
        sizeBytes: fetched.data.length,
        sourceUrl: u.url,
        contentHash: sha256(fetched.data),
      };
      await blobs.put(doc.blobKey, fetched.data);
      out.push(doc);
    }
    return out;
  } catch (err) {
    await Promise.all(out.map((d) => blobs.delete(d.blobKey)));
    throw err;
  }
}
