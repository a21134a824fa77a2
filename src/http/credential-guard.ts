import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import type { RateVerdict } from './rate-limit.js';
import { setRateHeaders } from './dispatch.js';
import type { Services } from './services.js';
import { watchForwardedFor } from './proxy-warning.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request's address is past its failed-credential limit: a wrong credential then gets 429. */
    credentialRefusal?: RateVerdict;
    /** Set when the request presented a wrong operator token (the operator surface, an operator sign-in). */
    operatorAttempt?: boolean;
  }
}

/**
 * Whether a request presents a credential, by the route it reached rather than the URL it was
 * sent to, so that `/api/sift%2Dadmin` counts as the operator surface it answers for.
 */
const presentsCredential = (req: FastifyRequest) => {
  const route = req.routeOptions.url;
  return route !== undefined && (route.startsWith('/api/') || route === '/mcp' || route === '/console/session' || route === '/metrics');
};

/** The bucket subject of the operator token's failures from an address. */
const operatorSubject = (req: FastifyRequest) => `operator:${req.ip}`;

/**
 * Credentials cannot be guessed at full speed, and a valid credential is never refused for others'
 * mistakes. Every 401 counts against the client's address (`SIFT_RATE_LIMIT_FAILED_AUTH` a
 * minute; the address is the connection's, or `X-Forwarded-For`'s where `SIFT_TRUST_PROXY` names
 * the proxy). Past the limit a wrong credential from that address gets 429 instead of 401, while
 * a valid key, and the operator token, still pass: otherwise anyone sharing the operator's
 * address (every client behind a proxy sift does not trust) could lock the operator out with 30
 * wrong guesses. Wrong operator tokens also count on their own subject, so that a valid account
 * key signing in at the console does not clear them. Past the limit a 429 still tells a guesser
 * that a guess was wrong; the operator token's defence is its length (16 characters or more,
 * config.ts) and its constant-time comparison.
 */
export function guardCredentials(app: FastifyInstance, services: Services): void {
  // Only failures pay: a request whose credential passes runs nothing of this guard (its hooks on
  // every request were among the larger costs of a small request, bench/README.md) but, without a
  // trusted proxy, a look at one header, since such a proxy would make every client one address.
  watchForwardedFor(app, services.config.trustProxy);
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

const digest = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest();

/**
 * Whether `presented` is the operator token. Both are hashed first, so the constant-time
 * comparison runs over two digests of one length: the time taken tells neither the token's
 * length nor how much of a guess was right.
 */
export const isOperatorToken = (presented: string | null, token: string): boolean =>
  presented !== null && crypto.timingSafeEqual(digest(presented), digest(token));

/**
 * Notes that the request presented a wrong operator token: it will count against the address's
 * operator attempts too, and past their limit its 401 becomes a 429 (errors.ts). The right token
 * never comes here.
 */
export async function wrongOperatorToken(services: Services, req: FastifyRequest): Promise<void> {
  req.operatorAttempt = true;
  const verdict = await services.limiter.peek('failedAuth', operatorSubject(req));
  if (!verdict.allowed) req.credentialRefusal = verdict;
}

/** A 401 from an address past its limit: 429, with the window's headers (errors.ts calls this). */
export function refusedCredential(req: FastifyRequest, reply: FastifyReply): string | null {
  const verdict = req.credentialRefusal;
  if (!verdict) return null;
  setRateHeaders(reply, verdict);
  return `too many requests with a wrong credential from this address; retry in ${verdict.resetSeconds} s`;
}
