import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { sql } from 'kysely';
import { STORE_KINDS, openTestStore, skipKind } from '../helpers/stores.js';
import type { Store } from '../../src/store/store.js';
import type { Row } from '../../src/store/tables.js';
import type { WorkerContext } from '../../src/worker/context.js';
import { MAX_RECHUNK_ATTEMPTS, rechunkJob } from '../../src/worker/rechunk.js';
import { readChunks, replaceChunks } from '../../src/worker/process-document.js';
import { JOB_KINDS } from '../../src/worker/runner.js';
import { up as markForRechunking } from '../../src/store/migrations/015-rechunks.js';
import { up as markElidedTerms } from '../../src/store/migrations/016-elided-terms.js';
import { chunkText, type Chunk } from '../../src/engine/chunk.js';
import { createUser } from '../../src/domain/users.js';
import { createAccount } from '../../src/domain/accounts.js';
import { createProject } from '../../src/domain/projects.js';
import { search } from '../../src/domain/search.js';
import { countMatching } from '../../src/store/chunk-terms.js';
import { insertDocument } from '../helpers/documents.js';

/**
 * Upgrading past issue 44 (migration 015, worker/rechunk.ts): a transcript processed before turns
 * were kept has chunks holding labels and time stamps, two speakers each, role null. The worker
 * chunks it again from its stored text, at no credit cost and without leaving `ready`; prose is
 * left as it is; a claim whose worker died is taken again after its lease and writes once.
 */
const ZOOM = `Pay and conditions interview, P4 (Ruth Evans, warehouse picker)
[Dana Whitfield] 10:00:04
Thanks for coming in. How has the pay been since the new contract started in the warehouse?
[Ruth Evans] 10:00:11
There was no pay rise at all this year, even though the rent went up again and the bus fares too.
[Dana Whitfield] 10:00:44
What about the night shifts?
[Ruth Evans] 10:00:49
Night shifts pay a bit more, but my knees cannot take the cold floor of the freezer section any more.
`;
const NOTES = `Field notes from the site visit.

The warehouse had new signs about the pay rise negotiations on every wall, and the canteen was closed for repairs.`;
const LABEL_OR_STAMP = /\[(?:Dana Whitfield|Ruth Evans)\]|\b\d{1,2}:\d{2}(?::\d{2})?\b/;

/** Chunks as the chunker before issue 44 made a transcript: slices of the text, labels and time stamps inside, no speaker or role. */
function oldChunks(text: string): Chunk[] {
  const second = text.indexOf('[Dana Whitfield] 10:00:44');
  const bounds = [
    [0, text.slice(0, second).trimEnd().length],
    [second, text.trimEnd().length],
  ] as const;
  return bounds.map(([start, end], idx) => ({ idx, text: text.slice(start, end), speaker: null, role: null, start, end }));
}

describe.each(STORE_KINDS)('re-chunking documents processed before turns, on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let store: Store;
    let project: Row<'projects'>;
    let accountId: string;
    const log = pino({ level: 'silent' });
    const worker = (owner: string, hooks?: WorkerContext['hooks']) =>
      ({ store, owner, leaseMs: 60_000, log, config: { llm: {} }, hooks }) as unknown as WorkerContext;

    /** A ready document with `chunks` written as processing wrote them (terms, `document_search`). */
    async function processedWith(text: string, chunks: Chunk[]): Promise<Row<'documents'>> {
      const doc = await insertDocument(store, project.id, { text });
      const read = readChunks(chunks, project.locale);
      await store.transaction((trx) => replaceChunks(trx, doc, chunks, read, project.locale));
      return doc;
    }
    const chunksOf = (documentId: string) =>
      store.db
        .selectFrom('chunks')
        .select(['id', 'idx', 'text', 'speaker', 'role', 'startOffset', 'endOffset'])
        .where('documentId', '=', documentId)
        .orderBy('idx')
        .execute();
    const drain = async (w: WorkerContext) => {
      let n = 0;
      while (await rechunkJob.run(w)) n++;
      return n;
    };
    const ledger = async () => (await store.db.selectFrom('creditLedger').select('id').execute()).length;

    beforeAll(async () => {
      store = await openTestStore(kind);
      const user = await createUser(store.db, { email: `r${Math.random()}@example.com` });
      const account = await store.transaction((trx) => createAccount(trx, { name: 'R', ownerUserId: user.id }));
      accountId = account.id;
      project = await store.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: user.id, name: 'P' }));
    });
    afterAll(() => store?.close());

    it('is one of the worker’s jobs', () => {
      expect(JOB_KINDS).toContain(rechunkJob);
    });

    it('marks ready documents without a chunk of a role; chunks a transcript as turns, search finds them; prose untouched; no credit', async () => {
      const transcript = await processedWith(ZOOM, oldChunks(ZOOM));
      const notes = await processedWith(NOTES, chunkText(NOTES, { locale: 'en' }));
      const current = await processedWith(ZOOM, chunkText(ZOOM, { locale: 'en' }));
      const failed = await insertDocument(store, project.id, { text: ZOOM, status: 'failed' });
      // The migration, as it runs on an installation upgraded to it.
      await sql`drop table rechunks`.execute(store.db);
      await markForRechunking(store.db);
      await markElidedTerms(store.db);
      const marked = (await store.db.selectFrom('rechunks').select('id').execute()).map((r) => r.id).sort();
      expect(marked).toEqual([transcript.id, notes.id].sort());
      expect(marked).not.toContain(current.id);
      expect(marked).not.toContain(failed.id);

      const scope = { store, project, userId: null };
      const before = (await search(scope, { action: 'search', query: 'freezer' })).results.filter((r) => r.type === 'chunk');
      const old = before.filter((r) => r.documentId === `D${transcript.counter}`);
      expect(old).toHaveLength(1);
      expect(old[0]!.text).toMatch(LABEL_OR_STAMP);
      expect(old[0]!.role).toBeNull();
      const notesBefore = await chunksOf(notes.id);
      const credits = await ledger();
      const balance = await store.db.selectFrom('accounts').select('creditBalance').where('id', '=', accountId).executeTakeFirstOrThrow();

      expect(await drain(worker('w1'))).toBe(2);

      const turns = await chunksOf(transcript.id);
      const expected = chunkText(ZOOM, { locale: 'en' });
      expect(turns.map((c) => [c.text, c.speaker, c.role, Number(c.startOffset), Number(c.endOffset)])).toEqual(
        expected.map((c) => [c.text, c.speaker, c.role, c.start, c.end]),
      );
      expect(turns.map((c) => c.role)).toEqual([null, 'interviewer', 'participant', 'interviewer', 'participant']);
      for (const c of turns.slice(1)) expect(c.text).not.toMatch(LABEL_OR_STAMP);
      const row = await store.db.selectFrom('documentSearch').selectAll().where('documentId', '=', transcript.id).executeTakeFirstOrThrow();
      expect(row.chunkIds.split(' ')).toEqual(turns.map((c) => c.id));
      // The full-text index holds the new chunks alone: one match in this document, one in its twin processed with turns.
      expect(await countMatching(store, project.id, { groups: [['freezer']] }, 10)).toBe(2);
      const doc = await store.db.selectFrom('documents').selectAll().where('id', '=', transcript.id).executeTakeFirstOrThrow();
      expect(doc.status).toBe('ready');
      expect(doc.updatedAt > transcript.updatedAt).toBe(true);

      const after = (await search(scope, { action: 'search', query: 'freezer' })).results.filter((r) => r.type === 'chunk');
      expect(after.map((r) => [r.documentId, r.speaker, r.role, r.text]).sort()).toEqual(
        [`D${transcript.counter}`, `D${current.counter}`]
          .sort()
          .map((d) => [
            d,
            'Ruth Evans',
            'participant',
            'Night shifts pay a bit more, but my knees cannot take the cold floor of the freezer section any more.',
          ]),
      );
      const onlyParticipants = await search(scope, { action: 'search', query: 'night shifts', participantsOnly: true });
      expect(onlyParticipants.results.filter((r) => r.type === 'chunk' && r.documentId === `D${transcript.counter}`)).toHaveLength(1);

      // Prose: the same chunks, not written again (same ids), the document not touched.
      expect(await chunksOf(notes.id)).toEqual(notesBefore);
      const notesNow = await store.db.selectFrom('documents').select('updatedAt').where('id', '=', notes.id).executeTakeFirstOrThrow();
      expect(notesNow.updatedAt).toBe(notes.updatedAt);

      expect(await ledger()).toBe(credits);
      expect(await store.db.selectFrom('accounts').select('creditBalance').where('id', '=', accountId).executeTakeFirstOrThrow()).toEqual(balance);
      expect(await store.db.selectFrom('rechunks').selectAll().execute()).toEqual([]);
      expect(await rechunkJob.run(worker('w1'))).toBe(false);
    });

    it('writes the search terms of a French project’s documents again, read without their elided words (migration 016)', async () => {
      const owner = await createUser(store.db, { email: `f${Math.random()}@example.com` });
      const fr = await store.transaction((trx) => createProject(trx, { accountId, ownerUserId: owner.id, name: 'F', locale: 'fr' }));
      const text = "Notes de terrain.\n\nJe n'ouvre jamais l'application du vélo partagé le matin, elle est trop lente.";
      const doc = await insertDocument(store, fr.id, { text });
      const chunks = chunkText(text, { locale: 'fr' });
      // Terms as they were stored before the elided words were taken off: "l'appliqu".
      const stale = readChunks(chunks, 'fr').map((r) => ({
        ...r,
        columns: { ...r.columns, searchTerms: r.columns.searchTerms.replace(/\bappliqu\b/, "l'appliqu") },
      }));
      expect(stale.some((r) => r.columns.searchTerms.includes("l'appliqu"))).toBe(true);
      await store.transaction((trx) => replaceChunks(trx, doc, chunks, stale, 'fr'));
      const scope = { store, project: fr, userId: null };
      const found = async () => (await search(scope, { action: 'search', query: 'application' })).results.filter((r) => r.type === 'chunk');
      expect(await found()).toEqual([]);

      await sql`drop table rechunks`.execute(store.db);
      await markForRechunking(store.db);
      await markElidedTerms(store.db);
      const mark = await store.db.selectFrom('rechunks').select(['id', 'reindex']).where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect(Number(mark.reindex)).toBe(1);
      const before = await chunksOf(doc.id);

      await drain(worker('w7'));
      const after = await chunksOf(doc.id);
      expect(after.map((c) => c.text)).toEqual(before.map((c) => c.text));
      const terms = await store.db.selectFrom('chunks').select('searchTerms').where('documentId', '=', doc.id).execute();
      expect(terms.map((t) => t.searchTerms).join(' ')).not.toContain("'");
      expect((await found()).map((r) => r.documentId)).toEqual([`D${doc.counter}`]);
      expect(await store.db.selectFrom('rechunks').selectAll().execute()).toEqual([]);
    });

    it('takes a document again once the lease of a worker that died lapses, and writes its chunks once', async () => {
      const doc = await processedWith(ZOOM, oldChunks(ZOOM));
      const now = new Date().toISOString();
      await store.db.insertInto('rechunks').values({ id: doc.id, createdAt: now }).execute();
      // Claimed by a worker that died: not taken while its lease runs.
      await store.db
        .updateTable('rechunks')
        .set({ leaseOwner: 'dead', leaseExpiresAt: new Date(Date.now() + 60_000).toISOString(), attempts: 1 })
        .where('id', '=', doc.id)
        .execute();
      expect(await rechunkJob.run(worker('w2'))).toBe(false);
      expect((await chunksOf(doc.id)).map((c) => c.role)).toEqual([null, null]);
      await store.db
        .updateTable('rechunks')
        .set({ leaseExpiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', doc.id)
        .execute();

      // Taken again by w3; w3 stalls before writing until its lease lapses and w4 has taken it and finished: w3 writes nothing.
      let w4Chunks: string[] = [];
      const stalled = worker('w3', {
        beforeRechunkWrite: async () => {
          await store.db
            .updateTable('rechunks')
            .set({ leaseExpiresAt: new Date(Date.now() - 1000).toISOString() })
            .where('id', '=', doc.id)
            .execute();
          expect(await rechunkJob.run(worker('w4'))).toBe(true);
          w4Chunks = (await chunksOf(doc.id)).map((c) => c.id);
        },
      });
      expect(await rechunkJob.run(stalled)).toBe(true);
      const chunks = await chunksOf(doc.id);
      expect(chunks.map((c) => c.id)).toEqual(w4Chunks);
      expect(chunks.map((c) => c.text)).toEqual(chunkText(ZOOM, { locale: 'en' }).map((c) => c.text));
      expect(chunks.map((c) => c.idx).map(Number)).toEqual([0, 1, 2, 3, 4]);
      const row = await store.db.selectFrom('documentSearch').selectAll().where('documentId', '=', doc.id).executeTakeFirstOrThrow();
      expect(row.chunkIds.split(' ')).toEqual(w4Chunks);
      expect(await store.db.selectFrom('rechunks').selectAll().execute()).toEqual([]);
      expect(await rechunkJob.run(worker('w5'))).toBe(false);
    });

    it('leaves a document whose claims never finished after the last attempt', async () => {
      const doc = await processedWith(ZOOM, oldChunks(ZOOM));
      await store.db
        .insertInto('rechunks')
        .values({
          id: doc.id,
          createdAt: new Date().toISOString(),
          attempts: MAX_RECHUNK_ATTEMPTS,
          leaseOwner: 'dead',
          leaseExpiresAt: new Date(0).toISOString(),
        })
        .execute();
      expect(await rechunkJob.run(worker('w6'))).toBe(false);
      expect((await chunksOf(doc.id)).map((c) => c.role)).toEqual([null, null]);
      await store.db.deleteFrom('rechunks').execute();
    });
  });
});
