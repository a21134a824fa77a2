import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ERROR_CODE_HEADER } from '../domain/errors.js';
import { AnswerMismatch } from './answers.js';
import { refusedCredential } from './credential-guard.js';
import { uniqueConflict } from '../store/unique.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { countStoreError, storeErrorKind } from '../metrics/process.js';

/** Paths whose bodies are dispatcher JSON: a wrong content type there is a 400, not a 415. */
const isDispatcherPath = (url: string) => /^\/api\/sift-(read|write|account|partner|admin)(\?|$)/.test(url);

/** How long a client is asked to wait while the database does not answer. */
const STORE_RETRY_SECONDS = 5;

/**
 * The one place that turns failures into HTTP: DomainErrors carry their status; Fastify's own
 * client errors keep theirs; a database that does not answer is a 503 to retry; a unique rule of
 * the store that a concurrent request won is a 409 with its own code; everything else is a
 * logged, generic 500. What an error wraps (its `cause`) is logged with the request id, never sent.
 */
export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const storeError = storeErrorKind(err);
  if (storeError) countStoreError(storeError);
  if (err instanceof DomainError) {
    const refused = err.status === 401 ? refusedCredential(req, reply) : null;
    if (refused) return reply.status(429).header(ERROR_CODE_HEADER, 'rate_limited').send({ error: refused });
    const body: Record<string, unknown> = { error: err.message };
    if (err.status === 400) body.details = err.details ?? [];
    if (err.status >= 500) req.log.error({ err, requestId: req.id }, 'request failed');
    // A refusal that stands for another error (a fetch, an archive, a multipart parser): what it said is the operator's.
    else if (err.cause !== undefined) req.log.info({ err, requestId: req.id }, `request refused (${err.code})`);
    return reply.status(err.status).header(ERROR_CODE_HEADER, err.code).send(body);
  }
  const fe = err as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    let code = status;
    let message = fe.message;
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && isDispatcherPath(req.url)) {
      code = 400;
      message = 'Content-Type must be application/json';
    } else if (fe.code === 'SIFT_BAD_JSON') {
      // Our own JSON parser (json-body.ts) says why.
      message = fe.message;
    } else if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' || err instanceof SyntaxError) {
      message = 'the body is not valid JSON';
    } else if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = req.routeOptions.bodyLimit;
      message = limit
        ? `the body is larger than ${limit.toLocaleString('en')} bytes, the most any valid request to ${req.routeOptions.url} needs`
        : 'the body is too large';
    }
    const body: Record<string, unknown> = { error: message };
    if (code === 400) body.details = [{ path: '', message }];
    return reply.status(code).send(body);
  }
  if (err instanceof AnswerMismatch) return reply.status(500).send({ error: err.message });
  // Transient: a restart, a failover, a dropped connection. Not the request's fault, nor an unexpected error.
  if (isStoreUnavailable(err)) {
    req.log.warn({ err, requestId: req.id }, 'a store sift needs is not answering');
    return reply
      .status(503)
      .header('Retry-After', String(STORE_RETRY_SECONDS))
      .header(ERROR_CODE_HEADER, 'unavailable')
      .send({ error: `a store sift needs (its database or its file store) is not answering; retry in ${STORE_RETRY_SECONDS} s` });
  }
  // A concurrent request won a race the application's own check could not see (a tag's name, a user's e-mail).
  const unique = uniqueConflict(err);
  if (unique) {
    if (!unique.mapped)
      req.log.warn(
        { err, constraint: unique.constraint, requestId: req.id },
        'a unique rule of the store without an error code of its own (src/store/unique.ts)',
      );
    return reply.status(409).header(ERROR_CODE_HEADER, unique.code).send({ error: unique.message });
  }
  req.log.error({ err, requestId: req.id }, 'unexpected error');
  return reply.status(500).send({ error: `unexpected server error (request id ${req.id})` });
}
