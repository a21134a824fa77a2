import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STORE_KINDS, openTestStore, skipKind } from '../helpers/stores.js';
import type { Store } from '../../src/store/store.js';
import type { Row } from '../../src/store/tables.js';
import { newId } from '../../src/domain/ids.js';
import { createUser } from '../../src/domain/users.js';
import { createAccount } from '../../src/domain/accounts.js';
import { createProject } from '../../src/domain/projects.js';
import { search } from '../../src/domain/search.js';
import { chunksMatching, countMatching, termFrequencies } from '../../src/store/chunk-terms.js';
import { analyseForSearch, documentSearchRow, encodeAnalysed } from '../../src/engine/search/analysed.js';
import { SearchIndex } from '../../src/engine/search/index.js';
import { DOCUMENTS, QUERIES } from '../eval/corpus.js';
import { insertDocument } from '../helpers/documents.js';

/**
 * The store's full-text index over chunk terms (migration 009), on both engines: it answers
 * what a scan of the stored terms would, inside one project, and follows every write; and a
 * search whose matches outnumber the candidates it scores still counts and pages through all.
 */
const VOCABULARY = ['bicycle', 'rota', 'e-mail', 'ticket', 'café', 'garden', 'rain', 'shift'];

describe.each(STORE_KINDS)('chunk terms on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let store: Store;
    let project: Row<'projects'>;
    let other: Row<'projects'>;
    let userId: string;
    /** Each chunk's terms as written, by id: what the index must agree with. */
    const written = new Map<string, { projectId: string; documentId: string; role: string | null; terms: string[] }>();

    async function addChunks(projectId: string, texts: string[]): Promise<Row<'documents'>> {
      const doc = await insertDocument(store, projectId);
      for (const [idx, text] of texts.entries()) {
        const id = newId();
        const stored = encodeAnalysed(analyseForSearch(text, 'en'), 'en');
        // A transcript's turns: every third the interviewer's (a search of participants' turns leaves them out).
        const role = idx % 3 === 0 ? 'interviewer' : 'participant';
        await store.db
          .insertInto('chunks')
          .values({ ...stored, id, projectId, documentId: doc.id, idx, text, speaker: null, role, startOffset: 0, endOffset: text.length })
          .execute();
        written.set(id, { projectId, documentId: doc.id, role, terms: stored.searchTerms.split(' ') });
      }
      return doc;
    }

    const scan = (projectId: string, groups: string[][], without: string[] = [], docs: Set<string> | null = null, role: string | null = null) =>
      [...written]
        .filter(([, c]) => c.projectId === projectId && (docs === null || docs.has(c.documentId)) && (role === null || c.role === role))
        .filter(([, c]) => groups.some((g) => g.every((t) => c.terms.includes(t))) && !without.some((t) => c.terms.includes(t)))
        .map(([id]) => id)
        .sort();

    beforeAll(async () => {
      store = await openTestStore(kind);
      const user = await createUser(store.db, { email: `t${Math.random()}@example.com` });
      userId = user.id;
      const account = await store.transaction((trx) => createAccount(trx, { name: 'T', ownerUserId: user.id }));
      project = await store.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: user.id, name: 'P' }));
      other = await store.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: user.id, name: 'Q' }));
      let seed = 11;
      const pick = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return VOCABULARY[seed % VOCABULARY.length]!;
      };
      for (const p of [project, other])
        for (let d = 0; d < 4; d++)
          await addChunks(
            p.id,
            Array.from({ length: 12 }, () => `We talked about the ${pick()} and the ${pick()}.`),
          );
    });
    afterAll(() => store?.close());

    it('finds what a scan of the stored terms finds, in its own project only', async () => {
      const stems = [...new Set([...written.values()].flatMap((c) => c.terms))];
      const docs = [...new Set([...written.values()].filter((c) => c.projectId === project.id).map((c) => c.documentId))];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(fc.constantFrom(...stems), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }),
          fc.array(fc.constantFrom(...stems), { maxLength: 1 }),
          fc.option(fc.subarray(docs, { minLength: 1 }), { nil: null }),
          // A share of matches the caller expects (right or wrong): on PostgreSQL the first chunks are read before the index (migration 017).
          fc.option(fc.constantFrom(0.02, 0.3, 1), { nil: undefined }),
          fc.option(fc.constant('participant' as const), { nil: null }),
          async (groups, without, filter, share, role) => {
            const allowed = filter ? new Set(filter) : null;
            const expected = scan(project.id, groups, without, allowed, role);
            const query = { groups, without, documentIds: allowed, share, role };
            expect(await countMatching(store, project.id, query, 1000)).toBe(expected.length);
            expect(await countMatching(store, project.id, query, 2)).toBe(Math.min(2, expected.length));
            expect((await chunksMatching(store, project.id, query, 1000)).sort()).toEqual(expected);
            const few = await chunksMatching(store, project.id, query, 3);
            expect(few).toHaveLength(Math.min(3, expected.length));
            for (const id of few) expect(expected).toContain(id);
          },
        ),
        { numRuns: 60 },
      );
      const frequencies = await termFrequencies(store, project.id, [...stems, 'absent'], 1000);
      for (const t of stems) expect(frequencies.get(t)).toBe(scan(project.id, [[t]]).length);
      expect(frequencies.get('absent')).toBe(0);
    });

    it('finds a rare word all the same where the caller expected it to be common (the first chunks read hold too few)', async () => {
      const sparse = await store.transaction((trx) => createProject(trx, { accountId: project.accountId, ownerUserId: userId, name: 'S' }));
      await addChunks(
        sparse.id,
        Array.from({ length: 40 }, (_, i) => (i % 10 === 9 ? 'The garden flooded.' : 'The rain again.')),
      );
      for (const share of [undefined, 1, 0.3, 0.05]) {
        const found = await chunksMatching(store, sparse.id, { groups: [['garden']], share }, 3);
        expect(found, String(share)).toHaveLength(3);
        for (const id of found) expect(scan(sparse.id, [['garden']])).toContain(id);
        expect(await countMatching(store, sparse.id, { groups: [['garden']], share }, 1000), String(share)).toBe(4);
      }
    });

    it('follows deletions and rewritten terms', async () => {
      const doc = await addChunks(project.id, ['A quandary about the zeppelin.']);
      expect(await countMatching(store, project.id, { groups: [['zeppelin']] }, 10)).toBe(1);
      await store.db.updateTable('chunks').set({ searchTerms: 'airship' }).where('documentId', '=', doc.id).execute();
      expect(await countMatching(store, project.id, { groups: [['zeppelin']] }, 10)).toBe(0);
      expect(await countMatching(store, project.id, { groups: [['airship']] }, 10)).toBe(1);
      await store.db.deleteFrom('chunks').where('documentId', '=', doc.id).execute();
      expect(await countMatching(store, project.id, { groups: [['airship']] }, 10)).toBe(0);
      for (const [id, c] of written) if (c.documentId === doc.id) written.delete(id);
    });

    it('ranks the evaluation corpus as the offline engine ranks it whole: the same results, scores and totals', async () => {
      const corpus = await store.transaction((trx) => createProject(trx, { accountId: project.accountId, ownerUserId: userId, name: 'Eval' }));
      const engine = new SearchIndex('en');
      for (const paragraphs of DOCUMENTS) {
        const doc = await insertDocument(store, corpus.id);
        const read = paragraphs.map((text, idx) => ({ id: newId(), idx, text, analysed: analyseForSearch(text, 'en') }));
        for (const c of read) {
          await store.db
            .insertInto('chunks')
            .values({
              ...encodeAnalysed(c.analysed, 'en'),
              id: c.id,
              projectId: corpus.id,
              documentId: doc.id,
              idx: c.idx,
              text: c.text,
              speaker: null,
              startOffset: 0,
              endOffset: c.text.length,
            })
            .execute();
          engine.add({ id: c.id, kind: 'chunk', documentId: doc.id, text: c.text });
        }
        await store.db
          .insertInto('documentSearch')
          .values({ documentId: doc.id, projectId: corpus.id, ...documentSearchRow(read, 'en') })
          .execute();
      }
      const texts = new Map(
        (await store.db.selectFrom('chunks').select(['id', 'text']).where('projectId', '=', corpus.id).execute()).map((r) => [r.id, r.text]),
      );
      const scope = { store, project: corpus, userId: null };
      for (const { q } of QUERIES) {
        const ours = (await search(scope, { action: 'search', query: q, topK: 10 })).results;
        const theirs = engine.search([q], { topK: 10 });
        expect(ours.length, q).toBe(theirs.hits.length);
        expect((await search(scope, { action: 'search', query: q, topK: 1 })).total, q).toBe(theirs.total);
        expect(
          ours.map((r) => [r.text, r.score]),
          q,
        ).toEqual(theirs.hits.map((h) => [texts.get(h.id), h.score]));
      }
    });

    it('counts and pages through every match when they outnumber the candidates a search scores', async () => {
      const crowded = await store.transaction((trx) => createProject(trx, { accountId: project.accountId, ownerUserId: userId, name: 'R' }));
      for (let d = 0; d < 3; d++)
        await addChunks(
          crowded.id,
          Array.from({ length: 110 }, (_, i) => `Chunk ${d}-${i}: the tram was late ${i % 7 === 0 ? 'again, and the tram driver shrugged' : 'today'}.`),
        );
      const scope = { store, project: crowded, userId: null };
      const seen: string[] = [];
      let total = -1;
      for (let offset = 0; offset < 400; offset += 50) {
        const page = await search(scope, { action: 'search', query: 'tram', topK: 50, offset });
        total = page.total;
        seen.push(...page.results.map((r) => r.id));
        if (page.results.length < 50) break;
      }
      expect(total).toBe(330);
      expect(new Set(seen).size).toBe(330);
      const first = await search(scope, { action: 'search', query: 'tram', topK: 5 });
      // Those holding the word twice come first.
      for (const r of first.results) expect(r.text).toContain('tram driver');
    });

    it('answers a total of 1,000 where a query word is held by more chunks, and the exact count of a rarer word', async () => {
      const crowded = await store.transaction((trx) => createProject(trx, { accountId: project.accountId, ownerUserId: userId, name: 'C' }));
      await addChunks(
        crowded.id,
        Array.from({ length: 1100 }, (_, i) => `Chunk ${i}: the bus was late ${i % 50 === 0 ? 'and the ferry too' : 'today'}.`),
      );
      const scope = { store, project: crowded, userId: null };
      for (const query of ['bus', 'bus ferry', 'ferry and a bus']) expect((await search(scope, { action: 'search', query, topK: 10 })).total, query).toBe(1000);
      expect((await search(scope, { action: 'search', query: 'ferry', topK: 10 })).total).toBe(22);
      expect((await search(scope, { action: 'search', query: 'ferry', topK: 10, offset: 990 })).results).toEqual([]);
      const last = await search(scope, { action: 'search', query: 'bus', topK: 10, offset: 990 });
      expect(last.results).toHaveLength(10);
    });
  });
});
