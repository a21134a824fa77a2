import { startThread } from '../engine/thread.js';
import { ThreadPool } from '../engine/thread-pool.js';
import type { FieldError } from '../domain/errors.js';
import type { BodyKind } from '../schema/validate.js';

/** Bodies longer than this (in characters) are parsed and checked in a worker thread. */
export const OFF_THREAD_CHARS = 256 * 1024;
/** How long reading one body may take, and how much memory its thread may hold. */
const BUDGET = { timeoutMs: 30_000, maxOldGenerationSizeMb: 512 };
/** A thread that read a body longer than this is ended after it, giving its heap back. */
const RETIRE_AFTER_CHARS = 8 * 1024 * 1024;

export type BodyReading = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string; details?: FieldError[] };

const threads = new ThreadPool<{ text: string; kind: BodyKind | null }, BodyReading>(
  () => startThread(import.meta.url, './body-worker', { resourceLimits: { maxOldGenerationSizeMb: BUDGET.maxOldGenerationSizeMb } }),
  1,
  2,
);

/**
 * A large body parsed, and checked against the schema of `kind` up to its first problem, in a
 * worker thread: a valid one comes back to be handled (and validated again, quickly, as every
 * body is), an invalid one only as its problem. A body past the thread's time or memory budget
 * is refused as too large.
 */
export function readLargeBody(text: string, kind: BodyKind | null): Promise<BodyReading> {
  const tooLarge = (why: string) => ({ ok: false, status: 413, message: `the body is too large to read: ${why}` }) as const;
  return threads
    .run(
      { text, kind },
      BUDGET.timeoutMs,
      {
        timeout: () => new BodyTooCostly(`it took longer than ${BUDGET.timeoutMs / 1000} s`),
        crash: () => new BodyTooCostly('it needs more memory than a request may use'),
      },
      text.length > RETIRE_AFTER_CHARS,
    )
    .catch((err: unknown) => {
      if (err instanceof BodyTooCostly) return tooLarge(err.message);
      throw err;
    });
}

class BodyTooCostly extends Error {}
