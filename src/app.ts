import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openStore, type Store } from './store/store.js';
import { createRateLimiter } from './http/rate-limit.js';
import { buildServer } from './http/server.js';

export interface App {
  server: FastifyInstance;
  store: Store;
  close(): Promise<void>;
}

export interface AppOptions {
  logger?: boolean | { level: string };
  /** Tests pass their own store (an isolated PostgreSQL schema or in-memory SQLite). */
  store?: Store;
}

/** Wires configuration into services once: the store, the rate limiter (Redis when configured), the server. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const store = options.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  redis?.on('error', () => {
    // The rate limiter falls back to memory while Redis is unreachable; errors are not fatal.
  });
  const limiter = createRateLimiter(config.rateLimits, redis);
  const server = buildServer({ config, store, limiter }, { logger: options.logger ?? false });
  return {
    server,
    store,
    async close() {
      await server.close();
      redis?.disconnect();
      if (!options.store) await store.close();
    },
  };
}
