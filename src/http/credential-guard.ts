import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, rateLimited } from '../domain/errors.js';
import type { RateVerdict } from './rate-limit.js';
import { setRateHeaders } from './dispatch.js';
import type { Services } from './services.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request's address is past its failed-credential limit: a wrong credential then gets 429. */
    credentialRefusal?: RateVerdict;
    /** Set when the request presents the operator token (the operator surface, an operator sign-in). */
    operatorAttempt?: boolean;
  }
}

/**
 * Whether a request presents a credential, by the route it reached rather than the URL it was
 * sent to, so that `/api/sift%2Dadmin` counts as the operator surface it answers for.
 */
const presentsCredential = (req: FastifyRequest) => {
  const route = req.routeOptions.url;
  return route !== undefined && (route.startsWith('/api/') || route === '/mcp' || route === '/console/session');
};

/** The bucket subject of the operator token's failures from an address. */
const operatorSubject = (req: FastifyRequest) => `operator:${req.ip}`;

/**
 * Credentials cannot be guessed at full speed, and a valid key is never refused for others'
 * mistakes. Every 401 counts against the client's address (`SIFT_RATE_LIMIT_FAILED_AUTH` a
 * minute; the address is the connection's, or `X-Forwarded-For`'s where `SIFT_TRUST_PROXY`
 * names the proxy). Past the limit a wrong credential from that address gets 429 instead of 401,
 * while a valid key still passes: keys hold 240 random bits or more, so letting them through
 * teaches a guesser nothing. The operator token is chosen by a person and may be weak, so its
 * failures also count on their own, and past the limit the address's operator requests are
 * refused before the token is compared.
 */
export function guardCredentials(app: FastifyInstance, services: Services): void {
  // Only failures pay: a request whose credential passes runs nothing of this guard (its hooks on
  // every request were among the larger costs of a small request, bench/README.md).
  app.addHook('onError', async (req, reply, err) => {
    if (!presentsCredential(req) || !(err instanceof DomainError)) return;
    if (err.status === 401 && !req.credentialRefusal) {
      const verdict = await services.limiter.peek('failedAuth', req.ip);
      if (!verdict.allowed) req.credentialRefusal = verdict;
    } else if (err.status !== 401 && !(err.status === 429 && req.credentialRefusal)) return;
    if (req.credentialRefusal) setRateHeaders(reply, req.credentialRefusal);
    await countFailure(services, req);
  });
}

async function countFailure(services: Services, req: FastifyRequest): Promise<void> {
  await services.limiter.consume('failedAuth', req.ip);
  if (req.operatorAttempt) await services.limiter.consume('failedAuth', operatorSubject(req));
}

/**
 * Whether the operator token may be compared for this request: not from an address past its
 * limit of failed operator attempts (then a wrong credential of the request gets 429). The
 * request's own failure counts as one.
 */
export async function operatorMayTry(services: Services, req: FastifyRequest): Promise<boolean> {
  req.operatorAttempt = true;
  const verdict = await services.limiter.peek('failedAuth', operatorSubject(req));
  if (!verdict.allowed) req.credentialRefusal = verdict;
  return verdict.allowed;
}

/** Refuses an operator request from an address past its limit of wrong operator tokens, before its token is compared. */
export async function refuseLockedOperator(services: Services, req: FastifyRequest): Promise<void> {
  if (await operatorMayTry(services, req)) return;
  throw rateLimited(`too many wrong operator tokens from this address; retry in ${req.credentialRefusal!.resetSeconds} s`);
}

/** A 401 from an address past its limit: 429, with the window's headers (errors.ts calls this). */
export function refusedCredential(req: FastifyRequest, reply: FastifyReply): string | null {
  const verdict = req.credentialRefusal;
  if (!verdict) return null;
  setRateHeaders(reply, verdict);
  return `too many requests with a wrong credential from this address; retry in ${verdict.resetSeconds} s`;
}
