import type { FastifyInstance } from 'fastify';

export const FORWARDED_WITHOUT_TRUST =
  'requests carry X-Forwarded-For but SIFT_TRUST_PROXY is unset: every client behind the proxy shares one address for rate limits';

/** The servers that have seen a forwarded request without a trusted proxy (one per server, so that tests' apps stay apart). */
const noticed = new WeakSet<FastifyInstance>();

/**
 * Behind a proxy that `SIFT_TRUST_PROXY` does not name, every client has the proxy's address, so
 * one client's wrong credentials get every other client refused. Nothing at start can tell; the
 * first request that carries `X-Forwarded-For` does: it is logged once (with the proxy's address)
 * and `/readyz` lists the warning from then on, without failing readiness. With a trusted proxy
 * configured no hook is added.
 */
export function watchForwardedFor(app: FastifyInstance, trustProxy: readonly string[]): void {
  if (trustProxy.length > 0) return;
  // A hook with a callback: an async one costs every request a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.headers['x-forwarded-for'] !== undefined && !noticed.has(app)) {
      noticed.add(app);
      req.log.warn({ proxyAddress: req.socket.remoteAddress }, FORWARDED_WITHOUT_TRUST);
    }
    done();
  });
}

/** The `warnings` member of `/readyz`'s answer, absent while there is nothing to say. */
export const readinessWarnings = (app: FastifyInstance): { warnings?: string[] } => (noticed.has(app) ? { warnings: [FORWARDED_WITHOUT_TRUST] } : {});
