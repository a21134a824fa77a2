import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { openStore, storeEvents } from '../store/store.js';
import { openBlobStore } from '../store/blobs-open.js';
import { createLlmProvider } from '../engine/llm/provider.js';
import { warmUpAnalysis } from '../engine/analysis/index.js';
import { startWorkers } from '../worker/runner.js';
import { registerHealthRoutes } from '../http/health.js';

export const WORKER_USAGE = `usage: sift worker [--concurrency <n>] [--health-port <port>]

Runs the background workers only — extraction, pricing, anonymisation, indexing, analyses,
mail — without the HTTP API, against the configured store (DATABASE_URL) and blob store
(SIFT_BLOB_URL). Run any number of them beside API processes started with
\`sift serve --workers 0\`. Work is claimed with a lease that is renewed while it runs, so two
workers never take the same item and a killed worker's items are taken over when its lease
ends (SIFT_LEASE_SECONDS).

  --concurrency <n>    work loops in this process (default SIFT_WORKERS, or 2)
  --health-port <p>    serve /healthz and /readyz on 127.0.0.1:<p> (SIFT_HEALTH_HOST to change)

On SIGTERM or SIGINT the worker takes no new work, finishes what it holds, and exits 0.
`;

export class WorkerUsageError extends Error {}

/** `sift worker`: resolves when the process has been told to stop and has finished its work. */
export async function workerCommand(config: Config, args: string[]): Promise<void> {
  let values: { concurrency?: string; 'health-port'?: string };
  try {
    ({ values } = parseArgs({ args, options: { concurrency: { type: 'string' }, 'health-port': { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new WorkerUsageError(`${(err as Error).message}\n\n${WORKER_USAGE}`);
  }
  const count = values.concurrency === undefined ? config.workers || 2 : Number(values.concurrency);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new WorkerUsageError(`--concurrency must be an integer from 1 to 64\n\n${WORKER_USAGE}`);
  const healthPort = values['health-port'] === undefined ? null : Number(values['health-port']);
  if (healthPort !== null && (!Number.isInteger(healthPort) || healthPort < 0 || healthPort > 65535))
    throw new WorkerUsageError(`--health-port must be a port number\n\n${WORKER_USAGE}`);

  const log = pino({ level: config.logLevel, base: { process: 'worker' } });
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, events: storeEvents(log) });
  const blobs = await openBlobStore(config.blobs, config.dataDir);
  // Before any claim: the engine's first-use loading would otherwise be paid inside a lease.
  warmUpAnalysis();
  const workers = startWorkers(
    { config, store, blobs, log, leaseMs: config.leaseMs, llm: createLlmProvider(config.llm, { builtinEmbeddings: true }) },
    { count },
  );

  const health = healthPort === null ? null : Fastify();
  if (health) {
    registerHealthRoutes(health, { store, blobs, limiter: { ready: async () => undefined } });
    const address = await health.listen({ port: healthPort!, host: process.env.SIFT_HEALTH_HOST ?? '127.0.0.1' });
    log.info({ address }, 'health endpoints listening');
  }
  log.info({ concurrency: count, store: store.kind, blobs: config.blobs.kind }, 'worker started');
  process.stdout.write(`sift worker: ${count} work loop(s) on ${store.kind}; stop with SIGTERM\n`);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'stopping: finishing the work in hand');
      await workers.stop();
      await health?.close();
      await blobs.close();
      await store.close();
      log.info('stopped');
      resolve();
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  });
}
