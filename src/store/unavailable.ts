/**
 * Whether an error says the database could not be reached or dropped the connection, rather
 * than that a statement was wrong: such a failure is transient (503 with `Retry-After`, a job
 * left to be claimed again), never a document's or a request's fault.
 */
export function isStoreUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_UNAVAILABLE.has(code) || code.startsWith('08') || NODE_NET.has(code) || SQLITE_UNAVAILABLE.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (PG_CLIENT_MESSAGES.some((m) => message.includes(m))) return true;
  return e.cause !== undefined && e.cause !== err && isStoreUnavailable(e.cause);
}

/** PostgreSQL's SQLSTATEs for a server going away, starting, or full (class 08 is matched whole). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '57P05']);
/** The socket errors of a database that is not there, or went away mid-query. */
const NODE_NET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** A database file locked past `busy_timeout` by another process. */
const SQLITE_UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);
/** node-postgres says these without a code. */
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];
