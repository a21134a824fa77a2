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

interface Category {
  id: string;
  text: string;
  parentId: string | null;
  insightCount: number;
  children: Category[];
}

/** The tree as nested `text` → children, so assertions read like the tree. */
const shape = (nodes: Category[]): Record<string, unknown> => Object.fromEntries(nodes.map((n) => [n.text, shape(n.children)]));

describe.each(STORE_KINDS)('categories on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const manage = (body: Record<string, unknown>) => t.post(WRITE, f.editKey, { action: 'manage_categories', ...body });
    const categorize = (body: Record<string, unknown>) => t.post(WRITE, f.editKey, { action: 'categorize_insights', ...body });
    const tree = async (body: Record<string, unknown> = {}) => answer(await t.post(READ, f.readKey, { action: 'get_categories', ...body }));
    const create = async (text: string, parentId?: string | null): Promise<Category> =>
      answer(await manage({ operation: 'create', text, ...(parentId === undefined ? {} : { parentId }) })).category;
    const insight = async (text: string, categories: string[] = [], documentId?: string): Promise<string> =>
      answer(await t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'create', text, categories, ...(documentId ? { documentId } : {}) }))
        .insight.id;
    const categoriesOf = async (insightId: string) =>
      answer(await t.post(READ, f.readKey, { action: 'get_insights', id: insightId }))
        .insight.categories.map((c: { text: string }) => c.text)
        .sort();
    const uuidOf = async (shortId: string) =>
      (await t.app.store.db.selectFrom('categories').select('id').where('projectId', '=', f.projectId).where('shortId', '=', shortId).executeTakeFirstOrThrow())
        .id;

    beforeAll(async () => {
      t = await makeTestApp(kind);
    });
    beforeEach(async () => {
      f = await seedProject(t);
    });
    afterAll(() => t?.close());

    describe('create', () => {
      it('creates a top-level category with a short hash id', async () => {
        const category = answer(await manage({ operation: 'create', text: 'Pricing', description: 'money talk' })).category;
        expect(category).toEqual({
          id: expect.stringMatching(/^C[0-9a-z]{8,12}$/),
          text: 'Pricing',
          description: 'money talk',
          parentId: null,
          insightCount: 0,
          tags: [],
          analysisId: null,
          children: [],
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        });
      });

      it('creates under a parent named in either id form', async () => {
        const parent = await create('Experience');
        expect((await create('Onboarding', parent.id)).parentId).toBe(parent.id);
        expect((await create('Support', await uuidOf(parent.id))).parentId).toBe(parent.id);
        expect(shape((await tree()).categories)).toEqual({ Experience: { Onboarding: {}, Support: {} } });
      });

      it('refuses a create without text, and answers 404 for an unknown parent or one of another project', async () => {
        refusal(await manage({ operation: 'create' }), 400, '/text');
        refusal(await manage({ operation: 'create', text: 'x', parentId: 'Cdoesnotexi' }), 404);
        const mine = f;
        f = await seedProject(t);
        const theirs = await uuidOf((await create('Theirs')).id);
        f = mine;
        refusal(await manage({ operation: 'create', text: 'x', parentId: theirs }), 404);
        expect((await tree()).categories).toEqual([]);
      });
    });

    describe('get_categories', () => {
      it("answers the whole tree, each count holding the category's own insights", async () => {
        const root = await create('Experience');
        const child = await create('Onboarding', root.id);
        await create('Pricing');
        await insight('A', [child.id]);
        await insight('B', [child.id, root.id]);
        const { categories } = await tree();
        expect(shape(categories)).toEqual({ Experience: { Onboarding: {} }, Pricing: {} });
        const byText = (text: string) => categories.find((c: Category) => c.text === text);
        expect(byText('Experience')).toMatchObject({ id: root.id, insightCount: 1, children: [{ id: child.id, parentId: root.id, insightCount: 2 }] });
        expect(byText('Pricing').insightCount).toBe(0);
      });

      it('answers one subtree by id in either form, 404 for an unknown id', async () => {
        const root = await create('Experience');
        await create('Onboarding', root.id);
        const byShort = await tree({ id: root.id });
        expect(shape([byShort.category])).toEqual({ Experience: { Onboarding: {} } });
        expect(await tree({ id: await uuidOf(root.id) })).toEqual(byShort);
        refusal(await t.post(READ, f.readKey, { action: 'get_categories', id: 'C0000000000' }), 404);
      });

      it('with filters, keeps categories holding matching insights and their ancestors, counting those alone', async () => {
        const d1 = await insertDocument(t.app.store, f.projectId);
        const d2 = await insertDocument(t.app.store, f.projectId);
        const root = await create('Experience');
        const onboarding = await create('Onboarding', root.id);
        const support = await create('Support', root.id);
        const pricing = await create('Pricing');
        await insight('A', [onboarding.id], d1.id);
        await insight('B', [onboarding.id, pricing.id], d2.id);
        await insight('C', [support.id], d2.id);
        const { categories } = await tree({ filters: { documentIds: [`D${d1.counter}`] } });
        expect(shape(categories)).toEqual({ Experience: { Onboarding: {} } });
        expect(categories[0]).toMatchObject({ insightCount: 0, children: [{ insightCount: 1 }] });
        const subtree = await tree({ id: root.id, filters: { documentIds: [d2.id] } });
        expect(shape([subtree.category])).toEqual({ Experience: { Onboarding: {}, Support: {} } });
        expect(shape((await tree({ filters: { excludeCategories: ['Experience'] } })).categories)).toEqual({});
      });
    });

    describe('update', () => {
      it('changes text and description by id or by categoryName, leaving the rest', async () => {
        const parent = await create('Experience');
        const c = await create('Onboardng', parent.id);
        const renamed = answer(await manage({ operation: 'update', id: c.id, text: 'Onboarding' })).category;
        expect(renamed).toMatchObject({ id: c.id, text: 'Onboarding', parentId: parent.id, description: '' });
        const described = answer(await manage({ operation: 'update', categoryName: 'onboarding', description: 'first week' })).category;
        expect(described).toMatchObject({ id: c.id, text: 'Onboarding', description: 'first week', parentId: parent.id });
      });

      it('moves a category under another, or to top level with null', async () => {
        const a = await create('A');
        const b = await create('B');
        await create('B1', b.id);
        answer(await manage({ operation: 'update', id: await uuidOf(b.id), parentId: a.id }));
        expect(shape((await tree()).categories)).toEqual({ A: { B: { B1: {} } } });
        expect(answer(await manage({ operation: 'update', id: b.id, parentId: null })).category.parentId).toBeNull();
        expect(shape((await tree()).categories)).toEqual({ A: {}, B: { B1: {} } });
      });

      it('refuses a move under itself or a descendant', async () => {
        const a = await create('A');
        const a1 = await create('A1', a.id);
        const a11 = await create('A11', a1.id);
        refusal(await manage({ operation: 'update', id: a.id, parentId: a.id }), 400, '/parentId');
        refusal(await manage({ operation: 'update', id: a.id, parentId: a11.id }), 400, '/parentId');
        expect(shape((await tree()).categories)).toEqual({ A: { A1: { A11: {} } } });
      });

      it('refuses an update naming no category, and answers 404 for unknown ones', async () => {
        await create('A');
        refusal(await manage({ operation: 'update', text: 'B' }), 400, '/id');
        refusal(await manage({ operation: 'update', id: newId(), text: 'B' }), 404);
        refusal(await manage({ operation: 'update', categoryName: 'Nope', text: 'B' }), 404);
        refusal(await manage({ operation: 'update', categoryName: 'A', parentId: 'Cdoesnotexi' }), 404);
      });
    });

    describe('delete', () => {
      it('deletes an empty category', async () => {
        const c = await create('Pricing');
        expect(answer(await manage({ operation: 'delete', id: c.id }))).toEqual({ deleted: [c.id] });
        expect((await tree()).categories).toEqual([]);
      });

      it('refuses a category with insights or children unless deleteIfNotEmpty, then takes the subtree and keeps the insights', async () => {
        const root = await create('Experience');
        const child = await create('Onboarding', root.id);
        const withInsight = await create('Pricing');
        const i1 = await insight('A', [child.id, withInsight.id]);
        refusal(await manage({ operation: 'delete', id: root.id }), 409);
        refusal(await manage({ operation: 'delete', categoryName: 'Pricing' }), 409);
        expect(shape((await tree()).categories)).toEqual({ Experience: { Onboarding: {} }, Pricing: {} });
        const { deleted } = answer(await manage({ operation: 'delete', categoryName: 'Experience', deleteIfNotEmpty: true }));
        expect(deleted).toEqual([root.id, child.id]);
        expect(shape((await tree()).categories)).toEqual({ Pricing: {} });
        expect(await categoriesOf(i1)).toEqual(['Pricing']);
      });

      it('answers 404 for an unknown category and 400 when none is named', async () => {
        refusal(await manage({ operation: 'delete', id: 'C0000000000' }), 404);
        refusal(await manage({ operation: 'delete' }), 400, '/id');
      });
    });

    describe('merge', () => {
      it('merges into a new category: insights without duplicates, children moved, the others deleted', async () => {
        const a = await create('Cost');
        const b = await create('Price');
        await create('Discounts', b.id);
        const both = await insight('both', [a.id, b.id]);
        const onlyA = await insight('only a', [a.id]);
        const result = answer(await manage({ operation: 'merge', categoryIds: [a.id, await uuidOf(b.id)], newName: 'Pricing' }));
        expect(result.merged).toEqual([a.id, b.id]);
        expect(result.category).toMatchObject({ text: 'Pricing', parentId: null, insightCount: 2, children: [{ text: 'Discounts' }] });
        expect(result.category.id).not.toBe(a.id);
        expect(shape((await tree()).categories)).toEqual({ Pricing: { Discounts: {} } });
        expect(await categoriesOf(both)).toEqual(['Pricing']);
        expect(await categoriesOf(onlyA)).toEqual(['Pricing']);
        refusal(await t.post(READ, f.readKey, { action: 'get_categories', id: a.id }), 404);
      });

      it('reuses a merged category already named newName, keeping its id', async () => {
        const a = await create('Pricing');
        const b = await create('Cost');
        await insight('x', [b.id]);
        const result = answer(await manage({ operation: 'merge', categoryIds: [b.id, a.id], newName: 'Pricing' }));
        expect(result.category).toMatchObject({ id: a.id, text: 'Pricing', insightCount: 1 });
        expect(shape((await tree()).categories)).toEqual({ Pricing: {} });
      });

      it('keeps the tree a tree when a merged category sits below another', async () => {
        const top = await create('Top');
        const a = await create('A', top.id);
        const mid = await create('Mid', a.id);
        const b = await create('B', mid.id);
        await create('Leaf', b.id);
        const result = answer(await manage({ operation: 'merge', categoryIds: [a.id, b.id], newName: 'B' }));
        expect(result.category.id).toBe(b.id);
        expect(shape((await tree()).categories)).toEqual({ Top: { B: { Leaf: {}, Mid: {} } } });
      });

      it('refuses a merge without newName or categoryIds, or of one category twice; 404 for an unknown one', async () => {
        const a = await create('A');
        const b = await create('B');
        refusal(await manage({ operation: 'merge', categoryIds: [a.id, b.id] }), 400, '/newName');
        refusal(await manage({ operation: 'merge', newName: 'X' }), 400, '/categoryIds');
        refusal(await manage({ operation: 'merge', categoryIds: [a.id, await uuidOf(a.id)], newName: 'X' }), 400, '/categoryIds');
        refusal(await manage({ operation: 'merge', categoryIds: [a.id, 'C0000000000'], newName: 'X' }), 404);
        expect(shape((await tree()).categories)).toEqual({ A: {}, B: {} });
      });
    });

    describe('categorize_insights', () => {
      it('assigns, moves and removes a category, answering the insights as they now are', async () => {
        const pricing = await create('Pricing');
        const support = await create('Support');
        const i1 = await insight('A', [support.id]);
        const i2 = await insight('B');
        const assigned = answer(await categorize({ operation: 'assign', categoryId: pricing.id, insightIds: [i1, i2, i1] })).insights;
        expect(assigned.map((i: { id: string }) => i.id)).toEqual([i1, i2]);
        expect(assigned[0].categories.map((c: { text: string }) => c.text).sort()).toEqual(['Pricing', 'Support']);
        answer(await categorize({ operation: 'assign', categoryId: await uuidOf(pricing.id), insightIds: [i1] }));
        expect(await categoriesOf(i1)).toEqual(['Pricing', 'Support']);
        const moved = answer(await categorize({ operation: 'move', categoryId: support.id, insightIds: [i1] })).insights;
        expect(moved[0].categories).toEqual([{ id: support.id, text: 'Support' }]);
        const removed = answer(await categorize({ operation: 'remove', categoryId: pricing.id, insightIds: [i2] })).insights;
        expect(removed[0].categories).toEqual([]);
      });

      it('answers 404 when an insight or the category names nothing, changing nothing', async () => {
        const pricing = await create('Pricing');
        const i1 = await insight('A');
        refusal(await categorize({ operation: 'assign', categoryId: pricing.id, insightIds: [i1, 'I99'] }), 404);
        refusal(await categorize({ operation: 'assign', categoryId: shortHash('C', newId()), insightIds: [i1] }), 404);
        expect(await categoriesOf(i1)).toEqual([]);
      });

      it('refuses a call without insightIds', async () => {
        const pricing = await create('Pricing');
        refusal(await categorize({ operation: 'assign', categoryId: pricing.id }), 400);
      });
    });
  });
});
