import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { BlobStore } from '../store/blobs.js';
import type { LlmProvider } from '../engine/llm/provider.js';
import type { SoloGate } from './solo.js';

export interface WorkerContext {
  config: Config;
  store: Store;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  /** This worker's identity, written as the lease owner. */
  owner: string;
  leaseMs: number;
  /** The process's gate for items tried alone after their process stopped (solo.ts). */
  solo?: SoloGate;
  llm?: LlmProvider | null;
  /** Seams for tests that need a slow step at a known point. */
  hooks?: { beforeAnalysisWrite?: () => Promise<void>; beforeRechunkWrite?: () => Promise<void> };
}

/** A job kind: how to claim one item and how to run it. The runner tries kinds in order. */
export interface JobKind {
  name: string;
  run(ctx: WorkerContext): Promise<boolean>;
}
