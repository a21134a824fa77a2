import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { SURFACES, UPLOAD_PATHS } from '../schema/surfaces.js';
import type { BodyKind } from '../schema/validate.js';
import { parseJsonBody } from './json-parse.js';
import { readLargeBody, OFF_THREAD_CHARS } from './body-thread.js';

/** Which schema a route's body answers to, for a large body checked off the thread answering HTTP. */
const KIND_OF_ROUTE = new Map<string, BodyKind>([
  ...Object.values(SURFACES).map((s) => [s.path, s.name] as [string, BodyKind]),
  ...Object.values(UPLOAD_PATHS).map((p) => [p, 'uploadUrls'] as [string, BodyKind]),
]);

/**
 * sift's JSON body parser. Fastify's own answers every failure as "not valid JSON"; this one
 * says why a body was refused (json-parse.ts). A body over OFF_THREAD_CHARS is parsed and checked
 * against its route's schema in a worker thread (body-thread.ts), so that no body, however
 * hostile, holds up the thread that answers everyone's requests; only a valid one comes back.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  // A parser with a callback: most bodies are small and parsed at once, without a promise.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
      const text = body as string;
      // A DELETE needs no body, whatever content type a client library sends with it.
      if (text === '' && req.method === 'DELETE') return done(null, undefined);
      if (text.length <= OFF_THREAD_CHARS) {
        let value: unknown;
        try {
          value = parseJsonBody(text);
        } catch (err) {
          return done(err as Error);
        }
        return done(null, value);
      }
      readLargeBody(text, KIND_OF_ROUTE.get(req.routeOptions.url ?? '') ?? null).then((read) => {
        if (read.ok) return done(null, read.value);
        done(new DomainError(read.status === 413 ? 'payload_too_large' : 'invalid', read.message, read.status === 413 ? undefined : read.details));
      }, done);
    },
  );
}
