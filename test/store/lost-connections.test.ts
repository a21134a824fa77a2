import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { DATABASE_URL, openTestStore } from '../helpers/stores.js';
import type { Store } from '../../src/store/store.js';
import { isStoreUnavailable } from '../../src/store/unavailable.js';

/** PostgreSQL ends connections (a restart, a failover, an administrator): the store carries on. */
describe.skipIf(!DATABASE_URL)('a PostgreSQL store whose connections are ended', () => {
  let store: Store;
  let admin: pg.Client;
  beforeAll(async () => {
    store = await openTestStore('postgres');
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await store?.close();
  });

  const pidOf = async (db: Store['db']) => Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid);
  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

  it('answers a read after its pooled connection was terminated, and the process lives on', async () => {
    for (let i = 0; i < 5; i++) {
      await terminate(await pidOf(store.db));
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(store.db);
      expect(rows[0]!.one).toBe(1);
    }
  });

  it('runs a transaction once more when its connection was lost before COMMIT', async () => {
    let runs = 0;
    const result = await store.transaction(async (trx) => {
      runs++;
      if (runs === 1) await terminate(await pidOf(trx));
      return (await sql<{ two: number }>`select 2 as two`.execute(trx)).rows[0]!.two;
    });
    expect(result).toBe(2);
    expect(runs).toBe(2);
  });

  it('does not send a write again outside a transaction: its error says the database went away', async () => {
    const pid = await pidOf(store.db);
    // The same pooled connection, ended while idle, then written through at once.
    await terminate(pid);
    const write = sql`update projects set name = name where false`.execute(store.db);
    await write.then(
      () => undefined,
      (err) => expect(isStoreUnavailable(err)).toBe(true),
    );
    // Whatever became of that write, the next one goes through on a fresh connection.
    await sql`update projects set name = name where false`.execute(store.db);
  });
});
