import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { insertDocument } from '../helpers/documents.js';
import { newId } from '../../src/domain/ids.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe.each(STORE_KINDS)('tags, notes, memos and metadata on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let doc: { id: string; counter: number };
    const write = async (body: Record<string, unknown>, status = 200) => {
      const res = await t.post(WRITE, f.editKey, body);
      expect([body.action, res.statusCode, res.statusCode === status ? '' : res.body]).toEqual([body.action, status, '']);
      if (status === 200) expect(res.body).not.toMatch(UUID);
      return res.json();
    };
    const read = async (body: Record<string, unknown>) => {
      const res = await t.post(READ, f.readKey, body);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(UUID);
      return res.json();
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      doc = await insertDocument(t.app.store, f.projectId, { filename: 'a.txt' });
    });
    afterAll(() => t?.close());

    it('creates, updates, targets and deletes tags', async () => {
      const { tag } = await write({ action: 'manage_tags', operation: 'create', text: 'Churn risk', color: '#FF0000' });
      expect(tag).toMatchObject({ id: expect.stringMatching(/^T[0-9a-z]{10}$/), text: 'Churn risk', color: '#FF0000', documentIds: [] });
      await write({ action: 'manage_tags', operation: 'create', text: 'churn RISK' }, 409);
      await write({ action: 'manage_tags', operation: 'create' }, 400);
      const { insight } = await write({
        action: 'manage_insights',
        operation: 'create',
        categories: ['Pricing'],
        text: 'Too expensive',
        documentId: `D${doc.counter}`,
      });
      const added = await write({
        action: 'manage_tags',
        operation: 'add_targets',
        id: tag.id,
        documentIds: [doc.id],
        insightIds: [insight.id],
        categoryIds: [insight.categories[0].id],
      });
      expect(added.tag).toMatchObject({ documentIds: [`D${doc.counter}`], insightIds: [insight.id], categoryIds: [insight.categories[0].id] });
      await write({ action: 'manage_tags', operation: 'add_targets', id: tag.id, documentIds: ['D999'] }, 404);
      expect((await read({ action: 'get_documents', filters: { tags: ['Churn risk'] } })).documents.map((d: { id: string }) => d.id)).toEqual([
        `D${doc.counter}`,
      ]);
      const removed = await write({ action: 'manage_tags', operation: 'remove_targets', id: tag.id, documentIds: [`D${doc.counter}`] });
      expect(removed.tag.documentIds).toEqual([]);
      const updated = await write({ action: 'manage_tags', operation: 'update', id: tag.id, description: 'At risk of leaving' });
      expect(updated.tag).toMatchObject({ text: 'Churn risk', description: 'At risk of leaving', insightIds: [insight.id] });
      expect((await read({ action: 'get_tags' })).tags.map((x: { id: string }) => x.id)).toEqual([tag.id]);
      expect(await write({ action: 'manage_tags', operation: 'delete', id: tag.id })).toEqual({ deleted: [tag.id] });
      await write({ action: 'manage_tags', operation: 'delete', id: tag.id }, 404);
    });

    it('names a tag or category by its text wherever one is named, and keeps a category tagged itself under a tags filter', async () => {
      await write({ action: 'manage_tags', operation: 'create', text: 'Follow-up' });
      const { insight } = await write({
        action: 'manage_insights',
        operation: 'create',
        categories: ['Delivery slots'],
        text: 'Slots are gone by noon',
        documentId: doc.id,
      });
      await write({ action: 'manage_categories', operation: 'create', text: 'Empty but flagged' });
      const added = await write({ action: 'manage_tags', operation: 'add_targets', id: 'follow-up', categoryIds: ['Empty but flagged'] });
      expect(added.tag.categoryIds).toHaveLength(1);
      const categories = (await read({ action: 'get_categories', filters: { tags: ['Follow-up'] } })).categories.map((c: { text: string }) => c.text);
      expect(categories).toEqual(['Empty but flagged']);
      await write({ action: 'manage_tags', operation: 'add_targets', id: 'Follow-up', insightIds: [insight.id] });
      const both = (await read({ action: 'get_categories', filters: { tags: ['Follow-up'] } })).categories.map((c: { text: string }) => c.text).sort();
      expect(both).toEqual(['Delivery slots', 'Empty but flagged']);
      const removed = await write({ action: 'manage_tags', operation: 'remove_targets', id: 'FOLLOW-UP', categoryIds: ['empty but flagged'] });
      expect(removed.tag.categoryIds).toEqual([]);
      await write({ action: 'manage_tags', operation: 'add_targets', id: 'No such tag', documentIds: [doc.id] }, 404);
    });

    it('creates notes on the three target types and filters them', async () => {
      const { insight } = await write({
        action: 'manage_insights',
        operation: 'create',
        categories: 'Onboarding',
        text: 'Setup confusing',
        documentId: doc.id,
      });
      const a = await write({ action: 'create_note', targetType: 'document', targetId: doc.id, text: 'Follow up' });
      expect(a.note).toMatchObject({ id: expect.stringMatching(/^N\d+$/), targetType: 'document', targetId: `D${doc.counter}`, text: 'Follow up' });
      const b = await write({ action: 'create_note', targetType: 'documentInsight', targetId: insight.id, text: 'Strong quote' });
      const c = await write({ action: 'create_note', targetType: 'insightCategory', targetId: insight.categories[0].id, text: 'Merge later?' });
      await write({ action: 'create_note', targetType: 'document', targetId: 'D999', text: 'x' }, 404);
      await write({ action: 'create_note', targetType: 'insightCategory', targetId: doc.id, text: 'x' }, 404);
      const all = (await read({ action: 'get_notes' })).notes.map((n: { id: string }) => n.id);
      expect(all).toEqual(expect.arrayContaining([a.note.id, b.note.id, c.note.id]));
      const other = await insertDocument(t.app.store, f.projectId, {});
      const filtered = (await read({ action: 'get_notes', filters: { documentIds: [`D${other.counter}`] } })).notes;
      expect(filtered).toEqual([]);
      const byCategory = (await read({ action: 'get_notes', filters: { categories: ['Onboarding'] } })).notes.map((n: { id: string }) => n.id);
      expect(byCategory).toEqual(expect.arrayContaining([b.note.id, c.note.id]));
    });

    it('lists memos with short ids', async () => {
      const now = new Date().toISOString();
      await t.app.store.db
        .insertInto('memos')
        .values({
          id: newId(),
          projectId: f.projectId,
          counter: 1,
          kind: 'summary',
          title: 'Summary',
          text: 'Short.',
          documentId: doc.id,
          fieldId: null,
          fieldValue: null,
          analysisId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const { memos } = await read({ action: 'get_memos' });
      expect(memos).toEqual([expect.objectContaining({ id: 'M1', kind: 'summary', documentId: `D${doc.counter}` })]);
      expect((await read({ action: 'get_memos', id: 'M1' })).memo.id).toBe('M1');
      expect((await t.post(READ, f.readKey, { action: 'get_memos', id: 'M2' })).statusCode).toBe(404);
    });

    it('keeps closed answer sets: set spelling, refused values recorded, open sets store anything', async () => {
      const { field } = await write({
        action: 'manage_metadata_fields',
        operation: 'create',
        text: 'Is a customer',
        shortName: 'customer',
        allowedValues: ['Yes', 'No'],
      });
      expect(field).toMatchObject({ id: expect.stringMatching(/^F/), shortName: 'customer', allowedValues: ['Yes', 'No'], answerSetOpen: false });
      const { field: open } = await write({
        action: 'manage_metadata_fields',
        operation: 'create',
        text: 'Plan',
        allowedValues: ['Free'],
        answerSetOpen: true,
      });
      const set = await write({
        action: 'set_metadata_values',
        documentId: `D${doc.counter}`,
        values: [
          { fieldId: field.id, text: 'yes.' },
          { fieldId: open.id, text: 'Enterprise', value: { seats: 40 } },
        ],
      });
      expect(set.refused).toEqual([]);
      expect(set.values).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ fieldId: field.id, text: 'Yes', refused: null }),
          expect.objectContaining({ fieldId: open.id, text: 'Enterprise', value: { seats: 40 } }),
        ]),
      );
      const refused = await write({ action: 'set_metadata_values', documentId: doc.id, values: [{ fieldId: 'customer', text: 'Maybe', shortName: 'no' }] });
      expect(refused.refused).toEqual([{ fieldId: field.id, text: 'Maybe' }]);
      expect(refused.values.find((v: { fieldId: string }) => v.fieldId === field.id)).toMatchObject({
        text: '',
        shortName: 'No',
        refused: { text: 'Maybe', shortName: null },
      });
      await write({ action: 'set_metadata_values', documentId: doc.id, values: [{ fieldId: 'Fnonexisten', text: 'x' }] }, 404);
      const meta = await read({ action: 'get_metadata' });
      expect(meta.fields.map((x: { id: string }) => x.id)).toEqual([field.id, open.id]);
      await write({ action: 'manage_metadata_fields', operation: 'delete', fieldName: 'customer' }, 409);
      await write({ action: 'manage_metadata_fields', operation: 'update', fieldName: 'Is a customer', description: 'Paying or not' });
      expect(await write({ action: 'manage_metadata_fields', operation: 'delete', id: field.id, deleteIfNotEmpty: true })).toEqual({ deleted: [field.id] });
      expect((await read({ action: 'get_metadata' })).values.every((v: { fieldId: string }) => v.fieldId !== field.id)).toBe(true);
    });
  });
});
