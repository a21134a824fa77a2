import type { TestApp } from './app.js';
import type { Config } from '../../src/config.js';
import type { WorkerContext } from '../../src/worker/context.js';

/** A worker's context over a test app's store and blobs, as a worker process makes it: a minute's lease as "worker-a" unless told otherwise. */
export function testWorker(t: TestApp, config: Config, more: Partial<Pick<WorkerContext, 'owner' | 'leaseMs' | 'llm' | 'hooks'>> = {}): WorkerContext {
  return { config, store: t.app.store, blobs: t.app.blobs, log: t.app.server.log, leaseMs: 60_000, owner: 'worker-a', ...more };
}
