import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadData, ToHost, ToThread } from './thread-host.js';

/** How far below the thread that answers HTTP the workers' thread runs (a nice value: 0 normal, 19 least). */
const BACKGROUND_NICE = 10;

// Before the workers' code loads (about 1.5 s of CPU, beside the server's warm-up and its first
// searches): where cores are few, the thread that answers HTTP goes first. On Linux a nice value
// is a thread's own (setpriority of the calling thread), inherited by the threads it starts;
// elsewhere it would lower the whole process, so it is left there.
if (process.platform === 'linux') {
  try {
    os.setPriority(0, Math.min(19, os.getPriority(0) + BACKGROUND_NICE));
  } catch {
    // Not permitted here: the thread runs at the process's priority, as before.
  }
}

const [{ pino }, { openStore, storeEvents }, { openBlobStore }, { createLlmProvider }, { startWorkers }, { warmUpAnalysis }] = await Promise.all([
  import('pino'),
  import('../store/store.js'),
  import('../store/blobs-open.js'),
  import('../engine/llm/provider.js'),
  import('./runner.js'),
  import('../engine/analysis/index.js'),
]);

/**
 * The background workers' own thread: it opens its own connection to the store and runs the job
 * loops there, so that no extraction, pricing, anonymisation, chunking or analysis ever holds up
 * the thread that answers HTTP.
 */
const { config, store: storeOptions } = workerData as ThreadData;
const port = parentPort!;
const send = (msg: ToHost) => port.postMessage(msg);
const log = pino({ level: config.logLevel, base: { thread: 'workers' } });

const store = await openStore({ ...storeOptions, events: storeEvents(log) });
const blobs = await openBlobStore(config.blobs, config.dataDir);
// Before any claim: the engine's first-use loading would otherwise be paid inside a lease.
warmUpAnalysis();
const workers = startWorkers(
  { config, store, blobs, log, leaseMs: config.leaseMs, llm: createLlmProvider(config.llm, { builtinEmbeddings: true }) },
  { count: config.workers },
);

port.on('message', (msg: ToThread) => {
  if (msg.type === 'nudge') workers.nudge();
  else if (msg.type === 'drain') void workers.drain().then(() => send({ type: 'drained', id: msg.id }));
  else if (msg.type === 'stop') {
    void workers.stop().then(async () => {
      await store.close();
      await blobs.close();
      send({ type: 'stopped' });
      port.close();
    });
  }
});
send({ type: 'ready' });
