import fsp from 'node:fs/promises';
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { StoreOptions } from '../store/store.js';
import { startThread } from '../engine/thread.js';
import type { Workers } from './runner.js';

export interface ThreadData {
  config: Config;
  store: StoreOptions;
}
export type ToThread = { type: 'nudge' } | { type: 'drain'; id: number } | { type: 'stop' };
export type ToHost = { type: 'ready' } | { type: 'drained'; id: number } | { type: 'stopped' };

const RESTART_MS = 1000;

/**
 * Runs `config.workers` job loops in a worker thread with its own store connection, started by
 * `start()` (createApp calls it once the server is ready and no request is being answered) or by
 * the first message posted to it, without waiting for it to be ready. A thread that dies (out of
 * memory on a huge analysis, say) is started again after a second; what it held is claimed again
 * when its leases expire, since all state lives in the tables.
 */
export async function startWorkerThread(config: Config, store: StoreOptions, log: FastifyBaseLogger): Promise<Workers & { start(): void }> {
  // libuv's pool (files, DNS, compression) is shared by every thread of the process and started by
  // its first user, its threads taking that thread's priority: started here, not by the workers'
  // thread, which runs below this one (thread-main.ts).
  await fsp.access(os.tmpdir()).catch(() => undefined);
  let thread: Worker | null = null;
  let stopping = false;
  let nextId = 0;
  const drains = new Map<number, () => void>();

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const t = startThread(import.meta.url, './thread-main', { workerData: { config, store } satisfies ThreadData });
      thread = t;
      t.on('message', (msg: ToHost) => {
        if (msg.type === 'ready') resolve();
        else if (msg.type === 'drained') {
          drains.get(msg.id)?.();
          drains.delete(msg.id);
        }
      });
      t.on('error', (err) => {
        log.error({ err }, 'the worker thread failed');
        reject(err);
      });
      t.on('exit', (code) => {
        if (stopping) return;
        log.error({ code }, 'the worker thread stopped; starting it again');
        setTimeout(() => void spawn().catch(() => undefined), RESTART_MS).unref();
      });
    });

  // The thread loads the workers' code (about 1.5 s of CPU) once the server is ready, so that it
  // does not compete with the server's own start for a core: jobs posted before it is ready wait
  // in its port. A failed start is logged, and retried on exit.
  const start = () => {
    if (thread === null) void spawn().catch(() => undefined);
  };
  const post = (msg: ToThread) => {
    start();
    thread!.postMessage(msg);
  };
  return {
    start,
    nudge: () => post({ type: 'nudge' }),
    async stop() {
      stopping = true;
      const t = thread;
      if (t === null) return;
      await new Promise<void>((resolve) => {
        t.once('exit', () => resolve());
        t.postMessage({ type: 'stop' } satisfies ToThread);
      });
    },
    drain: () =>
      new Promise<void>((resolve) => {
        const id = nextId++;
        drains.set(id, resolve);
        post({ type: 'drain', id });
      }),
  };
}
