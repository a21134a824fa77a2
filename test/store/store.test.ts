import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, skipKind, openTestStore } from '../helpers/stores.js';
import type { Store } from '../../src/store/store.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { newId, shortHash } from '../../src/domain/ids.js';
import { createUser } from '../../src/domain/users.js';
import { createAccount } from '../../src/domain/accounts.js';
import { createProject, nextCounter } from '../../src/domain/projects.js';
import { balanceOf, chargeCredits, grantCredits, ledgerOf } from '../../src/domain/credits.js';
import type { DomainError } from '../../src/domain/errors.js';
import { insertDocument } from '../helpers/documents.js';

describe.each(STORE_KINDS)('store on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let store: Store;
    let projectId: string;
    let accountId: string;
    beforeAll(async () => {
      store = await openTestStore(kind);
      const user = await createUser(store.db, { email: `s${Math.random()}@example.com` });
      const account = await store.transaction((trx) => createAccount(trx, { name: 'T', ownerUserId: user.id }));
      accountId = account.id;
      projectId = (await store.transaction((trx) => createProject(trx, { accountId, ownerUserId: user.id, name: 'P' }))).id;
    });
    afterAll(() => store?.close());

    it('migrations are idempotent', async () => {
      await migrateToLatest(store.db);
      const rows = await store.db.selectFrom('projects').select('id').execute();
      expect(rows.map((r) => r.id)).toContain(projectId);
    });

    it('migration 007 renames tag names left repeated by a race, the oldest keeping its name, then makes them unique', async () => {
      const { sql } = await import('kysely');
      await sql`DROP INDEX tags_project_name`.execute(store.db);
      const tag = (text: string, at: string) => ({
        id: newId(),
        shortId: shortHash('T', newId()),
        projectId,
        text,
        description: '',
        color: null,
        createdAt: at,
        updatedAt: at,
      });
      const rows = [
        tag('Urgent', '2026-01-01T00:00:00Z'),
        tag('urgent ', '2026-01-02T00:00:00Z'),
        tag('URGENT', '2026-01-03T00:00:00Z'),
        tag('Urgent (2)', '2026-01-04T00:00:00Z'),
      ];
      await store.db.insertInto('tags').values(rows).execute();
      const { up } = await import('../../src/store/migrations/007-tag-names-unique.js');
      await up(store.db);
      const texts = await store.db.selectFrom('tags').select(['id', 'text']).where('projectId', '=', projectId).execute();
      const byId = new Map(texts.map((t) => [t.id, t.text]));
      expect(rows.map((r) => byId.get(r.id))).toEqual(['Urgent', 'urgent (3)', 'URGENT (4)', 'Urgent (2)']);
      await expect(store.db.insertInto('tags').values(tag(' urgent', '2026-01-05T00:00:00Z')).execute()).rejects.toThrow();
    });

    it('round-trips long unicode text and nulls', async () => {
      const text = `Ünïcödé 你好 🙂 ${'x'.repeat(3_000_000)}`;
      const doc = await insertDocument(store, projectId, { text, creditCost: null });
      const back = await store.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect(back.text).toBe(text);
      expect(back.creditCost).toBeNull();
      expect(back.sourceUrl).toBeNull();
    });

    it('hands out per-project counters once each, also under concurrency', async () => {
      const got = await Promise.all(Array.from({ length: 20 }, () => store.transaction((trx) => nextCounter(trx, projectId, 'noteCounter'))));
      expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('enforces unique short ids within a project', async () => {
      const id = newId();
      const row = { id, projectId, shortId: shortHash('T', id), text: 't', description: '', color: null, createdAt: 'x', updatedAt: 'x' };
      await store.db.insertInto('tags').values(row).execute();
      await expect(
        store.db
          .insertInto('tags')
          .values({ ...row, id: newId() })
          .execute(),
      ).rejects.toThrow();
    });

    it("cascades a document's deletion to its chunks and metadata values", async () => {
      const doc = await insertDocument(store, projectId, {});
      await store.db
        .insertInto('chunks')
        .values({ id: newId(), projectId, documentId: doc.id, idx: 0, text: 'c', speaker: null, startOffset: 0, endOffset: 1 })
        .execute();
      await store.db.deleteFrom('documents').where('id', '=', doc.id).execute();
      expect(await store.db.selectFrom('chunks').select('id').where('documentId', '=', doc.id).execute()).toEqual([]);
    });

    it('rolls back a transaction that throws', async () => {
      await expect(
        store.transaction(async (trx) => {
          await grantCredits(trx, { accountId }, 50, 'test');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await balanceOf(store.db, { accountId })).toBe(0);
    });

    it('keeps the balance equal to the ledger, refuses overdrafts, and lets exactly 3 of 10 concurrent charges of 30 through 100', async () => {
      await store.transaction((trx) => grantCredits(trx, { accountId }, 100, 'grant'));
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.transaction((trx) => chargeCredits(trx, { accountId }, 30, 'charge', { projectId, documentIds: [] }))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as DomainError).status).toBe(402);
      const balance = await balanceOf(store.db, { accountId });
      expect(balance).toBe(10);
      expect((await ledgerOf(store.db, { accountId })).reduce((s, e) => s + e.amount, 0)).toBe(balance);
      await store.transaction((trx) => grantCredits(trx, { accountId }, -10, 'take back'));
      expect(await balanceOf(store.db, { accountId })).toBe(0);
    });
  });
});
