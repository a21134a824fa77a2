import crypto from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/store.js';

export type StoreKind = 'sqlite' | 'postgres';

export const DATABASE_URL = process.env.DATABASE_URL ?? '';
/** Both adapters when PostgreSQL is configured; PostgreSQL suites are reported as skipped otherwise. */
export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];
export const skipKind = (kind: StoreKind) => kind === 'postgres' && !DATABASE_URL;

/** A fresh, isolated store: in-memory SQLite, or a new PostgreSQL schema dropped on close. */
export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore({ databaseUrl: null, dataDir: '', sqliteFile: ':memory:' });
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const store = await openStore({ databaseUrl: DATABASE_URL, dataDir: '', pgSchema: schema });
  const close = store.close.bind(store);
  return {
    ...store,
    kind: store.kind,
    db: store.db,
    transaction: store.transaction,
    async close() {
      await close();
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
