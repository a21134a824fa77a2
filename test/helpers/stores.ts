import crypto from 'node:crypto';
import pg from 'pg';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';

export type StoreKind = 'sqlite' | 'postgres';

export const DATABASE_URL = process.env.DATABASE_URL ?? '';
/** Both adapters when PostgreSQL is configured; PostgreSQL suites are reported as skipped otherwise. */
export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];
export const skipKind = (kind: StoreKind) => kind === 'postgres' && !DATABASE_URL;
// CI must test both adapters: there a missing DATABASE_URL is a failure, not a skip.
if (process.env.CI === 'true' && !DATABASE_URL) throw new Error('CI=true: the PostgreSQL suites need DATABASE_URL (.ci/run sets it)');

async function pgQuery(query: string) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  await c.query(query);
  await c.end();
}

/**
 * How to open a fresh, isolated store that several connections can share (the app's and its
 * worker thread's): a SQLite file in `dataDir`, or a new PostgreSQL schema; `drop` removes it.
 */
export async function sharedTestStore(kind: StoreKind, dataDir: string): Promise<{ options: StoreOptions; drop(): Promise<void> }> {
  if (kind === 'sqlite') return { options: { databaseUrl: null, dataDir }, drop: async () => undefined };
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  await pgQuery(`CREATE SCHEMA ${schema}`);
  return { options: { databaseUrl: DATABASE_URL, dataDir, pgSchema: schema }, drop: () => pgQuery(`DROP SCHEMA ${schema} CASCADE`) };
}

/** A fresh, isolated store: in-memory SQLite, or a new PostgreSQL schema dropped on close. */
export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore({ databaseUrl: null, dataDir: '', sqliteFile: ':memory:' });
  const shared = await sharedTestStore(kind, '');
  const store = await openStore(shared.options);
  const close = store.close.bind(store);
  return {
    ...store,
    kind: store.kind,
    db: store.db,
    transaction: store.transaction,
    async close() {
      await close();
      await shared.drop();
    },
  };
}
