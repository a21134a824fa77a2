import type { Worker } from 'node:worker_threads';
import { startThread } from '../thread.js';
import { DEFAULT_BUDGET, ExtractionError, type DocumentFormat, type ExtractBudget } from './types.js';

export { sniff } from './sniff.js';
export { ExtractionError, type DocumentFormat, type ExtractBudget } from './types.js';

const startWorker = (): Worker => startThread(import.meta.url, './worker', { resourceLimits: { maxOldGenerationSizeMb: 2048 } });

const idle: Worker[] = [];
const MAX_IDLE = 2;

/**
 * The text of a whole file, extracted in a worker thread that is terminated when the time budget
 * runs out, so a hostile file fails its own document and nothing else. Threads that finish in
 * time are kept (up to two) for the next file, since starting one costs up to a second.
 */
export async function extractText(data: Uint8Array, filename: string, budget: Partial<ExtractBudget> = {}): Promise<{ text: string; format: DocumentFormat }> {
  const b: ExtractBudget = { ...DEFAULT_BUDGET, ...budget };
  const worker = idle.pop() ?? startWorker();
  worker.ref();
  let healthy = false;
  try {
    const result = await new Promise<{ text: string; format: DocumentFormat }>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new ExtractionError('timeout', `extraction took longer than ${Math.max(1, Math.round(b.timeoutMs / 1000))} s`));
      }, b.timeoutMs);
      const onMessage = (msg: { ok: true; text: string; format: DocumentFormat } | { ok: false; reason: ExtractionError['reason']; message: string }) => {
        cleanup();
        healthy = true;
        if (msg.ok) resolve({ text: msg.text, format: msg.format });
        else reject(new ExtractionError(msg.reason, msg.message));
      };
      const onError = (err: Error) => {
        cleanup();
        reject(new ExtractionError(/memory/i.test(err.message) ? 'too_large' : 'corrupt', 'the file could not be read'));
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new ExtractionError('corrupt', `the extractor stopped (code ${code})`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ data, filename, budget: b });
    });
    return result;
  } finally {
    if (healthy && idle.length < MAX_IDLE) {
      worker.unref();
      idle.push(worker);
    } else {
      await worker.terminate();
    }
  }
}
