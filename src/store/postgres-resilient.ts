import pg from 'pg';
import { PostgresDialect, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
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
    createDriver: () => new RetryingDriver(base.createDriver()),
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

class RetryingConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    public inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (err) {
      if (this.inTransaction || !isStoreUnavailable(err) || !retriable(query)) throw err;
      // The failed client is not queryable any more: the pool destroys it on release.
      await this.driver.releaseConnection(this.inner);
      this.inner = await this.driver.acquireConnection();
      return this.inner.executeQuery<R>(query);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class RetryingDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init = () => this.inner.init();
  destroy = () => this.inner.destroy();
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RetryingConnection(await this.inner.acquireConnection(), this.inner);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as RetryingConnection;
    c.inTransaction = true;
    await this.inner.beginTransaction(c.inner, settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RetryingConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RetryingConnection;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection((connection as RetryingConnection).inner);
}
