import type { Counter, Histogram, Registry } from 'prom-client';
import { whenQuiet } from '../http/quiet.js';
import { isStoreUnavailable } from '../store/unavailable.js';

type PromClient = typeof import('prom-client');

/**
 * What this process counts as it happens: requests, rate-limit refusals and store errors, with
 * prom-client's process metrics (memory, CPU, event-loop lag, garbage collection). One registry
 * per process. Importing this module (the error handler does) starts and loads nothing:
 * prom-client, about as long to load as Fastify, is loaded at the first scrape or after the first
 * count, and what is counted meanwhile is applied once it is there. What is read from the store
 * at each scrape is in store-gauges.ts.
 */
interface ProcessFamilies {
  prom: PromClient;
  registry: Registry;
  requests: Counter<'surface' | 'action' | 'status'>;
  duration: Histogram<'surface' | 'action'>;
  rateLimited: Counter<'bucket'>;
  storeErrors: Counter<'kind'>;
}

let families: ProcessFamilies | null = null;
let loading: Promise<ProcessFamilies> | null = null;
let withDefaults = false;
/** Counts made while prom-client loads (a fraction of a second at start; bounded all the same). */
const pending: ((f: ProcessFamilies) => void)[] = [];
const MAX_PENDING = 10_000;
const LOAD_AT_MOST_MS = 5000;
let loadScheduled = false;

/**
 * The process's registry and families, loaded once; with `defaults` (a scrape), prom-client's
 * process metrics join them from then on, so that a process nobody scrapes watches no event loop.
 */
export async function processFamilies(options: { defaults?: boolean } = {}): Promise<ProcessFamilies> {
  loading ??= import('prom-client').then((prom) => {
    families = makeFamilies(prom);
    for (const apply of pending.splice(0)) apply(families);
    return families;
  });
  const f = await loading;
  if (options.defaults && !withDefaults) {
    f.prom.collectDefaultMetrics({ register: f.registry });
    withDefaults = true;
  }
  return f;
}

function record(apply: (f: ProcessFamilies) => void): void {
  if (families) {
    apply(families);
    return;
  }
  if (pending.length < MAX_PENDING) pending.push(apply);
  if (loadScheduled) return;
  loadScheduled = true;
  // Loaded once no request is being answered (the first count is often a /readyz, the first
  // search right behind it), within LOAD_AT_MOST_MS; a scrape loads it at once. A failed load
  // fails the scrape that awaits it, not the request that counted.
  whenQuiet(() => void processFamilies().catch(() => undefined), LOAD_AT_MOST_MS);
}

function makeFamilies(prom: PromClient): ProcessFamilies {
  const registry = new prom.Registry();
  const registers = [registry];
  return {
    prom,
    registry,
    requests: new prom.Counter({
      name: 'sift_http_requests_total',
      help: 'HTTP requests answered, by surface (the route), action (a dispatcher body\'s "action"; "none" elsewhere, "unknown" when not one of the surface\'s) and status code',
      labelNames: ['surface', 'action', 'status'],
      registers,
    }),
    duration: new prom.Histogram({
      name: 'sift_http_request_duration_seconds',
      help: 'Time from a request received to its answer sent, by surface and action',
      labelNames: ['surface', 'action'],
      // 0.2 s is the stall limit of issue 41; the tail reaches the largest uploads and exports.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    rateLimited: new prom.Counter({
      name: 'sift_rate_limited_total',
      help: 'Requests refused with 429 by a rate limit, by bucket (failedAuth: a wrong credential from an address past its limit)',
      labelNames: ['bucket'],
      registers,
    }),
    storeErrors: new prom.Counter({
      name: 'sift_store_errors_total',
      help: 'Database errors that reached the HTTP error handler, and failed store reads of a scrape: unavailable (unreachable, a dropped connection, a busy SQLite file), constraint (a constraint refused a write), other',
      labelNames: ['kind'],
      registers,
    }),
  };
}

/** Children of the request families by their labels, looked up without prom-client hashing the labels each time. */
const requestChildren = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();

/** Counts an answered request and its time. `surface` and `action` must come from bounded sets (metrics-route.ts). */
export function observeRequest(surface: string, action: string, status: number, seconds: number): void {
  const key = `${surface} ${action} ${status}`;
  const child = requestChildren.get(key);
  if (child) {
    child.count.inc();
    child.time.observe(seconds);
    return;
  }
  record((f) => {
    const made = { count: f.requests.labels(surface, action, String(status)), time: f.duration.labels(surface, action) };
    requestChildren.set(key, made);
    made.count.inc();
    made.time.observe(seconds);
  });
}

/** Counts a request refused by the rate limit of `bucket` (a key of `RateLimits`). */
export function countRateLimited(bucket: string): void {
  record((f) => f.rateLimited.inc({ bucket }));
}

export type StoreErrorKind = 'unavailable' | 'constraint' | 'other';

/** Counts one database error of `kind` (`storeErrorKind` tells which). */
export function countStoreError(kind: StoreErrorKind): void {
  record((f) => f.storeErrors.inc({ kind }));
}

/**
 * Whether an error, or an error it was caused by, is the database's, and which kind: a database
 * unreachable or gone (`isStoreUnavailable`), a constraint's refusal (PostgreSQL's class 23, SQLite's
 * SQLITE_CONSTRAINT), or any other error PostgreSQL or SQLite raised. Null for anything else.
 */
export function storeErrorKind(err: unknown): StoreErrorKind | null {
  if (isStoreUnavailable(err)) return 'unavailable';
  for (let e = err as { code?: unknown; severity?: unknown; cause?: unknown } | null, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('SQLITE_')) return code.startsWith('SQLITE_CONSTRAINT') ? 'constraint' : 'other';
    // node-postgres's DatabaseError: a five-character SQLSTATE beside the server's severity.
    if (/^[0-9A-Z]{5}$/.test(code) && typeof e.severity === 'string') return code.startsWith('23') ? 'constraint' : 'other';
    if (e.cause === e) break;
    e = e.cause as typeof e;
  }
  return null;
}
