import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from './services.js';
import type { RateLimiter } from './rate-limit.js';

/** How long a readiness probe waits for each dependency before calling it down. */
const PROBE_MS = 2000;

const within = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PROBE_MS} ms`)), PROBE_MS).unref())]);

/**
 * `/healthz`: the process answers (liveness). `/readyz`: the store, Redis (when configured) and
 * the blob store answer too, so a load balancer sends traffic only to a process that can serve
 * it; 503 names what is down. Neither needs a credential nor reveals more than up or down.
 */
export function registerHealthRoutes(app: FastifyInstance, services: Pick<Services, 'store' | 'blobs'> & { limiter: Pick<RateLimiter, 'ready'> }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const checks: Record<string, () => Promise<unknown>> = {
      store: () => sql`select 1`.execute(services.store.db),
      redis: () => services.limiter.ready(),
      blobs: () => services.blobs.ready(),
    };
    const down: string[] = [];
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await within(check());
        } catch {
          down.push(name);
        }
      }),
    );
    if (down.length) return reply.status(503).send({ status: 'unavailable', down: down.sort() });
    return { status: 'ready' };
  });
}
