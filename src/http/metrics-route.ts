import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import { notFound, unauthorized } from '../domain/errors.js';
import { countRateLimited, observeRequest, processFamilies } from '../metrics/process.js';
import { SURFACES } from '../schema/surfaces.js';
import { bearerToken } from './auth.js';
import { isOperatorToken, wrongOperatorToken } from './credential-guard.js';
import type { Services } from './services.js';

const METRICS_PATH = '/metrics';

interface Exposition {
  contentType: string;
  text: string;
}

/** Each server's scrape, for the metrics port `listenMetrics` opens beside it. */
const scrapes = new WeakMap<FastifyInstance, () => Promise<Exposition>>();
const portServers = new WeakMap<FastifyInstance, FastifyInstance>();

/**
 * Counts every answered request by surface (its route), action and status, and serves
 * `GET /metrics` in the Prometheus text format to the operator token (absent, 404, without
 * SIFT_ADMIN_TOKEN). Labels stay bounded: the route is the registered pattern ('unmatched' when
 * none answered), the action one of the surface's actions or 'unknown'.
 */
export function registerMetrics(app: FastifyInstance, services: Services): void {
  // Made at the first scrape, with the store's families (prom-client is loaded by then, or now).
  let registry: Promise<Registry> | null = null;
  const scrape = async (): Promise<Exposition> => {
    registry ??= Promise.all([processFamilies({ defaults: true }), import('../metrics/store-gauges.js')]).then(([f, gauges]) =>
      f.prom.Registry.merge([f.registry, gauges.storeRegistry(services.store)]),
    );
    const r = await registry;
    return { contentType: r.contentType, text: await r.metrics() };
  };
  scrapes.set(app, scrape);
  const actionsOf = dispatcherActions();
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    const actions = route === undefined ? undefined : actionsOf(route);
    observeRequest(route ?? 'unmatched', actions ? actionOf(req.body, actions) : 'none', reply.statusCode, reply.elapsedTime / 1000);
    // A wrong credential from an address past its limit: a 429 of the failed-credential bucket (credential-guard.ts).
    if (reply.statusCode === 429 && req.credentialRefusal) countRateLimited('failedAuth');
    done();
  });
  app.addHook('onClose', async () => {
    await portServers.get(app)?.close();
  });
  app.get(METRICS_PATH, async (req, reply) => {
    const token = services.config.adminToken;
    if (!token) throw notFound('route');
    if (!isOperatorToken(bearerToken(req), token)) {
      await wrongOperatorToken(services, req);
      throw unauthorized('invalid operator token');
    }
    const { contentType, text } = await scrape();
    return reply.type(contentType).send(text);
  });
}

/**
 * Serves `/metrics` without a credential on `SIFT_METRICS_PORT` (on `HOST`, as the API), beside
 * a server `registerMetrics` was given to, and closes with it. Answers the address, or null
 * when no metrics port is configured.
 */
export async function listenMetrics(app: FastifyInstance, config: Pick<Config, 'host' | 'metricsPort'>): Promise<string | null> {
  const scrape = scrapes.get(app);
  if (config.metricsPort === null || !scrape) return null;
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, async (_req, reply) => {
    const { contentType, text } = await scrape();
    return reply.type(contentType).send(text);
  });
  try {
    const address = await server.listen({ port: config.metricsPort, host: config.host });
    portServers.set(app, server);
    return address;
  } catch (err) {
    await server.close();
    const code = (err as { code?: string }).code ?? (err as Error).message;
    throw new Error(`sift: cannot serve metrics on ${config.host}:${config.metricsPort} (${code}): choose another SIFT_METRICS_PORT`);
  }
}

/** The actions a route dispatches, for the routes of the API's surfaces (and the console's, mounted under a prefix). */
function dispatcherActions(): (route: string) => ReadonlySet<string> | undefined {
  const surfaces = Object.values(SURFACES).map((s) => ({ path: s.path, actions: new Set(Object.keys(s.actions)) }));
  const known = new Map<string, ReadonlySet<string> | undefined>();
  return (route) => {
    if (!known.has(route)) known.set(route, surfaces.find((s) => route.endsWith(s.path))?.actions);
    return known.get(route);
  };
}

function actionOf(body: unknown, actions: ReadonlySet<string>): string {
  const action = typeof body === 'object' && body !== null ? (body as { action?: unknown }).action : undefined;
  return typeof action === 'string' && actions.has(action) ? action : 'unknown';
}
