import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { openStore, storeEvents } from '../store/store.js';
import { openBlobStore } from '../store/blobs-open.js';
import { createLlmProvider } from '../engine/llm/provider.js';
import { startWorkers } from './runner.js';
import { warmUpAnalysis } from '../engine/analysis/index.js';
import type { ThreadData, ToHost, ToThread } from './thread-host.js';

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
