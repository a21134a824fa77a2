import { startThread } from '../thread.js';
import { ThreadPool } from '../thread-pool.js';
import { DEFAULT_BUDGET, ExtractionError, type DocumentFormat, type ExtractBudget } from './types.js';

export { sniff } from './sniff.js';
export { ExtractionError, type DocumentFormat, type ExtractBudget } from './types.js';

type Reply = { ok: true; text: string; format: DocumentFormat } | { ok: false; reason: ExtractionError['reason']; message: string; cause?: string };

const threads = new ThreadPool<{ data: Uint8Array; filename: string; budget: ExtractBudget }, Reply>(() =>
  startThread(import.meta.url, './worker', { resourceLimits: { maxOldGenerationSizeMb: 2048 } }),
);

/** A thread that extracted a file larger than this is ended after it, giving its heap back. */
const RETIRE_AFTER_BYTES = 8 * 1024 * 1024;

/**
 * The text of a whole file, extracted in a worker thread that is terminated when the time budget
 * runs out, so a hostile file fails its own document and nothing else.
 */
export async function extractText(data: Uint8Array, filename: string, budget: Partial<ExtractBudget> = {}): Promise<{ text: string; format: DocumentFormat }> {
  const b: ExtractBudget = { ...DEFAULT_BUDGET, ...budget };
  const reply = await threads.run(
    { data, filename, budget: b },
    b.timeoutMs,
    {
      timeout: () => new ExtractionError('timeout', `extraction took longer than ${Math.max(1, Math.round(b.timeoutMs / 1000))} s`),
      crash: (cause) =>
        typeof cause === 'number'
          ? new ExtractionError('corrupt', `the extractor stopped (code ${cause})`)
          : new ExtractionError(/memory/i.test(cause.message) ? 'too_large' : 'corrupt', 'the file could not be read', { cause }),
    },
    // A thread that read a large file is ended after it rather than kept idle with the heap that took.
    data.length > RETIRE_AFTER_BYTES,
  );
  if (!reply.ok) throw new ExtractionError(reply.reason, reply.message, reply.cause === undefined ? undefined : { cause: new Error(reply.cause) });
  return { text: reply.text, format: reply.format };
}
