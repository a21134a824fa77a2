import { startThread } from '../thread.js';
import { ThreadPool } from '../thread-pool.js';
import { type ImportPlan, QdpxError } from './read.js';

type Reply = { ok: true; plan: ImportPlan } | { ok: false; message: string };

/** How long reading an archive may take, and how much memory its thread may hold. */
export const PLAN_BUDGET = { timeoutMs: 60_000, maxOldGenerationSizeMb: 1024 };

const threads = new ThreadPool<Uint8Array, Reply>(
  () => startThread(import.meta.url, './plan-worker', { resourceLimits: { maxOldGenerationSizeMb: PLAN_BUDGET.maxOldGenerationSizeMb } }),
  1,
);

/**
 * A `.qdpx` archive read into an import plan in a worker thread: inflating, the schema check and
 * parsing never run on the thread that answers HTTP, and an archive past the time or memory
 * budget fails its own import (a QdpxError, answered 400) and nothing else.
 */
export async function planQdpxInThread(data: Uint8Array): Promise<ImportPlan> {
  const reply = await threads.run(
    data,
    PLAN_BUDGET.timeoutMs,
    {
      timeout: () => new QdpxError(`the archive took longer than ${PLAN_BUDGET.timeoutMs / 1000} s to read`),
      crash: () => new QdpxError('the archive could not be read within the memory an import may use'),
    },
    // A large archive leaves a large heap: the thread is ended rather than kept.
    data.length > 4 * 1024 * 1024,
  );
  if (!reply.ok) throw new QdpxError(reply.message);
  return reply.plan;
}
