import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openStore, storeEvents, type Store, type StoreOptions } from './store/store.js';
import type { BlobStore } from './store/blobs.js';
import { openBlobStore } from './store/blobs-open.js';
import { configureSearchCache } from './domain/search-settings.js';
import { warmSearch } from './domain/search-warm.js';
import { setSearchEncoder } from './domain/search-encoder.js';
import { createRateLimiter } from './http/rate-limit.js';
import { buildServer } from './http/server.js';
import { whenQuiet } from './http/quiet.js';
import type { WarmUp } from './http/services.js';
import type { Workers } from './worker/runner.js';
import { startWorkerThread } from './worker/thread-host.js';
import { createLlmProvider } from './engine/llm/provider.js';

/** The latest the workers' thread starts after the server is ready, quiet or not. */
const THREAD_START_MS = 3000;

export interface App {
  server: FastifyInstance;
  store: Store;
  blobs: BlobStore;
  workers: Workers;
  /** Loads what the first searches will read (domain/search-warm.ts); `/readyz` says ready once it is done. `serve` calls it once it listens. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface AppOptions {
  logger?: boolean | { level: string };
  /** Tests pass their own store (an isolated PostgreSQL schema or in-memory SQLite). */
  store?: Store;
  /** `/readyz` says ready only once `warm()` has loaded what search reads (`serve`); otherwise from the start. */
  warmsBeforeReady?: boolean;
  /** How to open the store; with it (and no `store`) the background workers run in a thread of their own. */
  storeOptions?: StoreOptions;
}

/**
 * Wires configuration into services once: the store, the blob store, the rate limiter (Redis
 * when configured), the server, and `SIFT_WORKERS` background workers. They run in a worker
 * thread with a connection of their own, so that no document's text is ever worked on by the
 * thread that answers HTTP; a test that hands in its own store (an in-memory database) runs them
 * in this thread and drives them with `drain()`.
 */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const storeOptions = options.storeOptions ?? { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  let log: FastifyInstance['log'] | null = null;
  const store = options.store ?? (await openStore({ ...storeOptions, events: storeEvents({ warn: (obj, msg) => log?.warn(obj, msg) }) }));
  const blobs = await openBlobStore(config.blobs, config.dataDir);
  configureSearchCache(config.searchCacheMb);
  setSearchEncoder(config.llm.embeddingModel, config.llm.embeddingLanguages);
  // Loaded only where used: what the thread answering HTTP imports is what a start waits for.
  // No queue while Redis is away and a tenth of a second for an answer: a request never waits on
  // Redis, the limits fall back to this process's own until it answers again (rate-limit.ts).
  const redis: Redis | null = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 100, connectTimeout: 1000 })
    : null;
  redis?.on('error', () => {
    // The rate limiter falls back to memory while Redis is unreachable; errors are not fatal.
  });
  // Shared limits from the first request when Redis is there; a start never waits long for it.
  if (redis) await Promise.race([new Promise((ready) => redis.once('ready', ready)), new Promise((later) => setTimeout(later, 2000).unref())]);
  const limiter = createRateLimiter(config.rateLimits, redis);
  let workers: Workers | null = null;
  const jobs = { nudge: () => workers?.nudge() };
  const llm = createLlmProvider(config.llm);
  // Until warm() is called, a process that warms before it is ready is not ready (no request finds it so in between).
  let calledWarm: (done: Promise<unknown>) => void = () => {};
  const warmUp: WarmUp = { done: options.warmsBeforeReady ? new Promise((resolve) => (calledWarm = resolve)) : Promise.resolve() };
  const server = buildServer({ config, store, blobs, limiter, jobs, llm, warmUp }, { logger: options.logger ?? false });
  log = server.log;
  // The workers' code (extraction, analysis, anonymisation and their libraries) is loaded in this
  // thread only when they run here: with a store handed in (tests), or to drain with none (--workers 0).
  // Otherwise their thread starts once the server is ready (its routes built), not beside its start.
  if (options.store || config.workers === 0)
    workers = (await import('./worker/runner.js')).startWorkers(
      { config, store, blobs, log: server.log, leaseMs: config.leaseMs, llm: createLlmProvider(config.llm, { builtinEmbeddings: true }) },
      { count: config.workers },
    );
  else {
    const thread = await startWorkerThread(config, storeOptions, server.log);
    // Once the server is ready, at the first moment no request is being answered (within
    // THREAD_START_MS): loading the workers' code (about 1.5 s of CPU) took the cores from the
    // first searches after a start. A job posted before starts it at once (thread-host.ts).
    server.addHook('onReady', async () => whenQuiet(() => thread.start(), THREAD_START_MS));
    workers = thread;
  }
  return {
    server,
    store,
    blobs,
    workers,
    warm() {
      // A failure leaves search loading what it needs at its first use, as before.
      warmUp.done = warmSearch(store)
        .then(async (answer) => {
          if (answer !== null) await (await import('./http/warm-request-path.js')).warmRequestPath(store, answer);
        })
        .catch((err: unknown) => server.log.warn({ err }, 'search warm-up failed'));
      calledWarm(warmUp.done);
      return warmUp.done as Promise<void>;
    },
    async close() {
      await server.close();
      await workers?.stop();
      redis?.disconnect();
      await blobs.close();
      if (!options.store) await store.close();
    },
  };
}
