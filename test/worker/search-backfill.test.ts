import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, openTestStore, skipKind } from '../helpers/stores.js';
import type { Store } from '../../src/store/store.js';
import type { Row } from '../../src/store/tables.js';
import type { WorkerContext } from '../../src/worker/context.js';
import { searchBackfillJob } from '../../src/worker/search-backfill.js';
import { newId } from '../../src/domain/ids.js';
import { createUser } from '../../src/domain/users.js';
import { createAccount } from '../../src/domain/accounts.js';
import { createProject } from '../../src/domain/projects.js';
import { search } from '../../src/domain/search.js';
import { countMatching } from '../../src/store/chunk-terms.js';
import { insertDocument } from '../helpers/documents.js';

/** Documents processed before search kept what it ranks chunks by: found meanwhile, written by the worker, never by a search. */
describe.each(STORE_KINDS)('the search backfill on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let store: Store;
    let project: Row<'projects'>;
    beforeAll(async () => {
      store = await openTestStore(kind);
      const user = await createUser(store.db, { email: `b${Math.random()}@example.com` });
      const account = await store.transaction((trx) => createAccount(trx, { name: 'B', ownerUserId: user.id }));
      project = await store.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: user.id, name: 'P' }));
    });
    afterAll(() => store?.close());

    it('finds an older document by its words meanwhile, without writing; the worker then writes it, and again after a change of locale', async () => {
      const doc = await insertDocument(store, project.id);
      const texts = ['The zeppelin landed on the allotment.', 'Nobody expected an airship there.'];
      for (const [idx, text] of texts.entries())
        await store.db
          .insertInto('chunks')
          .values({ id: newId(), projectId: project.id, documentId: doc.id, idx, text, speaker: null, startOffset: 0, endOffset: text.length })
          .execute();
      const scope = { store, project, userId: null };
      const found = await search(scope, { action: 'search', query: 'zeppelin' });
      expect(found.results.map((r) => r.text)).toEqual([texts[0]]);
      expect(await store.db.selectFrom('documentSearch').selectAll().execute()).toEqual([]);
      expect(await countMatching(store, project.id, { groups: [['zeppelin']] }, 10)).toBe(0);

      const worker = { store } as unknown as WorkerContext;
      expect(await searchBackfillJob.run(worker)).toBe(true);
      expect(await searchBackfillJob.run(worker)).toBe(false);
      const row = await store.db.selectFrom('documentSearch').selectAll().where('documentId', '=', doc.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ projectId: project.id, locale: 'en' });
      expect(row.chunkIds.split(' ')).toHaveLength(2);
      expect(await countMatching(store, project.id, { groups: [['zeppelin']] }, 10)).toBe(1);
      await store.db
        .updateTable('documents')
        .set({ updatedAt: new Date(Date.now() + 1000).toISOString() })
        .where('id', '=', doc.id)
        .execute();
      expect((await search(scope, { action: 'search', query: 'zeppelin' })).results.map((r) => r.text)).toEqual([texts[0]]);

      await store.db.updateTable('projects').set({ locale: 'de' }).where('id', '=', project.id).execute();
      // The last look found nothing, so the next is a minute later; another worker process looks at once.
      expect(await searchBackfillJob.run(worker)).toBe(false);
      const another = { store: { ...store } } as unknown as WorkerContext;
      expect(await searchBackfillJob.run(another)).toBe(true);
      expect(await store.db.selectFrom('documentSearch').select('locale').where('documentId', '=', doc.id).executeTakeFirstOrThrow()).toEqual({ locale: 'de' });
      const chunks = await store.db.selectFrom('chunks').select('searchLocale').where('documentId', '=', doc.id).execute();
      expect(chunks.map((c) => c.searchLocale)).toEqual(['de', 'de']);
    });
  });
});
