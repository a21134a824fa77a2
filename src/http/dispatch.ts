import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SURFACES, type SurfaceName } from '../schema/surfaces.js';
import { surfaceValidator, type Validator } from '../schema/validate.js';
import { DomainError, rateLimited } from '../domain/errors.js';
import type { Bucket, RateVerdict } from './rate-limit.js';
import type { Principal } from './auth.js';
import type { Answer, Ctx } from './handler.js';
import type { Services } from './services.js';
import { bodyLimitFor, MAX_BODY_BYTES } from '../schema/body-limit.js';
import { ANSWERS } from '../schema/answers/surfaces.js';
import { answerWith } from './answers.js';
import { countRateLimited } from '../metrics/process.js';
import type { TSchema } from '@sinclair/typebox';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export const NOT_POST = ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

export function setRateHeaders(reply: FastifyReply, v: RateVerdict) {
  reply.header('RateLimit-Limit', String(v.limit));
  reply.header('RateLimit-Remaining', String(v.remaining));
  reply.header('RateLimit-Reset', String(v.resetSeconds));
  if (!v.allowed) reply.header('Retry-After', String(v.resetSeconds));
}

/** Counts one request (or `points`) against `bucket` for `subject`, sets the headers, refuses past the limit. */
export async function applyRateLimit(services: Services, reply: FastifyReply, bucket: Bucket, subject: string, points = 1) {
  const verdict = await services.limiter.consume(bucket, subject, points);
  setRateHeaders(reply, verdict);
  if (!verdict.allowed) countRateLimited(bucket);
  if (!verdict.allowed) throw rateLimited(`rate limit of ${verdict.limit} requests per minute exceeded; retry in ${verdict.resetSeconds} s`);
}

export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,200}$/;

export function makeCtx<P extends Principal>(services: Services, req: FastifyRequest, reply: FastifyReply, principal: P): Ctx<P> {
  const raw = req.headers['idempotency-key'];
  const idem = typeof raw === 'string' && IDEMPOTENCY_KEY_RE.test(raw) ? raw : null;
  return {
    services,
    principal,
    requestId: req.id,
    idempotencyKey: idem,
    setHeader: (name, value) => void reply.header(name, value),
  };
}

export interface DispatcherOptions<C> {
  surface: SurfaceName;
  /** Runs before the body is parsed: 401 and 429 come before any 400. */
  authenticate(req: FastifyRequest): Promise<Principal>;
  rateLimit(principal: Principal): { bucket: Bucket; subject: string } | null;
  /** Builds the handler context (e.g. loads the key's project). */
  context(req: FastifyRequest, reply: FastifyReply, principal: Principal): Promise<C>;
  /** Checks that depend on the action (e.g. a read key on the write surface). */
  authorize?(principal: Principal, action: string): void;
  handlers: Record<string, (ctx: C, body: never) => Promise<Answer>>;
  deprecatedActions?: string[];
}

/** One POST route per surface: authenticate, rate-limit, validate, then the action's handler. */
export function registerDispatcher<C>(app: FastifyInstance, services: Services, opts: DispatcherOptions<C>) {
  const surface = SURFACES[opts.surface];
  // Compiled at the first request (or by warmValidators once the server listens), not before it listens.
  let validate: Validator | null = null;
  const answers = ANSWERS[opts.surface];
  app.route({
    method: 'POST',
    url: surface.path,
    bodyLimit: bodyLimitFor(surface.actions, MAX_BODY_BYTES),
    onRequest: async (req, reply) => {
      const principal = await opts.authenticate(req);
      req.principal = principal;
      const rl = opts.rateLimit(principal);
      if (rl) await applyRateLimit(services, reply, rl.bucket, rl.subject);
    },
    handler: async (req, reply) => {
      if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
        throw new DomainError('invalid', 'Content-Type must be application/json', [{ path: '', message: 'Content-Type must be application/json' }]);
      }
      const body = req.body;
      validate ??= surfaceValidator(opts.surface);
      const result = validate(body);
      if (!result.ok) throw new DomainError('invalid', result.message, result.details);
      const action = (body as { action: string }).action;
      opts.authorize?.(req.principal!, action);
      if (opts.deprecatedActions?.includes(action)) reply.header('Deprecation', 'true');
      const ctx = await opts.context(req, reply, req.principal!);
      const handler = opts.handlers[action]!;
      return answerWith(reply, answers[action as keyof typeof answers] as TSchema, await handler(ctx, body as never));
    },
  });
  app.route({
    method: [...NOT_POST],
    url: surface.path,
    handler: async (_req, reply) => reply.status(405).header('Allow', 'POST').send({ error: 'method not allowed: use POST' }),
  });
}
