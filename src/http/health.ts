import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from './services.js';
import type { RateLimiter } from './rate-limit.js';
import { readinessWarnings } from './proxy-warning.js';

/** How long a readiness probe waits for each dependency before calling it down. */
const PROBE_MS = 2000;

const within = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PROBE_MS} ms`)), PROBE_MS).unref())]);

export interface HealthSources {
  store: Services['store'];
  blobs: Services['blobs'];
  limiter: Pick<RateLimiter, 'ready'>;
  warmUp?: Services['warmUp'];
}

/**
 * `/healthz`: the process answers (liveness). `/readyz`: the store and the blob store answer
 * too, and what a start loads for search is loaded (`search`), so a load balancer sends traffic
 * only to a process that can serve it at its usual speed; 503 names what is down. Redis is not needed to serve (the rate limits fall back to this process's own), so
 * while it does not answer the process stays ready and `degraded` says so. Neither probe needs
 * a credential nor reveals more than up or down.
 */
export function registerHealthRoutes(app: FastifyInstance, sources: HealthSources) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const [store, blobs, redis, search] = await Promise.all([
      answers(() => sql`select 1`.execute(sources.store.db)),
      answers(() => sources.blobs.ready()),
      answers(() => sources.limiter.ready()),
      answers(async () => sources.warmUp?.done),
    ]);
    const down = [...(blobs ? [] : ['blobs']), ...(search ? [] : ['search']), ...(store ? [] : ['store'])];
    const extra = { ...(redis ? {} : { degraded: ['redis'] }), ...readinessWarnings(app) };
    if (down.length)
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ status: 'unavailable', down, ...extra });
    return { status: 'ready', ...extra };
  });
}

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await within(check());
    return true;
  } catch {
    return false;
  }
}
