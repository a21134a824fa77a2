import { SiftError } from './errors.js';
import { sleep } from './transport.js';
import type { AnalysisRun, DocumentState, ProjectStatus } from './types.js';

export interface WaitOptions<P> {
  /** First pause between two polls, in ms (default 1000); it grows by half each time up to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest pause between two polls, in ms (default 5000): the account surface allows 30 requests a minute. */
  maxIntervalMs?: number;
  /** Give up after this long with a `timeout` SiftError (default: wait as long as it takes). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Told after every poll. */
  onProgress?: (progress: P) => void;
}

export interface ReadyProgress {
  /** Documents still at work: `pending` (being extracted and priced) or `processing` (confirmed, being prepared). */
  working: number;
  /** Documents counted in this wait (all of the project's, or those named). */
  total: number;
  /** Count per status. */
  counts: Record<string, number>;
  status: ProjectStatus;
}

export const WORKING = new Set(['pending', 'processing']);

/** Polls `poll` until `done` answers a value; grows the pause between polls; honours timeout and abort. */
async function until<S, T>(
  poll: () => Promise<S>,
  done: (s: S) => T | undefined,
  options: Omit<WaitOptions<unknown>, 'onProgress'>,
  report: (s: S) => void,
): Promise<T> {
  const deadline = options.timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.timeoutMs;
  let interval = options.intervalMs ?? 1000;
  const max = Math.max(interval, options.maxIntervalMs ?? 5000);
  for (;;) {
    const state = await poll();
    report(state);
    const result = done(state);
    if (result !== undefined) return result;
    const left = deadline - Date.now();
    if (left <= 0) throw new SiftError(`still waiting after ${options.timeoutMs} ms`, { status: 0, code: 'timeout' });
    await sleep(Math.min(interval, left), options.signal);
    interval = Math.min(max, Math.round(interval * 1.5));
  }
}

/**
 * Waits until no document (of `documentIds`, or of the project) is `pending` or `processing`:
 * after an upload that is when every price is known (ready to confirm), after a confirmation
 * when the documents are `ready` (or `failed`). Answers the last status; failures are in it.
 */
export function waitForDocuments(
  status: () => Promise<ProjectStatus>,
  documentIds: readonly string[] | undefined,
  options: WaitOptions<ReadyProgress>,
): Promise<ProjectStatus> {
  const wanted = documentIds ? new Set(documentIds) : null;
  const counted = (s: ProjectStatus): DocumentState[] => (wanted ? s.documents.filter((d) => wanted.has(d.id)) : s.documents);
  const progress = (s: ProjectStatus): ReadyProgress => {
    const docs = counted(s);
    const counts: Record<string, number> = {};
    for (const d of docs) counts[d.status] = (counts[d.status] ?? 0) + 1;
    return { working: docs.filter((d) => WORKING.has(d.status)).length, total: docs.length, counts, status: s };
  };
  return until(
    status,
    (s) => (progress(s).working === 0 ? s : undefined),
    options,
    (s) => options.onProgress?.(progress(s)),
  );
}

/** Waits until the run is `completed` (answers it) or `failed` (throws `analysis_failed` with the run's error). */
export function waitForAnalysis(status: () => Promise<ProjectStatus>, analysisId: string, options: WaitOptions<AnalysisRun>): Promise<AnalysisRun> {
  const runOf = (s: ProjectStatus) => {
    const run = s.analyses.find((r) => r.id === analysisId);
    if (!run) throw new SiftError(`analysis ${analysisId} not found in the project`, { status: 0, code: 'not_found' });
    return run;
  };
  return until(
    status,
    (s) => {
      const run = runOf(s);
      if (run.status === 'failed')
        throw new SiftError(`analysis ${analysisId} failed${run.error ? `: ${run.error}` : ''}`, { status: 0, code: 'analysis_failed' });
      return run.status === 'completed' ? run : undefined;
    },
    options,
    (s) => options.onProgress?.(runOf(s)),
  );
}
