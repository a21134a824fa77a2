import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { insertDocument } from '../helpers/documents.js';
import { newId, shortHash } from '../../src/domain/ids.js';
import { nextCounter } from '../../src/domain/projects.js';

describe.each(STORE_KINDS)('read_document, verify_context, analyze on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const docs: { id: string; counter: number }[] = [];
    let categoryShort = '';

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      const db = t.app.store.db;
      for (let d = 0; d < 3; d++) {
        // The third states its date in its header only.
        const text =
          d === 2
            ? 'Interview 3, Maria\nLocation: Leeds\nDate: 12 January 2024\n\nInterviewer: When did you start?\n\nMaria: On 5 June 2023.'
            : `Document ${d} text.`;
        const doc = await insertDocument(t.app.store, f.projectId, { text });
        docs.push(doc);
        const chunks = Array.from({ length: d === 0 ? 25 : 2 }, (_, i) => ({
          id: newId(),
          projectId: f.projectId,
          documentId: doc.id,
          idx: i,
          text: `Chunk ${i} of document ${d}.`,
          speaker: i % 2 ? 'Participant' : null,
          startOffset: 0,
          endOffset: 1,
        }));
        await db.insertInto('chunks').values(chunks).execute();
      }
      const now = new Date().toISOString();
      const categoryId = newId();
      categoryShort = shortHash('C', categoryId);
      await db
        .insertInto('categories')
        .values({
          id: categoryId,
          projectId: f.projectId,
          shortId: categoryShort,
          text: 'Pricing',
          description: '',
          parentId: null,
          analysisId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const fieldId = newId();
      await db
        .insertInto('metadataFields')
        .values({
          id: fieldId,
          projectId: f.projectId,
          shortId: shortHash('F', fieldId),
          text: 'Interview date',
          shortName: 'date',
          description: '',
          parentId: null,
          // A text field whose every value names a day, as researchers often keep an interview's date.
          valueType: null,
          allowedValues: null,
          answerSetOpen: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const roleId = newId();
      await db
        .insertInto('metadataFields')
        .values({
          id: roleId,
          projectId: f.projectId,
          shortId: shortHash('F', roleId),
          text: 'Role',
          shortName: 'role',
          description: '',
          parentId: null,
          valueType: null,
          allowedValues: null,
          answerSetOpen: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const value = (documentId: string, fid: string, text: string) => ({
        id: newId(),
        projectId: f.projectId,
        documentId,
        fieldId: fid,
        text,
        shortName: null,
        value: null,
        refusedText: null,
        refusedShortName: null,
        createdAt: now,
        updatedAt: now,
      });
      await db
        .insertInto('metadataValues')
        .values([
          value(docs[0]!.id, fieldId, '2024-03-15'),
          value(docs[1]!.id, fieldId, 'May 2, 2024'),
          value(docs[0]!.id, roleId, 'Manager'),
          value(docs[1]!.id, roleId, 'Manager'),
          value(docs[2]!.id, roleId, 'Analyst'),
        ])
        .execute();
      for (const doc of docs) {
        await t.app.store.transaction(async (trx) => {
          const counter = await nextCounter(trx, f.projectId, 'insightCounter');
          const insightId = newId();
          await trx
            .insertInto('insights')
            .values({
              id: insightId,
              projectId: f.projectId,
              counter,
              documentId: doc.id,
              text: `Price complaint ${counter}`,
              description: '',
              quotes: '[]',
              analysisId: null,
              createdAt: now,
              updatedAt: now,
            })
            .execute();
          await trx.insertInto('insightCategories').values({ insightId, categoryId, projectId: f.projectId }).execute();
        });
      }
    });
    afterAll(() => t?.close());

    it("pages through a document's chunks", async () => {
      const first = (await t.post(READ, f.readKey, { action: 'read_document', documentId: `D${docs[0]!.counter}` })).json();
      expect(first.totalChunks).toBe(25);
      expect(first.chunks).toHaveLength(10);
      expect(first.nextOffset).toBe(10);
      const last = (await t.post(READ, f.readKey, { action: 'read_document', documentId: docs[0]!.id, offset: 20, limit: 30 })).json();
      expect(last.chunks.map((c: { index: number }) => c.index)).toEqual([20, 21, 22, 23, 24]);
      expect(last.nextOffset).toBeNull();
      expect((await t.post(READ, f.readKey, { action: 'read_document', documentId: 'D999' })).statusCode).toBe(404);
    });

    it('verifies documents and insights at counter positions, negative `to` from the end', async () => {
      const all = (await t.post(READ, f.readKey, { action: 'verify_context' })).json();
      expect(all.documents.map((d: { id: string }) => d.id)).toEqual(['D1', 'D2', 'D3']);
      expect(all.insights.map((i: { id: string }) => i.id)).toEqual(['I1', 'I2', 'I3']);
      const tail = (await t.post(READ, f.readKey, { action: 'verify_context', type: 'insights', from: 2, to: -1 })).json();
      expect(tail.insights.map((i: { id: string }) => i.id)).toEqual(['I2', 'I3']);
      expect(tail.documents).toBeUndefined();
      expect(tail.insights[0]).toMatchObject({ head: 'Price complaint 2', documentId: 'D2' });
      const none = (await t.post(READ, f.readKey, { action: 'verify_context', type: 'documents', from: 3, to: -2 })).json();
      expect(none.documents).toEqual([]);
    });

    it('counts insights per category per metadata value and per month', async () => {
      const dist = (await t.post(READ, f.readKey, { action: 'analyze', type: 'metadata_distribution', categoryNames: ['Pricing'] })).json();
      const roles = dist.rows.filter((r: { field: string }) => r.field === 'role');
      expect(roles).toEqual([
        { categoryId: categoryShort, category: 'Pricing', fieldId: expect.stringMatching(/^F/), field: 'role', value: 'Manager', count: 2 },
        { categoryId: categoryShort, category: 'Pricing', fieldId: expect.stringMatching(/^F/), field: 'role', value: 'Analyst', count: 1 },
      ]);
      const temporal = (await t.post(READ, f.readKey, { action: 'analyze', type: 'temporal', categoryIds: [categoryShort] })).json();
      const periods = temporal.rows.map((r: { period: string; count: number }) => [r.period, r.count]);
      expect(periods).toEqual([
        ['2024-01', 1],
        ['2024-03', 1],
        ['2024-05', 1],
      ]);
      expect((await t.post(READ, f.readKey, { action: 'analyze', type: 'temporal', categoryNames: ['Nope'] })).statusCode).toBe(404);
    });
  });
});
