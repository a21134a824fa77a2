import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

/** Runs as things (issue 43, part 1): a rerun over every document, names, rename and delete. */
describe.each(STORE_KINDS)('analysis runs on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;

    const account = async (body: Record<string, unknown>, status = 200) => {
      const res = await t.post(ACCOUNT, f.accountKey, { projectId: f.projectId, ...body });
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const start = async (body: Record<string, unknown>) => {
      const answer = await account({ action: 'start_analysis', ...body });
      await t.app.workers.drain();
      return answer.analysis as { id: string; name: string };
    };
    const runs = async () => (await account({ action: 'get_project_status' })).analyses as Record<string, any>[];
    const balance = async () => (await account({ action: 'get_project_status' })).creditBalance as number;
    /** Every row a run made, as stored: what must stay byte-identical when another run goes. */
    const rowsOf = async (analysisId: string) => {
      const db = t.app.store.db;
      const categories = await db.selectFrom('categories').selectAll().where('analysisId', '=', analysisId).orderBy('id').execute();
      const insights = await db.selectFrom('insights').selectAll().where('analysisId', '=', analysisId).orderBy('id').execute();
      const links = await db
        .selectFrom('insightCategories')
        .selectAll()
        .where('insightId', 'in', insights.length ? insights.map((i) => i.id) : [''])
        .orderBy('insightId')
        .orderBy('categoryId')
        .execute();
      return JSON.stringify({ categories, insights, links });
    };
    const verdicts = async (family: string) =>
      (
        await t.app.store.db
          .selectFrom('analysisVerdicts')
          .select(['documentId', 'analysisId'])
          .where('projectId', '=', f.projectId)
          .where('family', '=', family)
          .execute()
      ).length;

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(
        t,
        f,
        TRANSCRIPTS.slice(0, 3).map((x) => ({ filename: x.filename, content: x.text })),
      );
    });
    afterAll(() => t?.close());

    let first = '';
    let rerun = '';

    it('names a run from its type and start time, or as given', async () => {
      const run = await start({ type: 'automatic' });
      first = run.id;
      expect(run.name).toMatch(/^Automatic · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      const listed = (await runs()).find((r) => r.id === first)!;
      expect(listed.name).toBe(run.name);
      expect(listed.rerun).toBeUndefined();
      expect((await rowsOf(first)).length).toBeGreaterThan(50);
    });

    it('a rerun analyses every document again into a run of its own, charges nothing and leaves the first run untouched', async () => {
      const before = await rowsOf(first);
      const credits = await balance();
      // The default still finds nothing new.
      const plain = await start({ type: 'automatic' });
      expect((await runs()).find((r) => r.id === plain.id)!.note).toMatch(/nothing new to analyse/);
      const run = await start({ type: 'automatic', rerun: true, analysisGranularity: 'inclusive', name: 'Inclusive, all documents' });
      rerun = run.id;
      expect(run.name).toBe('Inclusive, all documents');
      const listed = (await runs()).find((r) => r.id === rerun)!;
      expect(listed).toMatchObject({ status: 'completed', rerun: true, coverage: { pending: 0 } });
      expect(listed.coverage.analysed).toBeGreaterThan(0);
      expect(await balance()).toBe(credits);
      const cats = await t.app.store.db.selectFrom('categories').select('parentId').where('analysisId', '=', rerun).execute();
      expect(cats.length).toBeGreaterThan(0);
      const ins = await t.app.store.db.selectFrom('insights').select('id').where('analysisId', '=', rerun).execute();
      expect(ins.length).toBeGreaterThan(0);
      // Its tree is its own: no category of the first run is a parent of its categories.
      const firstIds = new Set((await t.app.store.db.selectFrom('categories').select('id').where('analysisId', '=', first).execute()).map((c) => c.id));
      expect(cats.filter((c) => c.parentId && firstIds.has(c.parentId))).toEqual([]);
      expect(await rowsOf(first)).toBe(before);
      // The default rule still means new documents only.
      const after = await start({ type: 'automatic' });
      expect((await runs()).find((r) => r.id === after.id)!.note).toMatch(/nothing new to analyse/);
    });

    it('get_categories and get_insights answer one run with analysisId, every run without it, and each item says its run', async () => {
      const read = async (body: Record<string, unknown>, status = 200) => {
        const res = await t.post(READ, f.readKey, body);
        expect(res.statusCode, res.body).toBe(status);
        return res.json();
      };
      type Node = { id: string; analysisId: string | null; children: Node[] };
      const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
      const manual = (await t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'create', categories: [], text: 'Made by hand' })).json().insight;
      expect(manual.analysisId).toBeNull();
      const all = flat((await read({ action: 'get_categories' })).categories);
      const allInsights = (await read({ action: 'get_insights' })).insights as { id: string; analysisId: string | null }[];
      for (const run of [first, rerun]) {
        expect(all.some((c) => c.analysisId === run)).toBe(true);
        expect(allInsights.some((i) => i.analysisId === run)).toBe(true);
      }
      expect(allInsights.find((i) => i.id === manual.id)!.analysisId).toBeNull();
      for (const run of [first, rerun]) {
        const stored = await t.app.store.db.selectFrom('categories').select('shortId').where('analysisId', '=', run).execute();
        const cats = flat((await read({ action: 'get_categories', analysisId: run })).categories);
        expect(cats.map((c) => c.id).sort()).toEqual(stored.map((c) => c.shortId).sort());
        expect(cats.every((c) => c.analysisId === run)).toBe(true);
        const ins = (await read({ action: 'get_insights', analysisId: run })).insights as { id: string; analysisId: string }[];
        expect(ins.map((i) => i.id).sort()).toEqual(
          allInsights
            .filter((i) => i.analysisId === run)
            .map((i) => i.id)
            .sort(),
        );
        expect(ins.length).toBeGreaterThan(0);
        // One of the other run's (or a hand-made one) named within this run is not found.
        const other = allInsights.find((i) => i.analysisId !== run)!;
        expect((await read({ action: 'get_insights', analysisId: run, id: other.id }, 404)).error).toBeDefined();
        const own = await read({ action: 'get_insights', analysisId: run, id: ins[0]!.id });
        expect(own.insight.analysisId).toBe(run);
        const otherCategory = all.find((c) => c.analysisId !== run)!;
        expect((await read({ action: 'get_categories', analysisId: run, id: otherCategory.id }, 404)).error).toBeDefined();
      }
      const ghost = '00000000-0000-4000-8000-000000000000';
      expect((await read({ action: 'get_categories', analysisId: ghost }, 404)).error).toBeDefined();
      expect((await read({ action: 'get_insights', analysisId: ghost }, 404)).error).toBeDefined();
      expect((await read({ action: 'get_insights', analysisId: 'C1' }, 400)).error).toBeDefined();
      await t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'delete', categories: [], id: manual.id });
    });

    it('rerun and name are validated: rerun only for automatic, a name within bounds', async () => {
      expect((await account({ action: 'start_analysis', type: 'summaries', rerun: true }, 400)).error).toBeDefined();
      const long = await account({ action: 'start_analysis', type: 'automatic', name: 'x'.repeat(501) }, 400);
      expect(JSON.stringify(long)).toContain('/name');
      expect((await account({ action: 'rename_analysis', analysisId: first, name: '' }, 400)).error).toBeDefined();
    });

    it('renames a run', async () => {
      const answer = await account({ action: 'rename_analysis', analysisId: first, name: 'Default granularity' });
      expect(answer.analysis).toMatchObject({ id: first, name: 'Default granularity', type: 'automatic', status: 'completed' });
      expect((await runs()).find((r) => r.id === first)!.name).toBe('Default granularity');
    });

    it('deletes a run with its categories and insights and nothing else; the other run stays byte-identical', async () => {
      const kept = await rowsOf(first);
      const manual = (await t.post(WRITE, f.editKey, { action: 'manage_categories', operation: 'create', text: 'Made by hand' })).json().category;
      const docs = await t.app.store.db.selectFrom('documents').select('id').where('projectId', '=', f.projectId).execute();
      const automaticBefore = await verdicts('automatic');
      const answer = await account({ action: 'delete_analysis', analysisId: rerun });
      expect(answer.deleted).toEqual([rerun]);
      expect(answer.categoryIds.length).toBeGreaterThan(0);
      expect(answer.insightIds.length).toBeGreaterThan(0);
      expect(await rowsOf(rerun)).toBe(JSON.stringify({ categories: [], insights: [], links: [] }));
      expect(await rowsOf(first)).toBe(kept);
      expect((await runs()).map((r) => r.id)).not.toContain(rerun);
      expect(await verdicts(`automatic:${rerun}`)).toBe(0);
      expect(await verdicts('automatic')).toBe(automaticBefore);
      expect((await t.app.store.db.selectFrom('documents').select('id').where('projectId', '=', f.projectId).execute()).length).toBe(docs.length);
      const read = (await t.post(READ, f.readKey, { action: 'get_categories' })).json().categories as { id: string }[];
      expect(read.map((c) => c.id)).toContain(manual.id);
      expect((await account({ action: 'delete_analysis', analysisId: rerun }, 404)).error).toBeDefined();
      expect((await account({ action: 'rename_analysis', analysisId: rerun, name: 'gone' }, 404)).error).toBeDefined();
    });

    it('deleting the first run while a rerun stands keeps the documents covered: the default run still finds nothing new', async () => {
      await start({ type: 'automatic', rerun: true });
      await account({ action: 'delete_analysis', analysisId: first });
      const docs = await t.app.store.db.selectFrom('documents').select('id').where('projectId', '=', f.projectId).where('status', '=', 'ready').execute();
      expect(await verdicts('automatic')).toBe(docs.length);
      const after = await start({ type: 'automatic' });
      expect((await runs()).find((r) => r.id === after.id)!.note).toMatch(/nothing new to analyse/);
    });

    it('the partner surface renames and deletes the runs of its projects', async () => {
      const p = await t.admin('create_partner', { name: 'Runs partner', credits: 10 });
      const call = (body: Record<string, unknown>) => t.post(PARTNER, p.secret, body);
      const acc = (await call({ action: 'create_account', email: `runs${Math.random()}@example.com` })).json().account;
      const project = (await call({ action: 'create_project', accountId: acc.id, name: 'Runs' })).json().project;
      const run = (await call({ action: 'start_analysis', projectId: project.id, type: 'automatic', rerun: true, name: 'Partner run' })).json().analysis;
      expect(run.name).toBe('Partner run');
      const renamed = await call({ action: 'rename_analysis', projectId: project.id, analysisId: run.id, name: 'Renamed' });
      expect(renamed.json().analysis.name).toBe('Renamed');
      const deleted = await call({ action: 'delete_analysis', projectId: project.id, analysisId: run.id });
      expect(deleted.json()).toEqual({ deleted: [run.id], categoryIds: [], insightIds: [] });
      // Another project's run is a 404 here.
      expect((await call({ action: 'delete_analysis', projectId: project.id, analysisId: first })).statusCode).toBe(404);
    });
  });
});
