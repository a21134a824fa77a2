import { startThread } from '../engine/thread.js';
import { ThreadPool } from '../engine/thread-pool.js';
import type { FieldError } from '../domain/errors.js';
import type { BodyKind } from '../schema/validate.js';

/** How long reading one body may take, and how much memory its thread may hold. */
const BUDGET = { timeoutMs: 30_000, maxOldGenerationSizeMb: 512 };
/** A thread that read a body longer than this (in bytes) is ended after it, giving its heap back. */
const RETIRE_AFTER_BYTES = 8 * 1024 * 1024;

export type BodyReading = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string; details?: FieldError[] };

const threads = new ThreadPool<{ bytes: Uint8Array; kind: BodyKind | null }, BodyReading>(
  () => startThread(import.meta.url, './body-worker', { resourceLimits: { maxOldGenerationSizeMb: BUDGET.maxOldGenerationSizeMb } }),
  1,
  2,
);

/**
 * A large body's UTF-8 bytes decoded, parsed, and checked against the schema of `kind` up to
 * its first problem, in a worker thread: a valid one comes back to be handled (and validated
 * again, quickly, as every body is), an invalid one only as its problem. A body past the
 * thread's time or memory budget is refused as too large. `bytes` over a SharedArrayBuffer
 * reach the thread without a copy.
 */
export function readLargeBody(bytes: Uint8Array, kind: BodyKind | null): Promise<BodyReading> {
  const tooLarge = (why: string) => ({ ok: false, status: 413, message: `the body is too large to read: ${why}` }) as const;
  return threads
    .run(
      { bytes, kind },
      BUDGET.timeoutMs,
      {
        timeout: () => new BodyTooCostly(`it took longer than ${BUDGET.timeoutMs / 1000} s`),
        crash: () => new BodyTooCostly('it needs more memory than a request may use'),
      },
      bytes.length > RETIRE_AFTER_BYTES,
    )
    .catch((err: unknown) => {
      if (err instanceof BodyTooCostly) return tooLarge(err.message);
      throw err;
    });
}

class BodyTooCostly extends Error {}
