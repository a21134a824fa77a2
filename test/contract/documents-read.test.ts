import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { makeTestApp, seedProject, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { insertDocument } from '../helpers/documents.js';
import { newId, shortHash } from '../../src/domain/ids.js';

const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A 200 whose body carries no raw UUID anywhere (read/write surfaces emit short ids only). */
function answer(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(UUID_PATTERN);
  return res.json();
}

describe.each(STORE_KINDS)('get_documents on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const read = (body: Record<string, unknown> = {}) => t.post(READ, f.readKey, { action: 'get_documents', ...body });
    const now = () => new Date().toISOString();

    async function insertTag(text: string, documentIds: string[]) {
      const id = newId();
      await t.app.store.db
        .insertInto('tags')
        .values({ id, projectId: f.projectId, shortId: shortHash('T', id), text, description: '', color: null, createdAt: now(), updatedAt: now() })
        .execute();
      for (const targetId of documentIds)
        await t.app.store.db.insertInto('tagTargets').values({ tagId: id, targetType: 'document', targetId, projectId: f.projectId }).execute();
      return shortHash('T', id);
    }

    async function insertField(text: string, shortName: string) {
      const id = newId();
      await t.app.store.db
        .insertInto('metadataFields')
        .values({
          id,
          projectId: f.projectId,
          shortId: shortHash('F', id),
          text,
          shortName,
          description: '',
          parentId: null,
          valueType: null,
          allowedValues: null,
          answerSetOpen: 0,
          createdAt: now(),
          updatedAt: now(),
        })
        .execute();
      return id;
    }

    async function insertValue(documentId: string, fieldId: string, v: { text: string; shortName?: string; value?: unknown; refusedText?: string }) {
      await t.app.store.db
        .insertInto('metadataValues')
        .values({
          id: newId(),
          projectId: f.projectId,
          documentId,
          fieldId,
          text: v.text,
          shortName: v.shortName ?? null,
          value: v.value === undefined ? null : JSON.stringify(v.value),
          refusedText: v.refusedText ?? null,
          refusedShortName: null,
          createdAt: now(),
          updatedAt: now(),
        })
        .execute();
    }

    beforeAll(async () => {
      t = await makeTestApp(kind);
    });
    beforeEach(async () => {
      f = await seedProject(t);
    });
    afterAll(() => t?.close());

    it('answers an empty list for a project without documents', async () => {
      expect(answer(await read())).toEqual({ documents: [] });
    });

    it('lists every document in creation order with status, price, tags and metadata values', async () => {
      const ready = await insertDocument(t.app.store, f.projectId, { filename: 'interview.txt', text: 'one two three', creditCost: 2 });
      const waiting = await insertDocument(t.app.store, f.projectId, { status: 'awaiting_confirmation', pipeline: 'anonymized', creditCost: 4 });
      const empty = await insertDocument(t.app.store, f.projectId, { status: 'empty', creditCost: 0, text: '' });
      const tag = await insertTag('vip', [ready.id]);
      const role = await insertField('Role of the participant', 'role');
      await insertValue(ready.id, role, { text: 'Manager', shortName: 'mgr', value: { level: 3 } });
      const { documents } = answer(await read());
      expect(documents.map((d: { id: string }) => d.id)).toEqual([`D${ready.counter}`, `D${waiting.counter}`, `D${empty.counter}`]);
      expect(documents[0]).toEqual({
        id: `D${ready.counter}`,
        filename: 'interview.txt',
        status: 'ready',
        pipeline: 'standard',
        creditCost: 2,
        wordCount: 3,
        error: null,
        tags: [{ id: tag, text: 'vip' }],
        metadata: [{ fieldId: shortHash('F', role), field: 'role', text: 'Manager', shortName: 'mgr', value: { level: 3 }, refused: null }],
        createdAt: ready.createdAt,
        updatedAt: ready.updatedAt,
      });
      expect(documents[1]).toMatchObject({ status: 'awaiting_confirmation', pipeline: 'anonymized', creditCost: 4, tags: [], metadata: [] });
      expect(documents[2]).toMatchObject({ status: 'empty', creditCost: 0 });
    });

    it('shows a refused metadata answer on the document', async () => {
      const doc = await insertDocument(t.app.store, f.projectId);
      const consent = await insertField('Consent given', 'consent');
      await insertValue(doc.id, consent, { text: '', refusedText: 'Maybe' });
      const { document } = answer(await read({ id: `D${doc.counter}` }));
      expect(document.metadata).toEqual([
        { fieldId: shortHash('F', consent), field: 'consent', text: '', shortName: null, value: null, refused: { text: 'Maybe', shortName: null } },
      ]);
    });

    it('answers one document by id, the same for every id form', async () => {
      await insertDocument(t.app.store, f.projectId);
      const doc = await insertDocument(t.app.store, f.projectId, { filename: 'second.txt' });
      const byShort = answer(await read({ id: `D${doc.counter}` }));
      expect(byShort.document).toMatchObject({ id: `D${doc.counter}`, filename: 'second.txt' });
      expect(answer(await read({ id: doc.id }))).toEqual(byShort);
      expect(answer(await read({ id: doc.id.toUpperCase() }))).toEqual(byShort);
      expect(answer(await read({ id: `d${doc.counter}` }))).toEqual(byShort);
    });

    it('answers 404 for an id that names nothing, or a document of another project', async () => {
      await insertDocument(t.app.store, f.projectId);
      const other = await seedProject(t);
      const foreign = await insertDocument(t.app.store, other.projectId);
      for (const id of ['D2', newId(), foreign.id, 'I1', 'nonsense']) {
        const res = await read({ id });
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    });

    it('keeps only the documents the filters match', async () => {
      const a = await insertDocument(t.app.store, f.projectId);
      const b = await insertDocument(t.app.store, f.projectId);
      await insertTag('vip', [b.id]);
      expect(answer(await read({ filters: { tags: ['vip'] } })).documents.map((d: { id: string }) => d.id)).toEqual([`D${b.counter}`]);
      expect(answer(await read({ filters: { excludeTags: ['vip'] } })).documents.map((d: { id: string }) => d.id)).toEqual([`D${a.counter}`]);
      expect(answer(await read({ filters: {} })).documents).toHaveLength(2);
    });

    it('refuses unknown members in filters', async () => {
      const res = await read({ filters: { colour: ['red'] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe('/filters/colour');
    });
  });
});
