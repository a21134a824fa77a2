import { Gauge, Histogram, Registry } from 'prom-client';
import type { Store } from '../store/store.js';
import { countStoreError, storeErrorKind } from './process.js';
import { readStoreSnapshot, type StoreSnapshot } from './store-snapshot.js';

/** A scrape does not wait longer for the store: the process's own families answer regardless. */
const SNAPSHOT_TIMEOUT_MS = 2000;

/**
 * The families read from the store at scrape time, in a registry of their own for one store:
 * queue depth and age, analysis runs by type and status with their model tokens, the durations
 * of the runs finished within the last hour, and PostgreSQL's pool. Counters in this process
 * would miss the work of a worker thread or a `sift worker` process; the tables see it all.
 * While the store does not answer, its families are empty and the failure is counted in
 * `sift_store_errors_total`.
 */
export function storeRegistry(store: Store): Registry {
  const registry = new Registry();
  const registers = [registry];
  // One read per scrape: prom-client asks every family at once, so those of a scrape (and of
  // scrapes arriving together) share the read in flight; the next scrape reads afresh.
  // The pool is read before the scrape's own queries take connections from it.
  let inFlight: Promise<Scrape> | null = null;
  const snapshot = (): Promise<Scrape> => {
    if (inFlight) return inFlight;
    const pool = store.poolStats?.() ?? null;
    inFlight = withTimeout(readStoreSnapshot(store))
      .then((read) => ({ pool, read }))
      .catch((err: unknown) => {
        countStoreError(storeErrorKind(err) ?? 'other');
        return { pool, read: null };
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  new Gauge({
    name: 'sift_queue_depth',
    help: 'Work waiting in the store: documents_pending (uploads to extract), documents_processing (confirmed documents to process), analyses_queued (runs not started)',
    labelNames: ['queue'],
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const q of s.read?.queues ?? []) this.set({ queue: q.queue }, q.depth);
    },
  });
  new Gauge({
    name: 'sift_queue_oldest_age_seconds',
    help: 'Age of the oldest item waiting in each queue (0 when it is empty)',
    labelNames: ['queue'],
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const q of s.read?.queues ?? []) this.set({ queue: q.queue }, q.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'sift_analysis_runs',
    help: 'Analysis runs in the store by type and status (queued, running, completed, failed); read from the table, so delta() over a range counts runs finished in it',
    labelNames: ['type', 'status'],
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const r of s.read?.runs ?? []) this.set({ type: r.type, status: r.status }, r.count);
    },
  });
  new Histogram({
    name: 'sift_analysis_run_duration_seconds',
    help: 'Durations of the analysis runs finished within the last hour, by type and status, recomputed from the table at each scrape: a window, not a running total (histogram_quantile() over it directly, without rate())',
    labelNames: ['type', 'status'],
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const r of s.read?.finished ?? []) this.observe({ type: r.type, status: r.status }, r.seconds);
    },
  });
  new Gauge({
    name: 'sift_model_tokens',
    help: "Language-model tokens recorded by the store's analysis runs, by run type and direction (input, output); runs in progress count what they have spent so far",
    labelNames: ['type', 'direction'],
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      const sums = new Map<string, { input: number; output: number }>();
      for (const r of s.read?.runs ?? []) {
        const sum = sums.get(r.type) ?? { input: 0, output: 0 };
        sum.input += r.inputTokens;
        sum.output += r.outputTokens;
        sums.set(r.type, sum);
      }
      for (const [type, sum] of sums) {
        this.set({ type, direction: 'input' }, sum.input);
        this.set({ type, direction: 'output' }, sum.output);
      }
    },
  });
  new Gauge({
    name: 'sift_store_pool_connections',
    help: "PostgreSQL connections of this process's pool, by state (in_use, idle); none on SQLite",
    labelNames: ['state'],
    registers,
    async collect() {
      const { pool } = await snapshot();
      this.reset();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'sift_store_pool_waiting',
    help: 'Queries of this process waiting for a PostgreSQL connection (0 on SQLite, which has no pool)',
    registers,
    async collect() {
      const { pool } = await snapshot();
      this.reset();
      if (pool) this.set(pool.waiting);
    },
  });
  return registry;
}

interface Scrape {
  pool: { total: number; idle: number; waiting: number } | null;
  /** Null when the store did not answer. */
  read: StoreSnapshot | null;
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // ETIMEDOUT: counted as the store being unavailable (store/unavailable.ts).
    const err = Object.assign(new Error(`the store did not answer within ${SNAPSHOT_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' });
    timer = setTimeout(() => reject(err), SNAPSHOT_TIMEOUT_MS);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
