import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { uploadReady } from '../helpers/upload.js';

describe.each(STORE_KINDS)('search and find_entities on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const search = async (body: Record<string, unknown>) => {
      const res = await t.post(READ, f.readKey, { action: 'search', ...body });
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      const res = await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${f.projectId}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ urls: [] }),
      });
      expect(res.statusCode).toBe(400);
      await uploadReady(
        t,
        f,
        TRANSCRIPTS.map((x) => ({ filename: x.filename, content: x.text })),
      );
    });
    afterAll(() => t?.close());

    const filenameOf = (documentId: string) => TRANSCRIPTS[Number(documentId.slice(1)) - 1]!;

    it('finds meaning beyond shared words', async () => {
      const pricey = await search({ query: 'too expensive', topK: 3 });
      expect(filenameOf(pricey.results[0].documentId).theme).toBe('pricing');
      const bank = await search({ query: "couldn't connect my bank", topK: 3 });
      expect(filenameOf(bank.results[0].documentId).theme).toBe('sync');
      for (const r of bank.results)
        expect(r).toMatchObject({ type: 'chunk', id: expect.stringMatching(/^D\d+:\d+$/), text: expect.any(String), score: expect.any(Number) });
    });

    it('answers only what matches: nothing for absent words, a readable score, how it matched and the matched words marked', async () => {
      expect(await search({ query: 'xylophone quantum' })).toEqual({ results: [], total: 0, offset: 0, topK: 10 });
      const all = await search({ query: 'tutorial', topK: 50 });
      expect(all.total).toBe(all.results.length);
      expect(all.total).toBeGreaterThan(0);
      for (const r of all.results) {
        expect(r.score).toBeGreaterThan(0);
        expect(r.score).toBeLessThanOrEqual(1);
        const marked = r.snippet.highlights.map((h: { start: number; end: number }) => r.snippet.text.slice(h.start, h.end).toLowerCase());
        if (r.matchedBy !== 'meaning') expect(marked).toContain('tutorial');
        expect(r.text).toContain(r.snippet.text.replace(/^…|…$/g, ''));
      }
      const scores = all.results.map((r: { score: number }) => r.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('matches an insight by its statement, never by the name of its category alone', async () => {
      const created = await t.post(WRITE, f.editKey, { action: 'manage_categories', operation: 'create', text: 'Robertson quandary' });
      expect(created.statusCode).toBe(200);
      const category = created.json().category;
      const insight = (
        await t.post(WRITE, f.editKey, {
          action: 'manage_insights',
          operation: 'create',
          categories: [category.id],
          text: 'Participants want a clearer welcome screen',
          documentId: 'D1',
        })
      ).json().insight;
      expect((await search({ query: 'Robertson quandary' })).total).toBe(0);
      expect((await search({ query: 'welcome screen', onlyInsights: true })).results.map((r: { id: string }) => r.id)).toEqual([insight.id]);
      await t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'delete', categories: [], id: insight.id });
    });

    it('reads what it ranks a chunk by from the store, and the text again where that is missing or in another locale', async () => {
      const db = t.app.store.db;
      const stored = await db.selectFrom('chunks').select(['searchTerms', 'searchLocale']).where('projectId', '=', f.projectId).execute();
      expect(stored.length).toBeGreaterThan(0);
      for (const c of stored) expect(c).toMatchObject({ searchTerms: expect.stringMatching(/\S/), searchLocale: 'en' });
      const before = (await search({ query: 'too expensive', topK: 5 })).results.map((r: { id: string }) => r.id);
      // The two best chunks: one stored as read in another locale (its terms say nothing here), one without what search keeps.
      const [first, second] = await Promise.all(
        before.slice(0, 2).map(async (id: string) => {
          const [doc, idx] = id.split(':');
          return db
            .selectFrom('chunks')
            .innerJoin('documents', 'documents.id', 'chunks.documentId')
            .select(['chunks.id', 'chunks.documentId'])
            .where('documents.projectId', '=', f.projectId)
            .where('documents.counter', '=', Number(doc!.slice(1)))
            .where('chunks.idx', '=', Number(idx))
            .executeTakeFirstOrThrow();
        }),
      );
      // As after the project's locale changed (the first), and as a document processed before these were kept (the second).
      await db.updateTable('chunks').set({ searchTerms: 'zzz', searchMeaning: null, searchLocale: 'xx' }).where('id', '=', first!.id).execute();
      await db.updateTable('documentSearch').set({ locale: 'xx' }).where('documentId', '=', first!.documentId).execute();
      await db.updateTable('chunks').set({ searchTerms: null, searchMeaning: null, searchLocale: null }).where('id', '=', second!.id).execute();
      await db.deleteFrom('documentSearch').where('documentId', '=', second!.documentId).execute();
      // Their documents changed: the index reads their chunks from the store again.
      await db
        .updateTable('documents')
        .set({ updatedAt: new Date(Date.now() + 1000).toISOString() })
        .where('id', 'in', [first!.documentId, second!.documentId])
        .execute();
      expect((await search({ query: 'too expensive', topK: 5 })).results.map((r: { id: string }) => r.id)).toEqual(before);
    });

    it('needs exactly one of query and queries, fuses several queries, pages with topK and offset', async () => {
      expect((await t.post(READ, f.readKey, { action: 'search' })).statusCode).toBe(400);
      expect((await t.post(READ, f.readKey, { action: 'search', query: 'a', queries: ['b'] })).statusCode).toBe(400);
      const both = await search({ queries: ['price steep', 'setup tutorial'], topK: 10 });
      const themes = new Set(both.results.map((r: { documentId: string }) => filenameOf(r.documentId).theme));
      expect(themes.has('pricing') && themes.has('onboarding')).toBe(true);
      const all = await search({ query: 'price budget account', topK: 50 });
      expect(all.total).toBeGreaterThan(2);
      const page1 = await search({ query: 'price budget account', topK: 2 });
      const page2 = await search({ query: 'price budget account', topK: 2, offset: 2 });
      expect(page1.results.map((r: { id: string }) => r.id)).toEqual(all.results.slice(0, 2).map((r: { id: string }) => r.id));
      expect(page2.results.map((r: { id: string }) => r.id)).toEqual(all.results.slice(2, 4).map((r: { id: string }) => r.id));
    });

    it('applies filters, keeps onlyInsights to insights, and sees new and deleted insights at once', async () => {
      const filtered = await search({ query: 'price', filters: { documentIds: ['D5'] } });
      expect(filtered.results.every((r: { documentId: string }) => r.documentId === 'D5')).toBe(true);
      const created = (
        await t.post(WRITE, f.editKey, {
          action: 'manage_insights',
          operation: 'create',
          categories: [],
          text: 'Participants find the subscription overpriced',
          documentId: 'D3',
        })
      ).json().insight;
      const found = await search({ query: 'expensive subscription', onlyInsights: true });
      expect(found.results.map((r: { id: string }) => r.id)).toEqual([created.id]);
      await t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'delete', categories: [], id: created.id });
      expect((await search({ query: 'expensive subscription', onlyInsights: true })).results).toEqual([]);
      // A change made by another process (straight in the database) is seen by the next search too.
      const again = (
        await t.post(WRITE, f.editKey, {
          action: 'manage_insights',
          operation: 'create',
          categories: [],
          text: 'Subscription feels overpriced',
          documentId: 'D3',
        })
      ).json().insight;
      expect((await search({ query: 'expensive subscription', onlyInsights: true })).results.map((r: { id: string }) => r.id)).toEqual([again.id]);
      await t.app.store.db
        .deleteFrom('insights')
        .where('projectId', '=', f.projectId)
        .where('counter', '=', Number(again.id.slice(1)))
        .execute();
      expect((await search({ query: 'expensive subscription', onlyInsights: true })).results).toEqual([]);
    });

    it('lists frequent entities and where one is mentioned', async () => {
      const res = await t.post(READ, f.readKey, { action: 'find_entities' });
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json().entities)).toBe(true);
      const mentions = (await t.post(READ, f.readKey, { action: 'find_entities', entity: 'Monday' })).json();
      expect(mentions.mentions[0]).toMatchObject({ documentId: 'D1', snippet: expect.stringContaining('Monday') });
    });
  });
});
