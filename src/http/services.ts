import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { BlobStore } from '../store/blobs.js';
import type { RateLimiter } from './rate-limit.js';
import type { AuthCache } from './auth-cache.js';
import type { LlmProvider } from '../engine/llm/provider.js';

/** Wakes background workers in this process when new work was committed (others poll). */
export interface JobSignal {
  nudge(): void;
}

/** Everything a handler may use, handed down once (never read from globals). */
export interface Services {
  config: Config;
  store: Store;
  blobs: BlobStore;
  limiter: RateLimiter;
  jobs: JobSignal;
  /** Brief memory of credential look-ups (config `authCacheMs`). */
  authCache: AuthCache<unknown>;
  log: FastifyBaseLogger;
  /** Optional OpenAI-compatible provider (`SIFT_LLM_*`); null offline. */
  llm: LlmProvider | null;
  /** What a start loads once it listens (app.ts `warm`): `/readyz` waits for it. */
  warmUp?: WarmUp;
}

/** The work a start does before it says ready; settled when there is none. */
export interface WarmUp {
  done: Promise<unknown>;
}
