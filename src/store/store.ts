import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type RawBuilder,
  type Transaction,
} from 'kysely';
import type { Tables } from './tables.js';
import { migrateToLatest } from './migrate.js';
import type { PoolEvents } from './postgres-resilient.js';
import { isStoreUnavailable } from './unavailable.js';

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;
/** Either the store's handle or an open transaction: domain functions accept both. */
export type DbOrTx = Kysely<Tables>;

/**
 * The storage interface the domain sees: one typed query builder over the same tables on
 * either engine, plus the few things that differ between engines.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly db: Db;
  /**
   * Runs `fn` in a transaction: PostgreSQL's default READ COMMITTED, where the conditional
   * updates that claim and fence work are the guards; a deadlock (or a serialisation failure)
   * retries the whole transaction, and so does a connection lost before COMMIT was sent (one
   * lost during COMMIT may have committed: that error is thrown). SQLite transactions begin
   * IMMEDIATE.
   */
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
  /**
   * A token that changes whenever any data may have changed since it was read, written by this
   * process or any other: an answer computed after reading it may be reused while it stays the
   * same. Cheap (no table is read), and coarse: any write anywhere changes it.
   */
  changeStamp(): Promise<string>;
  /** PostgreSQL's connections: open, idle, and requests waiting for one (none on SQLite). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface StoreOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves with one each). */
  pgSchema?: string;
  /** SQLite file path; `:memory:` for an in-memory database. Defaults to `<dataDir>/sift.db`. */
  sqliteFile?: string;
  /** What becomes of the database's connection errors (they never end the process). */
  events?: PoolEvents;
  /** How long a start waits for an unreachable database before giving up (default 60 s). */
  waitForDatabaseMs?: number;
}

/** The store's connection events, logged: a lost connection is worth a line, never a crash. */
export const storeEvents = (log: { warn(obj: object, msg: string): void }): PoolEvents => ({
  onConnectionError: (err) => log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'a database connection was lost'),
});

export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl, options.pgSchema, options.events) : openSqlite(options);
  const schema = options.databaseUrl ? (options.pgSchema ?? 'public') : undefined;
  // A process started while its database restarts waits for it, as it would for a slow network.
  const giveUpAt = Date.now() + (options.waitForDatabaseMs ?? 60_000);
  for (;;) {
    try {
      await migrateToLatest(store.db, schema);
      return store;
    } catch (err) {
      if (!isStoreUnavailable(err) || Date.now() > giveUpAt) {
        await store.close();
        throw err;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

function openSqlite(options: StoreOptions): Store {
  const file = options.sqliteFile ?? path.join(options.dataDir, 'sift.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Tables>({ dialect: immediateSqlite(database), plugins: [new CamelCasePlugin()] });
  return {
    kind: 'sqlite',
    db,
    // Kysely's SQLite driver holds one connection behind a mutex, so transactions are serial.
    transaction: (fn) => db.transaction().execute(fn),
    // Rows this connection changed (rolled back ones too), and commits by other connections.
    changeStamp: () => stampOf(db, sql`select total_changes() || ':' || (select data_version from pragma_data_version) as stamp`),
    close: () => db.destroy(),
  };
}

/**
 * The background workers write through a connection of their own. A plain BEGIN would take the
 * write lock only at the first write, and SQLite refuses such an upgrade at once (SQLITE_BUSY,
 * no waiting) when the other connection wrote in between; BEGIN IMMEDIATE takes the lock first,
 * waiting up to busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function immediateSqlite(database: SQLite.Database): Dialect {
  const base = new SqliteDialect({ database });
  return {
    createDriver: () => new ImmediateSqliteDriver({ database }),
    createQueryCompiler: () => base.createQueryCompiler(),
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
  };
}

async function openPostgres(url: string, schema?: string, events?: PoolEvents): Promise<Store> {
  // The PostgreSQL driver loads only for a PostgreSQL store (a SQLite start does without it).
  const { resilientPool, resilientPostgresDialect } = await import('./postgres-resilient.js');
  const pool = resilientPool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) }, events);
  const db = new Kysely<Tables>({ dialect: resilientPostgresDialect(pool), plugins: [new CamelCasePlugin()] });
  return {
    kind: 'postgres',
    db,
    transaction: async (fn) => {
      let lostConnections = 0;
      for (let attempt = 0; ; attempt++) {
        let committing = false;
        try {
          return await db.transaction().execute(async (trx) => {
            const result = await fn(trx);
            committing = true;
            return result;
          });
        } catch (err) {
          const code = (err as { code?: string }).code;
          // 40001 serialization failure, 40P01 deadlock: safe to retry the whole transaction.
          if ((code === '40001' || code === '40P01') && attempt < 5) continue;
          // A connection lost before COMMIT was sent took the transaction with it: once more, on a fresh one.
          if (!committing && isStoreUnavailable(err) && lostConnections++ < 1) continue;
          throw err;
        }
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // Any transaction that completes, anywhere in the cluster, moves xmax or leaves the in-progress list.
    changeStamp: () => stampOf(db, sql`select pg_current_snapshot()::text as stamp`),
    close: () => db.destroy(),
  };
}

async function stampOf(db: Db, query: RawBuilder<{ stamp: string }>): Promise<string> {
  const { rows } = await query.execute(db);
  return String(rows[0]!.stamp);
}
