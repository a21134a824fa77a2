import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

describe.each(STORE_KINDS)('analysis on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;

    const upload = (files: { filename: string; text: string }[]) =>
      uploadReady(
        t,
        f,
        files.map((x) => ({ filename: x.filename, content: x.text })),
      );
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
    /** The public ids of the transcripts on one subject. */
    const subject = async (theme: string) => {
      const docs = await t.app.store.db.selectFrom('documents').select(['counter', 'filename']).where('projectId', '=', f.projectId).execute();
      const files = new Set(TRANSCRIPTS.filter((x) => x.theme === theme).map((x) => x.filename));
      return docs.filter((d) => files.has(d.filename)).map((d) => `D${d.counter}`);
    };
    const insightsIn = async (name: string) => {
      const category = (await t.post(READ, f.readKey, { action: 'get_categories' })).json().categories.find((c: { text: string }) => c.text === name);
      expect(category).toBeDefined();
      return (await t.post(READ, f.readKey, { action: 'get_insights', filters: { categories: [category.id] } })).json().insights as {
        documentId: string;
        quotes: string[];
      }[];
    };
    const write = async (body: Record<string, unknown>) => {
      const res = await t.post(WRITE, f.editKey, body);
      expect(res.statusCode).toBe(200);
      return res.json();
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

    it('a run with nothing new to analyse says so in its answer and in the project status, and changes nothing', async () => {
      const insights = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights;
      const answer = await start({ type: 'automatic' });
      expect(answer.analysis.note).toMatch(/^nothing new to analyse: all 6 ready documents already have a verdict/);
      expect(answer.analysis.note).toContain('reconsiderSkipped');
      const run = (await runs()).find((r: { id: string }) => r.id === answer.analysis.id);
      expect(run).toMatchObject({ status: 'completed', note: expect.stringMatching(/^nothing new to analyse/) });
      expect((await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights).toEqual(insights);
      // A run that did find work leaves no note.
      const first = (await runs()).at(-1);
      expect(first.note).toBeUndefined();
    });

    it("predefined analysis puts passages about a category's subject into that category", async () => {
      await start({
        type: 'predefined',
        categories: [
          { name: 'Subscription cost', description: 'What participants say about the price, fees, plans and discounts', examples: ['the price is too high'] },
          { name: 'Bank connection problems', description: 'Bank sync failures, disconnected accounts, missing or duplicated transactions' },
        ],
      });
      const cost = await insightsIn('Subscription cost');
      expect(cost.map((i) => i.documentId)).toEqual(expect.arrayContaining(await subject('pricing')));
      expect(
        cost
          .map((i) => i.quotes.join(' '))
          .join(' ')
          .toLowerCase(),
      ).toMatch(/price|cost|expensive|fee|discount/);
      const bank = await insightsIn('Bank connection problems');
      expect(bank.map((i) => i.documentId)).toEqual(expect.arrayContaining(await subject('sync')));
      const byDoc = await texts();
      for (const i of [...cost, ...bank]) for (const q of i.quotes) expect(byDoc.get(i.documentId)).toContain(q);
    });

    it("the write surface's filtered predefined analysis reads only the documents whose metadata match", async () => {
      const { field } = await write({
        action: 'manage_metadata_fields',
        operation: 'create',
        text: 'Segment',
        shortName: 'segment',
        allowedValues: ['paying', 'new'],
      });
      const onboarding = await subject('onboarding');
      for (const id of (await texts()).keys()) {
        await write({ action: 'set_metadata_values', documentId: id, values: [{ fieldId: field.id, text: onboarding.includes(id) ? 'new' : 'paying' }] });
      }
      const answer = await write({
        action: 'start_predefined_analysis',
        themes: [{ name: 'First steps', description: 'setup, tutorial, getting started, creating the first budget' }],
        documentScope: 'filtered',
        metadataFilter: [{ field: 'segment', value: 'new' }],
      });
      expect(answer.analysis.type).toBe('predefined');
      await t.app.workers.drain();
      const first = await insightsIn('First steps');
      expect(first.length).toBeGreaterThan(0);
      for (const i of first) expect(onboarding).toContain(i.documentId);
    });

    it('summaries write one memo per document, metadata_summaries one per value', async () => {
      await start({ type: 'summaries' });
      const memos = (await t.post(READ, f.readKey, { action: 'get_memos' })).json().memos;
      const summaries = memos.filter((m: { kind: string }) => m.kind === 'summary');
      const byDoc = await texts();
      expect(byDoc.size).toBe(6);
      expect(summaries).toHaveLength(6);
      expect(new Set(summaries.map((m: { documentId: string }) => m.documentId))).toEqual(new Set(byDoc.keys()));
      // Built from the document's own sentences.
      for (const m of summaries) for (const sentence of m.text.split(/(?<=[.!])\s+/)) expect(byDoc.get(m.documentId)).toContain(sentence);

      await start({ type: 'metadata_summaries' });
      const perValue = (await t.post(READ, f.readKey, { action: 'get_memos' })).json().memos.filter((m: { kind: string }) => m.kind === 'metadata_summary');
      expect(perValue.map((m: { value: string }) => m.value).sort()).toEqual(['new', 'paying']);
      expect(new Set(perValue.map((m: { fieldId: string }) => m.fieldId)).size).toBe(1);
      const onboarding = (await subject('onboarding')).map((id) => byDoc.get(id)!);
      const summaryOfNew = perValue.find((m: { value: string }) => m.value === 'new');
      for (const sentence of summaryOfNew.text.split(/(?<=[.!])\s+/)) expect(onboarding.some((text) => text.includes(sentence))).toBe(true);
    });

    it('the deprecated write surface starts the same engine and marks itself deprecated', async () => {
      const res = await t.post(WRITE, f.editKey, { action: 'start_analysis', type: 'inductive' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.deprecation).toBe('true');
      expect(res.json().analysis.type).toBe('automatic');
      const filtered = await t.post(WRITE, f.editKey, {
        action: 'start_predefined_analysis',
        themes: [{ name: 'Pricing' }],
        documentScope: 'all',
        metadataFilter: [{ field: 'role', value: 'x' }],
      });
      expect(filtered.statusCode).toBe(400);
      await t.app.workers.drain();
    });
  });
});
