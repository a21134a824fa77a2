import { sql } from 'kysely';
import type { Store } from '../store/store.js';

/** The queues background work is taken from: uploads to extract, confirmed documents to process, analysis runs to start. */
export type QueueName = 'documents_pending' | 'documents_processing' | 'analyses_queued';

export interface StoreSnapshot {
  queues: { queue: QueueName; depth: number; oldestAgeSeconds: number }[];
  /** Every analysis run in the store by type and status, with the model tokens they recorded. */
  runs: { type: string; status: string; count: number; inputTokens: number; outputTokens: number }[];
  /** Runs finished within `RUN_WINDOW_MS`, with how long each took from its start (its creation if it never started). */
  finished: { type: string; status: string; seconds: number }[];
}

/** The window of finished runs whose durations are reported. */
export const RUN_WINDOW_MS = 60 * 60 * 1000;
/** A bound on the rows one scrape reads for durations, should a window hold an unusual number of runs. */
const MAX_FINISHED_ROWS = 10_000;

const QUEUE_OF_STATUS = { pending: 'documents_pending', processing: 'documents_processing' } as const;

const ageSeconds = (iso: string | null, now: number) => (iso ? Math.max(0, (now - Date.parse(iso)) / 1000) : 0);

/**
 * Reads what the metrics report from the tables, in three queries: documents waiting by status
 * (through the `documents_status` index), analysis runs grouped by type and status with their
 * token sums, and the runs finished within the window. Background workers may run in another
 * thread or process, so the tables, not counters in this process, are where their work is seen.
 */
export async function readStoreSnapshot(store: Store, now = Date.now()): Promise<StoreSnapshot> {
  const db = store.db;
  const tokens = (field: 'inputTokens' | 'outputTokens') =>
    store.kind === 'postgres'
      ? sql<string | number | null>`sum((${sql.ref('modelUsage')}::json->>${field})::bigint)`
      : sql<string | number | null>`sum(json_extract(${sql.ref('modelUsage')}, ${`$.${field}`}))`;
  const since = new Date(now - RUN_WINDOW_MS).toISOString();
  const [documents, analyses, finished] = await Promise.all([
    db
      .selectFrom('documents')
      .select((eb) => [
        'status',
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.min('createdAt').as('oldestCreated'),
        eb.fn.min('confirmedAt').as('oldestConfirmed'),
      ])
      .where('status', 'in', ['pending', 'processing'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('analyses')
      .select((eb) => [
        'type',
        'status',
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.min('createdAt').as('oldestCreated'),
        tokens('inputTokens').as('inputTokens'),
        tokens('outputTokens').as('outputTokens'),
      ])
      .groupBy(['type', 'status'])
      .execute(),
    db
      .selectFrom('analyses')
      .select(['type', 'status', 'createdAt', 'startedAt', 'finishedAt'])
      .where('status', 'in', ['completed', 'failed'])
      .where('finishedAt', '>=', since)
      .limit(MAX_FINISHED_ROWS)
      .execute(),
  ]);

  const queues: StoreSnapshot['queues'] = [
    { queue: 'documents_pending', depth: 0, oldestAgeSeconds: 0 },
    { queue: 'documents_processing', depth: 0, oldestAgeSeconds: 0 },
    { queue: 'analyses_queued', depth: 0, oldestAgeSeconds: 0 },
  ];
  const queue = (name: QueueName) => queues.find((q) => q.queue === name)!;
  for (const row of documents) {
    const q = queue(QUEUE_OF_STATUS[row.status as keyof typeof QUEUE_OF_STATUS]);
    q.depth = Number(row.n);
    // A pending upload waits from its upload, a confirmed document from its confirmation.
    q.oldestAgeSeconds = ageSeconds(row.status === 'pending' ? row.oldestCreated : row.oldestConfirmed, now);
  }
  const queued = queue('analyses_queued');
  for (const row of analyses) {
    if (row.status !== 'queued') continue;
    queued.depth += Number(row.n);
    queued.oldestAgeSeconds = Math.max(queued.oldestAgeSeconds, ageSeconds(row.oldestCreated, now));
  }
  return {
    queues,
    runs: analyses.map((r) => ({
      type: r.type,
      status: r.status,
      count: Number(r.n),
      inputTokens: Number(r.inputTokens ?? 0),
      outputTokens: Number(r.outputTokens ?? 0),
    })),
    finished: finished.map((r) => ({
      type: r.type,
      status: r.status,
      seconds: Math.max(0, (Date.parse(r.finishedAt!) - Date.parse(r.startedAt ?? r.createdAt)) / 1000),
    })),
  };
}
