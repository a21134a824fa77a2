import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Store } from '../../src/store/store.js';
import { UNIQUE_CONSTRAINT_NAMES, uniqueConflict, uniqueConstraintOf } from '../../src/store/unique.js';
import { newHashedRow, newId } from '../../src/domain/ids.js';
import { nowIso } from '../../src/domain/clock.js';
import { createProject } from '../../src/domain/projects.js';
import { openTestStore, STORE_KINDS, skipKind } from '../helpers/stores.js';

/** The migration runner's own tables, and SQLite's full-text index's shadow tables: no request writes them. */
const NOT_THE_SCHEMAS = /^(sift_migrations|chunk_terms_)/;

/** Every unique index of the store: PostgreSQL's names, or the words SQLite's messages name each by. */
async function uniqueIndexes(store: Store): Promise<string[]> {
  if (store.kind === 'postgres') {
    const rows = await sql<{ name: string; table: string }>`
      select indexname as name, tablename as "table" from pg_indexes where schemaname = current_schema() and indexdef like 'CREATE UNIQUE%'`.execute(store.db);
    return rows.rows.filter((r) => !NOT_THE_SCHEMAS.test(r.table)).map((r) => r.name);
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(store.db);
  const out: string[] = [];
  for (const { name: table } of tables.rows.filter((t) => !NOT_THE_SCHEMAS.test(t.name))) {
    // A rowid primary key (INTEGER PRIMARY KEY) has no index of its own, yet SQLite names it when refusing a row.
    const columns = await sql<{ name: string; pk: number; type: string }>`select name, pk, type from pragma_table_info(${table})`.execute(store.db);
    const pk = columns.rows.filter((c) => c.pk > 0);
    if (pk.length === 1 && pk[0]!.type.toUpperCase() === 'INTEGER') out.push(`${table}.${pk[0]!.name}`);
    const indexes = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${table})`.execute(store.db);
    for (const index of indexes.rows.filter((i) => i.unique)) {
      const parts = await sql<{ name: string | null }>`select name from pragma_index_info(${index.name})`.execute(store.db);
      out.push(parts.rows.some((p) => p.name === null) ? `index '${index.name}'` : parts.rows.map((p) => `${table}.${p.name}`).join(', '));
    }
  }
  return out;
}

describe.each(STORE_KINDS)('unique violations on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let store: Store;
    beforeAll(async () => {
      store = await openTestStore(kind);
    });
    afterAll(() => store?.close());

    const refusal = async (insert: () => Promise<unknown>) => {
      try {
        await insert();
      } catch (err) {
        return err;
      }
      throw new Error('the store accepted a row its unique rule should refuse');
    };
    const user = (email: string) => ({ id: newId(), email, name: null, onboarded: 0, createdAt: nowIso() });

    it('src/store/unique.ts lists every unique constraint and index of the schema, by the name both stores are known by', async () => {
      const found = await uniqueIndexes(store);
      if (kind === 'postgres') expect([...found].sort()).toEqual([...UNIQUE_CONSTRAINT_NAMES].sort());
      // SQLite names them by their words: each maps back to one name of the list, and every name is found.
      else
        expect(
          found.map((words) => uniqueConstraintOf(Object.assign(new Error(`UNIQUE constraint failed: ${words}`), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).sort(),
        ).toEqual([...UNIQUE_CONSTRAINT_NAMES].sort());
    });

    it('names the broken constraint as PostgreSQL does, on either store, and maps the two a request can break to their codes', async () => {
      await store.db.insertInto('users').values(user('same@example.com')).execute();
      const email = await refusal(() => store.db.insertInto('users').values(user('same@example.com')).execute());
      expect(uniqueConstraintOf(email)).toBe('users_email_key');
      expect(uniqueConflict(email)).toMatchObject({ code: 'email_taken', mapped: true });

      const owner = user('owner@example.com');
      await store.db.insertInto('users').values(owner).execute();
      const account = { id: newId(), name: 'A', ownerUserId: owner.id, plan: null, creditBalance: 0, createdByPartnerId: null, createdAt: nowIso() };
      await store.db.insertInto('accounts').values(account).execute();
      const project = await store.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: owner.id, name: 'P' }));
      const tag = (text: string) => ({ ...newHashedRow('T'), projectId: project.id, text, description: '', color: null });
      await store.db.insertInto('tags').values(tag('Urgent')).execute();
      const name = await refusal(() => store.db.insertInto('tags').values(tag(' urgent')).execute());
      expect(uniqueConstraintOf(name)).toBe('tags_project_name');
      expect(uniqueConflict(name)).toMatchObject({ code: 'tag_exists', mapped: true });

      // Any other rule: `already_exists`, not mapped (errors.ts logs it with its constraint).
      const again = await refusal(() =>
        store.db
          .insertInto('users')
          .values({ ...user('other@example.com'), id: owner.id })
          .execute(),
      );
      expect(uniqueConstraintOf(again)).toBe('users_pkey');
      expect(uniqueConflict(again)).toMatchObject({ constraint: 'users_pkey', code: 'already_exists', mapped: false });
    });

    it('is no unique violation when the error is another, and looks through a wrapping error to its cause', async () => {
      expect(uniqueConflict(new Error('something else'))).toBeNull();
      await store.db.insertInto('users').values(user('wrapped@example.com')).execute();
      const email = await refusal(() => store.db.insertInto('users').values(user('wrapped@example.com')).execute());
      expect(uniqueConstraintOf(new Error('wrapped', { cause: email }))).toBe('users_email_key');
    });
  });
});
