import crypto from 'node:crypto';
import os from 'node:os';
import type { JobKind, WorkerContext } from './context.js';
import { extractionJob } from './extract-document.js';
import { processingJob } from './process-document.js';
import { mailJob } from './mailer.js';
import { analysisJob } from './analysis-job.js';
import { blobSweepJob } from './blob-sweep.js';
import { listingLogPruneJob } from './listing-log-prune.js';
import { modelAnswersPruneJob } from './model-answers.js';
import { searchBackfillJob } from './search-backfill.js';
import { rechunkJob } from './rechunk.js';
import { SoloGate } from './solo.js';
import { isStoreUnavailable } from '../store/unavailable.js';

/** Paid work first, then extraction, then analyses (which need processed documents), then mail, then housekeeping. */
export const JOB_KINDS: JobKind[] = [
  processingJob,
  extractionJob,
  analysisJob,
  mailJob,
  blobSweepJob,
  listingLogPruneJob,
  modelAnswersPruneJob,
  rechunkJob,
  searchBackfillJob,
];

export interface Workers {
  nudge(): void;
  /** Finishes the items in hand, then stops. */
  stop(): Promise<void>;
  /** Resolves when no job kind has anything to claim (for tests and the CLI). */
  drain(): Promise<void>;
}

export interface WorkerOptions {
  count: number;
  pollMs?: number;
  kinds?: JobKind[];
}

export function startWorkers(given: Omit<WorkerContext, 'owner'>, options: WorkerOptions): Workers {
  const base = { ...given, solo: given.solo ?? new SoloGate() };
  const kinds = options.kinds ?? JOB_KINDS;
  const pollMs = options.pollMs ?? 1000;
  let stopping = false;
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const w of [...wakers]) w();
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const t = setTimeout(done, pollMs);
      function done() {
        clearTimeout(t);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });

  async function runOnce(ctx: WorkerContext): Promise<boolean> {
    for (const kind of kinds) {
      try {
        if (await kind.run(ctx)) return true;
      } catch (err) {
        // While the database is away every claim fails: a warning, and the loop tries again after its pause.
        if (isStoreUnavailable(err)) ctx.log.warn({ err: { message: (err as Error).message }, job: kind.name }, 'the database does not answer');
        else ctx.log.error({ err, job: kind.name }, 'job failed');
      }
    }
    return false;
  }

  const loops: Promise<void>[] = [];
  for (let i = 0; i < options.count; i++) {
    const ctx: WorkerContext = { ...base, owner: `${os.hostname()}:${process.pid}:${i}:${crypto.randomUUID().slice(0, 8)}` };
    loops.push(
      (async () => {
        while (!stopping) {
          const worked = await runOnce(ctx);
          if (!worked && !stopping) await sleep();
        }
      })(),
    );
  }

  return {
    nudge: wakeAll,
    async stop() {
      stopping = true;
      wakeAll();
      await Promise.all(loops);
    },
    async drain() {
      const ctx: WorkerContext = { ...base, owner: `drain:${crypto.randomUUID().slice(0, 8)}` };
      while (await runOnce(ctx));
    },
  };
}
