import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../domain/errors.js';
import { setRateHeaders } from './dispatch.js';
import type { Services } from './services.js';

/**
 * Credentials cannot be guessed at full speed: every answer 401 counts against the client's
 * address (`SIFT_RATE_LIMIT_FAILED_AUTH` a minute), and an address past that limit gets 429 on
 * every API path, before its credential is even looked at, until the window ends. The operator
 * token is covered too, since a wrong one is a 401 like any other.
 */
export function guardCredentials(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/sift-')) return;
    const verdict = await services.limiter.peek('failedAuth', req.ip);
    if (verdict.allowed) return;
    setRateHeaders(reply, verdict);
    throw rateLimited(`too many requests with a wrong credential from this address; retry in ${verdict.resetSeconds} s`);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode === 401) await services.limiter.consume('failedAuth', req.ip);
  });
}
