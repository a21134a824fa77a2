import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { RateLimiter } from './rate-limit.js';

/** Everything a handler may use, handed down once (never read from globals). */
export interface Services {
  config: Config;
  store: Store;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}
