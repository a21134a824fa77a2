import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { SURFACES, UPLOAD_PATHS } from '../schema/surfaces.js';
import { UploadUrls } from '../schema/account.js';
import { maxValuesOf, type BodyKind } from '../schema/validate.js';
import { actionLimits, bodyLimitFor, MAX_BODY_BYTES } from '../schema/body-limit.js';
import { CHECKED_AS_IT_ARRIVES_BYTES, OFF_THREAD_BYTES, parseJsonBody } from './json-parse.js';
import { readLargeBody } from './body-thread.js';
import { BodyScanner, tooManyBytes, type EarlyVerdict, type ScanRules } from './body-scan.js';

/** Which schema a route's body answers to, for a large body checked off the thread answering HTTP. */
const KIND_OF_ROUTE = new Map<string, BodyKind>([
  ...Object.values(SURFACES).map((s) => [s.path, s.name] as [string, BodyKind]),
  ...Object.values(UPLOAD_PATHS).map((p) => [p, 'uploadUrls'] as [string, BodyKind]),
]);

const rulesOfRoute = new Map<string, ScanRules>();
/** What a large body of this kind, on this route, is checked against as it arrives (body-scan.ts). */
function rulesFor(kind: BodyKind, route: string): ScanRules {
  const key = `${kind} ${route}`;
  let rules = rulesOfRoute.get(key);
  if (!rules) {
    if (kind === 'uploadUrls') {
      const bytes = bodyLimitFor({ body: UploadUrls }, MAX_BODY_BYTES);
      rules = { route, actions: null, schema: UploadUrls, bytes, maxValues: maxValuesOf(kind), actionLimits: () => null };
    } else {
      const limits = actionLimits(SURFACES[kind].actions, MAX_BODY_BYTES);
      const actions = SURFACES[kind].actions;
      rules = { route, actions, schema: null, bytes: null, maxValues: maxValuesOf(kind), actionLimits: (a) => limits.get(a) ?? null };
    }
    rulesOfRoute.set(key, rules);
  }
  return rules;
}

type Done = (err: Error | null, value?: unknown) => void;

/**
 * sift's JSON body parser. Fastify's own answers every failure as "not valid JSON"; this one
 * says why a body was refused (json-parse.ts), and reads bodies so that none, however large or
 * hostile, holds up the thread that answers everyone's requests:
 * - a body declaring more bytes than its route's largest valid request is refused (413) before
 *   a byte of it is read, and one that passes the limit while streaming as soon as it does;
 * - past CHECKED_AS_IT_ARRIVES_BYTES, its bytes are checked as they arrive (body-scan.ts): its
 *   action's own largest valid size, how many JSON values it holds, and the strings whose length
 *   its schema bounds, each refused at the first byte that settles it;
 * - past OFF_THREAD_BYTES, it is parsed and checked against its route's schema in a worker
 *   thread (body-thread.ts), its bytes shared rather than copied into a string here; only a
 *   valid one comes back.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (req: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) => readJsonBody(req, payload, done));
}

function readJsonBody(req: FastifyRequest, payload: NodeJS.ReadableStream, done: Done): void {
  const route = req.routeOptions.url ?? '';
  const limit = req.routeOptions.bodyLimit ?? MAX_BODY_BYTES;
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const kind = KIND_OF_ROUTE.get(route) ?? null;
  const chunks: Buffer[] = [];
  let received = 0;
  let scanner: BodyScanner | null = null;
  let finished = false;

  const finish = (err: Error | null, value?: unknown) => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    done(err, value);
  };
  /** A large body's early verdict, or its action's byte limit passed (by what it declares or what came). */
  const checked = (verdict: EarlyVerdict | null): boolean => {
    if (verdict) {
      finish(verdict.status === 413 ? tooLarge(verdict.message) : invalid(verdict.path, verdict.message));
      return false;
    }
    if (scanner && Math.max(received, declared || 0) > scanner.mostBytes) {
      finish(tooLarge(tooManyBytes(scanner.mostBytes, scanner.action, route)));
      return false;
    }
    return true;
  };
  const onData = (chunk: Buffer | string) => {
    try {
      take(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    } catch (err) {
      finish(err as Error);
    }
  };
  const take = (bytes: Buffer) => {
    received += bytes.length;
    if (received > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    chunks.push(bytes);
    if (scanner) {
      checked(scanner.push(bytes));
    } else if (kind && Math.max(received, declared || 0) > CHECKED_AS_IT_ARRIVES_BYTES) {
      // Large: checked from its first byte (the chunks so far, then each as it comes).
      scanner = new BodyScanner(rulesFor(kind, route), declared);
      for (const c of chunks) if (!checked(scanner.push(c))) return;
    }
  };
  const onEnd = () => {
    if (finished) return;
    if (!Number.isNaN(declared) && received !== declared) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    if (received <= OFF_THREAD_BYTES) {
      const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
      // A DELETE needs no body, whatever content type a client library sends with it.
      if (text === '' && req.method === 'DELETE') return finish(null, undefined);
      let value: unknown;
      try {
        value = parseJsonBody(text);
      } catch (err) {
        return finish(err as Error);
      }
      return finish(null, value);
    }
    // Shared with the worker thread, not copied into it: one copy of the bytes, never a string on this thread.
    const shared = Buffer.from(new SharedArrayBuffer(received));
    let at = 0;
    for (const c of chunks) {
      shared.set(c, at);
      at += c.length;
    }
    chunks.length = 0;
    readLargeBody(shared, kind).then((read) => {
      if (read.ok) return finish(null, read.value);
      finish(new DomainError(read.status === 413 ? 'payload_too_large' : 'invalid', read.message, read.status === 413 ? undefined : read.details));
    }, finish);
  };
  const onError = (err: Error & { statusCode?: number }) => {
    if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
    finish(err);
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}

const tooLarge = (message: string) => new DomainError('payload_too_large', message);
const invalid = (path: string, message: string) => new DomainError('invalid', `invalid request body: ${path || '/'} ${message}`, [{ path, message }]);
