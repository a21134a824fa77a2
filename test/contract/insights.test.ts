import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { makeTestApp, seedProject, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
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

function refusal(res: LightMyRequestResponse, status: number, path?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (path !== undefined) expect(res.json().details).toEqual([{ path, message: expect.any(String) }]);
}

describe.each(STORE_KINDS)('insights on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const write = (body: Record<string, unknown>) => t.post(WRITE, f.editKey, { action: 'manage_insights', categories: [], ...body });
    const read = (body: Record<string, unknown>) => t.post(READ, f.readKey, { action: 'get_insights', ...body });
    const create = async (body: Record<string, unknown>) => answer(await write({ operation: 'create', ...body })).insight;
    const uuidOf = async (shortId: string) =>
      (
        await t.app.store.db
          .selectFrom('insights')
          .select('id')
          .where('projectId', '=', f.projectId)
          .where('counter', '=', Number(shortId.slice(1)))
          .executeTakeFirstOrThrow()
      ).id;
    const categoryUuid = async (text: string) =>
      (await t.app.store.db.selectFrom('categories').select('id').where('projectId', '=', f.projectId).where('text', '=', text).executeTakeFirstOrThrow()).id;

    beforeAll(async () => {
      t = await makeTestApp(kind);
    });
    beforeEach(async () => {
      f = await seedProject(t);
    });
    afterAll(() => t?.close());

    describe('create', () => {
      it('creates an insight with a counter id and empty defaults', async () => {
        const insight = await create({ text: 'Onboarding felt quick' });
        expect(insight).toEqual({
          id: 'I1',
          text: 'Onboarding felt quick',
          description: '',
          quotes: [],
          documentId: null,
          categories: [],
          tags: [],
          analysisId: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        });
        expect(new Date(insight.createdAt).toISOString()).toBe(insight.createdAt);
        expect((await create({ text: 'Second' })).id).toBe('I2');
      });

      it('links a document given in any id form and keeps description and quotes', async () => {
        const doc = await insertDocument(t.app.store, f.projectId);
        const byShort = await create({ text: 'A', documentId: `D${doc.counter}`, description: 'why', quotes: ['"it was quick"', 'second'] });
        const byUuid = await create({ text: 'B', documentId: doc.id });
        expect(byShort).toMatchObject({ documentId: `D${doc.counter}`, description: 'why', quotes: ['"it was quick"', 'second'] });
        expect(byUuid.documentId).toBe(`D${doc.counter}`);
      });

      it('files the insight under categories named by id or text, creating unknown names at top level', async () => {
        const existing = answer(await t.post(WRITE, f.editKey, { action: 'manage_categories', operation: 'create', text: 'Pricing' })).category;
        const other = answer(await t.post(WRITE, f.editKey, { action: 'manage_categories', operation: 'create', text: 'Support' })).category;
        const insight = await create({ text: 'Too expensive', categories: [existing.id, 'support', 'Churn risk', 'Pricing'] });
        expect(insight.categories.map((c: { text: string }) => c.text).sort()).toEqual(['Churn risk', 'Pricing', 'Support']);
        expect(insight.categories).toContainEqual({ id: existing.id, text: 'Pricing' });
        expect(insight.categories).toContainEqual({ id: other.id, text: 'Support' });
        const tree = answer(await t.post(READ, f.readKey, { action: 'get_categories' })).categories;
        const churn = tree.find((c: { text: string }) => c.text === 'Churn risk');
        expect(churn).toMatchObject({ parentId: null, insightCount: 1, children: [] });
        expect(tree).toHaveLength(3);
      });

      it('accepts one category name as a string, and "" or [] as none', async () => {
        expect((await create({ text: 'A', categories: 'Pricing' })).categories).toEqual([{ id: expect.stringMatching(/^C/), text: 'Pricing' }]);
        expect((await create({ text: 'B', categories: '' })).categories).toEqual([]);
        expect((await create({ text: 'C', categories: [] })).categories).toEqual([]);
      });

      it('refuses a create without text, naming the member', async () => {
        refusal(await write({ operation: 'create' }), 400, '/text');
      });

      it('refuses a create without the categories member the schema requires', async () => {
        refusal(await t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'create', text: 'x' }), 400);
      });

      it('answers 404 for an unknown document or one of another project, and creates nothing', async () => {
        const elsewhere = await seedProject(t);
        const foreign = await insertDocument(t.app.store, elsewhere.projectId);
        refusal(await write({ operation: 'create', text: 'x', documentId: 'D99' }), 404);
        refusal(await write({ operation: 'create', text: 'x', documentId: foreign.id }), 404);
        refusal(await write({ operation: 'create', text: 'x', categories: ['New one'], documentId: newId() }), 404);
        expect(answer(await read({})).insights).toEqual([]);
        expect(answer(await t.post(READ, f.readKey, { action: 'get_categories' })).categories).toEqual([]);
      });

      it('answers 404 for a category UUID that names nothing, rather than creating a category named by it', async () => {
        refusal(await write({ operation: 'create', text: 'x', categories: [newId()] }), 404);
        expect(answer(await t.post(READ, f.readKey, { action: 'get_categories' })).categories).toEqual([]);
      });

      it('refuses a read key on the write surface', async () => {
        refusal(await t.post(WRITE, f.readKey, { action: 'manage_insights', operation: 'create', categories: [], text: 'x' }), 403);
      });
    });

    describe('update', () => {
      it('changes only the members sent', async () => {
        const doc = await insertDocument(t.app.store, f.projectId);
        await create({ text: 'Old', description: 'keep me', quotes: ['q'], documentId: doc.id, categories: ['Pricing'] });
        const updated = answer(await write({ operation: 'update', id: 'I1', text: 'New' })).insight;
        expect(updated).toMatchObject({
          id: 'I1',
          text: 'New',
          description: 'keep me',
          quotes: ['q'],
          documentId: `D${doc.counter}`,
          categories: [{ text: 'Pricing' }],
        });
        expect(answer(await read({ id: 'I1' })).insight).toEqual(updated);
      });

      it('replaces categories when given some, and keeps them when given none', async () => {
        await create({ text: 'A', categories: ['Pricing', 'Support'] });
        expect(answer(await write({ operation: 'update', id: 'I1', description: 'd', categories: [] })).insight.categories).toHaveLength(2);
        const replaced = answer(await write({ operation: 'update', id: 'I1', categories: ['Onboarding'] })).insight;
        expect(replaced.categories.map((c: { text: string }) => c.text)).toEqual(['Onboarding']);
      });

      it('moves the insight to another document, or off any with ""', async () => {
        const d1 = await insertDocument(t.app.store, f.projectId);
        const d2 = await insertDocument(t.app.store, f.projectId);
        await create({ text: 'A', documentId: `D${d1.counter}` });
        expect(answer(await write({ operation: 'update', id: 'I1', documentId: d2.id })).insight.documentId).toBe(`D${d2.counter}`);
        expect(answer(await write({ operation: 'update', id: 'I1', documentId: '' })).insight.documentId).toBeNull();
        refusal(await write({ operation: 'update', id: 'I1', documentId: 'D77' }), 404);
      });

      it('accepts the UUID form of the id', async () => {
        await create({ text: 'A' });
        const updated = answer(await write({ operation: 'update', id: await uuidOf('I1'), text: 'B' })).insight;
        expect(updated).toMatchObject({ id: 'I1', text: 'B' });
      });

      it('refuses an update without id, and answers 404 for an unknown id or one of another project', async () => {
        await create({ text: 'A' });
        refusal(await write({ operation: 'update', text: 'B' }), 400, '/id');
        refusal(await write({ operation: 'update', id: 'I42', text: 'B' }), 404);
        refusal(await write({ operation: 'update', id: newId(), text: 'B' }), 404);
        const mine = f;
        f = await seedProject(t);
        await create({ text: 'theirs' });
        const theirs = await uuidOf('I1');
        f = mine;
        refusal(await write({ operation: 'update', id: theirs, text: 'B' }), 404);
        expect(answer(await read({ id: 'I1' })).insight.text).toBe('A');
      });
    });

    describe('delete', () => {
      it('deletes one insight by id and answers its short id', async () => {
        await create({ text: 'A' });
        expect(answer(await write({ operation: 'delete', id: 'I1' }))).toEqual({ deleted: ['I1'] });
        refusal(await read({ id: 'I1' }), 404);
      });

      it('deletes several by insightIds in any id form, all or nothing', async () => {
        for (const text of ['A', 'B', 'C', 'D']) await create({ text });
        refusal(await write({ operation: 'delete', insightIds: ['I1', 'I99'] }), 404);
        expect(answer(await read({})).insights).toHaveLength(4);
        const deleted = answer(await write({ operation: 'delete', id: 'I1', insightIds: [await uuidOf('I2'), 'i3', 'I1'] })).deleted;
        expect(deleted).toEqual(['I1', 'I2', 'I3']);
        expect(answer(await read({})).insights.map((i: { id: string }) => i.id)).toEqual(['I4']);
      });

      it('never reuses a counter', async () => {
        await create({ text: 'A' });
        await create({ text: 'B' });
        answer(await write({ operation: 'delete', id: 'I2' }));
        expect((await create({ text: 'C' })).id).toBe('I3');
      });

      it('keeps the categories and unlinks tags of a deleted insight', async () => {
        await create({ text: 'A', categories: ['Pricing'] });
        const tagId = newId();
        const now = new Date().toISOString();
        await t.app.store.db
          .insertInto('tags')
          .values({
            id: tagId,
            projectId: f.projectId,
            shortId: shortHash('T', tagId),
            text: 'vip',
            description: '',
            color: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        await t.app.store.db
          .insertInto('tagTargets')
          .values({ tagId, targetType: 'insight', targetId: await uuidOf('I1'), projectId: f.projectId })
          .execute();
        answer(await write({ operation: 'delete', id: 'I1' }));
        const links = await t.app.store.db.selectFrom('tagTargets').selectAll().where('tagId', '=', tagId).execute();
        expect(links).toEqual([]);
        expect(answer(await t.post(READ, f.readKey, { action: 'get_categories' })).categories).toMatchObject([{ text: 'Pricing', insightCount: 0 }]);
      });

      it('refuses a delete that names no insight', async () => {
        refusal(await write({ operation: 'delete' }), 400, '/id');
      });
    });

    describe('get_insights', () => {
      it('lists every insight in creation order with its tags', async () => {
        await create({ text: 'A' });
        await create({ text: 'B', categories: ['Pricing'] });
        const tagId = newId();
        const now = new Date().toISOString();
        await t.app.store.db
          .insertInto('tags')
          .values({
            id: tagId,
            projectId: f.projectId,
            shortId: shortHash('T', tagId),
            text: 'vip',
            description: '',
            color: '#ff0000',
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        await t.app.store.db
          .insertInto('tagTargets')
          .values({ tagId, targetType: 'insight', targetId: await uuidOf('I2'), projectId: f.projectId })
          .execute();
        const insights = answer(await read({})).insights;
        expect(insights.map((i: { id: string }) => i.id)).toEqual(['I1', 'I2']);
        expect(insights[1]).toMatchObject({
          categories: [{ id: shortHash('C', await categoryUuid('Pricing')), text: 'Pricing' }],
          tags: [{ id: shortHash('T', tagId), text: 'vip' }],
        });
      });

      it('answers one insight by id in either form, the same either way', async () => {
        await create({ text: 'A', categories: ['Pricing'] });
        const byShort = answer(await read({ id: 'I1' }));
        expect(answer(await read({ id: await uuidOf('I1') }))).toEqual(byShort);
        expect(byShort.insight.text).toBe('A');
      });

      it('answers several by ids in the order given, 404 when any names nothing', async () => {
        for (const text of ['A', 'B', 'C']) await create({ text });
        expect(answer(await read({ ids: ['I3', await uuidOf('I1')] })).insights.map((i: { text: string }) => i.text)).toEqual(['C', 'A']);
        refusal(await read({ ids: ['I1', 'I4'] }), 404);
      });

      it('answers 404 for an insight of another project', async () => {
        await create({ text: 'mine' });
        const mine = f;
        f = await seedProject(t);
        await create({ text: 'theirs' });
        const theirs = await uuidOf('I1');
        f = mine;
        refusal(await read({ id: theirs }), 404);
        refusal(await read({ id: 'not-an-id' }), 404);
      });

      it('refuses ids beyond ten', async () => {
        refusal(await read({ ids: Array.from({ length: 11 }, (_, i) => `I${i + 1}`) }), 400);
      });
    });
  });
});
