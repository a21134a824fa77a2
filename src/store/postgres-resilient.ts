import pg from 'pg';
import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { isStoreUnavailable } from './unavailable.js';

/** What the store reports of the database's connections (for `/metrics`, the logs). */
export interface PoolEvents {
  /** A connection was lost: an idle one ended by the server, or one in use whose query failed. */
  onConnectionError?(err: Error): void;
}

/**
 * A `pg.Pool` that never takes its process down: PostgreSQL ending a connection (a restart, a
 * failover, `pg_terminate_backend`, an idle-connection killer) emits `error` on that client,
 * and an `error` event nobody listens to ends a Node process. The pool drops idle clients that
 * fail; a client in use fails its query, and is destroyed when released.
 */
export function resilientPool(config: pg.PoolConfig, events: PoolEvents = {}): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: 5000, ...config });
  const lost = (err: Error) => events.onConnectionError?.(err);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

/** PostgreSQL through Kysely, with a read on a dead connection tried once more on a fresh one. */
export function resilientPostgresDialect(pool: pg.Pool): Dialect {
  const base = new PostgresDialect({ pool });
  return {
    createDriver: () => new ResilientDriver(pool),
    createQueryCompiler: () => base.createQueryCompiler(),
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
  };
}

const READ = /^\s*(select|with\s+(?![\s\S]*\b(insert|update|delete)\b))/i;

/**
 * Only a statement that cannot have changed anything is sent again: a read outside a
 * transaction. A write whose connection died may or may not have been applied, and a
 * transaction is retried whole by `Store.transaction`, which knows whether it reached COMMIT.
 */
const retriable = (query: CompiledQuery) => query.query.kind === 'SelectQueryNode' || (query.query.kind === 'RawNode' && READ.test(query.sql));

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * A pooled client, handed back to the pool *with* the error that broke it so that the pool
 * destroys it. (Kysely's own PostgreSQL driver hands every client back as healthy; a client
 * whose server ended it while a query ran still looks queryable, and the next query would be
 * sent on the dead socket.)
 */
class ResilientConnection implements DatabaseConnection {
  inTransaction = false;
  broken: Error | null = null;
  constructor(
    private client: pg.PoolClient,
    private readonly pool: pg.Pool,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.send<R>(query);
    } catch (err) {
      if (this.inTransaction || !this.broken || !retriable(query)) throw err;
      this.client.release(this.broken);
      this.broken = null;
      this.client = await this.pool.connect();
      return this.send<R>(query);
    }
  }

  private async send<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const { command, rowCount, rows } = await this.client.query(query.sql, [...query.parameters]);
      return { numAffectedRows: COUNTED.has(command) ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
    } catch (err) {
      if (isStoreUnavailable(err)) this.broken = err as Error;
      throw err;
    }
  }

  // biome-ignore lint/correctness/useYield: sift never streams a query; the interface asks for the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported by this driver');
  }

  release() {
    this.client.release(this.broken ?? undefined);
  }
}

class ResilientDriver implements Driver {
  constructor(private readonly pool: pg.Pool) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ResilientConnection(await this.pool.connect(), this.pool);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ResilientConnection;
    c.inTransaction = true;
    const mode = [settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '', settings.accessMode ?? ''].filter(Boolean).join(' ');
    await c.executeQuery(CompiledQuery.raw(mode ? `start transaction ${mode}` : 'begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ResilientConnection;
    try {
      await c.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      c.inTransaction = false;
    }
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ResilientConnection;
    try {
      // A server that ended the connection discarded the transaction with it.
      if (!c.broken) await c.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      c.inTransaction = false;
    }
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as ResilientConnection).release();
  }
  async destroy(): Promise<void> {
    await this.pool.end();
  }
}
