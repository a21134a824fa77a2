import { parentPort } from 'node:worker_threads';
import { planQdpx } from './plan.js';
import { QdpxError } from './read.js';

/** Plans one import per message; the parent terminates this thread when its budget runs out. */
parentPort!.on('message', async (data: Uint8Array) => {
  try {
    parentPort!.postMessage({ ok: true, plan: await planQdpx(data) });
  } catch (err) {
    parentPort!.postMessage({ ok: false, message: err instanceof QdpxError ? err.message : 'the archive could not be read' });
  }
});
