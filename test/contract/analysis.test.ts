import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { multipart } from '../helpers/multipart.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

describe.each(STORE_KINDS)('analysis on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;

    const upload = async (files: { filename: string; text: string }[]) => {
      const body = multipart(files.map((x) => ({ filename: x.filename, content: x.text })));
      const res = await t.app.server.inject({
        method: 'POST', url: `/api/sift-account/upload?projectId=${f.projectId}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType }, payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      await t.app.workers.drain();
      const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json();
      const confirm = await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: f.projectId, expectedCreditCost: status.confirmableCreditCost });
      expect(confirm.statusCode).toBe(200);
      await t.app.workers.drain();
    };
    const start = async (body: Record<string, unknown>) => {
      const res = await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, ...body });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer.analysis).toMatchObject({ status: 'queued', type: body.type });
      await t.app.workers.drain();
      return answer;
    };
    const runs = async () => (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json().analyses;
    const texts = async () => {
      const docs = await t.app.store.db.selectFrom('documents').select(['id', 'counter', 'text']).where('projectId', '=', f.projectId).execute();
      return new Map(docs.map((d) => [`D${d.counter}`, d.text ?? '']));
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await upload(TRANSCRIPTS.slice(0, 4));
    });
    afterAll(() => t?.close());

    it('automatic analysis completes, builds a tree and insights with verbatim quotes', async () => {
      const answer = await start({ type: 'automatic' });
      const run = (await runs()).find((r: { id: string }) => r.id === answer.analysis.id);
      expect(run.status).toBe('completed');
      const categories = (await t.post(READ, f.readKey, { action: 'get_categories' })).json().categories;
      expect(categories.length).toBeGreaterThan(0);
      for (const c of categories) for (const child of c.children) expect(child.children).toEqual([]);
      const insights = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights;
      expect(insights.length).toBeGreaterThan(0);
      const byDoc = await texts();
      for (const i of insights) {
        expect(i.documentId).toMatch(/^D\d+$/);
        expect(i.categories.length).toBeGreaterThan(0);
        expect(i.quotes.length).toBeGreaterThan(0);
        for (const q of i.quotes) expect(byDoc.get(i.documentId)).toContain(q);
        for (const q of i.quotes) expect(q.startsWith('Interviewer:')).toBe(false);
      }
    });

    it('a second automatic run analyses only new documents; reconsiderSkipped answers cleared and coverage', async () => {
      const before = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights.length;
      await upload(TRANSCRIPTS.slice(4));
      await start({ type: 'automatic' });
      const insights = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights;
      const newDocs = new Set(insights.slice(before).map((i: { documentId: string }) => i.documentId));
      expect([...newDocs].every((d) => d === 'D5' || d === 'D6')).toBe(true);
      const again = await start({ type: 'automatic', reconsiderSkipped: true });
      expect(typeof again.cleared).toBe('number');
      expect(again.coverage).toEqual({ analysed: expect.any(Number), skipped: expect.any(Number), failed: expect.any(Number), pending: expect.any(Number) });
      const after = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights;
      // Analysed documents are never re-run: their insights are untouched.
      expect(after.slice(0, insights.length)).toEqual(insights);
    });

    it('predefined analysis puts passages about a category\'s subject into that category', async () => {
      await start({
        type: 'predefined',
        categories: [
          { name: 'Subscription cost', description: 'What participants say about the price, fees, plans and discounts', examples: ['the price is too high'] },
          { name: 'Bank connection problems', description: 'Bank sync failures, disconnected accounts, missing or duplicated transactions' },
        ],
      });
      const categories = (await t.post(READ, f.readKey, { action: 'get_categories' })).json().categories;
      const cost = categories.find((c: { text: string }) => c.text === 'Subscription cost');
      expect(cost).toBeDefined();
      const insights = (await t.post(READ, f.readKey, { action: 'get_insights', filters: { categories: [cost.id] } })).json().insights;
      expect(insights.length).toBeGreaterThan(0);
      const text = insights.map((i: { quotes: string[] }) => i.quotes.join(' ')).join(' ').toLowerCase();
      expect(text).toMatch(/price|cost|expensive|fee|discount/);
    });

    it('summaries write one memo per document, metadata_summaries one per value', async () => {
      await start({ type: 'summaries' });
      const memos = (await t.post(READ, f.readKey, { action: 'get_memos' })).json().memos;
      const summaries = memos.filter((m: { kind: string }) => m.kind === 'summary');
      expect(new Set(summaries.map((m: { documentId: string }) => m.documentId)).size).toBe(6);
      expect(summaries).toHaveLength(6);
      const byDoc = await texts();
      for (const m of summaries) expect(m.text.length).toBeGreaterThan(0);
      expect(byDoc.size).toBe(6);
    });

    it('the deprecated write surface starts the same engine and marks itself deprecated', async () => {
      const res = await t.post(WRITE, f.editKey, { action: 'start_analysis', type: 'inductive' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.deprecation).toBe('true');
      expect(res.json().analysis.type).toBe('automatic');
      const filtered = await t.post(WRITE, f.editKey, { action: 'start_predefined_analysis', themes: [{ name: 'Pricing' }], documentScope: 'all', metadataFilter: [{ field: 'role', value: 'x' }] });
      expect(filtered.statusCode).toBe(400);
      await t.app.workers.drain();
    });
  });
});
