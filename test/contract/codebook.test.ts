import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { multipart } from '../helpers/multipart.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';

const XSD = path.resolve('assets/refi-qda/Codebook.xsd');
/** Twelve interviews of the passage benchmark: ten analysed first, two uploaded after the first run. */
const FILES = loadStudy(path.join(STUDIES_DIR, 'care-workers')).transcripts.map((x) => ({ filename: `${x.id}.txt`, content: x.text }));

/** xmllint's verdict on a .qdc against the REFI-QDA codebook schema (Debian's libxml2-utils; CI installs it). */
function validate(qdc: string): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qdc-')), 'codebook.qdc');
  fs.writeFileSync(file, qdc);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(String((err as { stderr?: Buffer }).stderr ?? err));
  }
}

interface Category {
  id: string;
  text: string;
  description: string;
  analysisId: string | null;
  children: Category[];
}
interface CodebookEntry {
  name: string;
  description: string;
  parent: string | null;
  examples: string[];
}
const flat = (nodes: Category[]): Category[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** Codebooks (issue 43, part 2): a run's categories as the researcher left them code every document; exported and imported. */
describe.each(STORE_KINDS)('codebooks on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;

    const call = async (surface: string, key: string, body: Record<string, unknown>, status = 200) => {
      const res = await t.post(surface, key, body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const account = (body: Record<string, unknown>, status = 200) => call(ACCOUNT, f.accountKey, { projectId: f.projectId, ...body }, status);
    const read = (body: Record<string, unknown>, status = 200) => call(READ, f.readKey, body, status);
    const write = (body: Record<string, unknown>) => call(WRITE, f.editKey, body);
    const categoriesOf = async (analysisId: string) => flat((await read({ action: 'get_categories', analysisId })).categories as Category[]);
    const runOf = async (id: string) => ((await account({ action: 'get_project_status' })).analyses as Record<string, any>[]).find((r) => r.id === id)!;
    const download = (query: string, key = f.readKey) =>
      t.app.server.inject({ method: 'GET', url: `/api/sift-read/codebook?${query}`, headers: { authorization: `Bearer ${key}` } });
    const upload = (query: string, file: { filename: string; content: string | Uint8Array }, key = f.accountKey, route = '/api/sift-account/codebook') => {
      const body = multipart([file]);
      return t.app.server.inject({
        method: 'POST',
        url: `${route}?${query}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    /** Every row a run made, as stored. */
    const rowsOf = async (analysisId: string) => {
      const db = t.app.store.db;
      const categories = await db.selectFrom('categories').selectAll().where('analysisId', '=', analysisId).orderBy('id').execute();
      const insights = await db.selectFrom('insights').selectAll().where('analysisId', '=', analysisId).orderBy('id').execute();
      return JSON.stringify({ categories, insights });
    };

    let first = '';
    let codebookRun = '';
    let codebook: CodebookEntry[] = [];
    let renamed = '';
    let merged = '';
    let deleted = '';

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(t, f, FILES.slice(0, 10));
      first = (await account({ action: 'start_analysis', type: 'automatic' })).analysis.id;
      await t.app.workers.drain();
    }, 120_000);
    afterAll(() => t?.close());

    it('the researcher renames, merges, deletes and recodes the run categories; two documents come after the run', async () => {
      const cats = await categoriesOf(first);
      expect(cats.length).toBeGreaterThanOrEqual(4);
      const [a, b, c, d] = cats;
      renamed = 'Costs the researcher named';
      await write({ action: 'manage_categories', operation: 'update', id: a!.id, text: renamed, description: 'What participants pay, in their words.' });
      merged = 'Merged by the researcher';
      const merge = await write({ action: 'manage_categories', operation: 'merge', categoryIds: [b!.id, c!.id], newName: merged });
      // A new category standing for categories of one run is that run's.
      expect(merge.category.analysisId).toBe(first);
      deleted = d!.text;
      await write({ action: 'manage_categories', operation: 'delete', id: d!.id, deleteIfNotEmpty: true });
      // Recoding: an insight of the merged category moves into one the researcher made by hand.
      const mergedInsights = (await read({ action: 'get_insights', filters: { categories: [merge.category.id] } })).insights as { id: string }[];
      expect(mergedInsights.length).toBeGreaterThan(1);
      const own = (await write({ action: 'manage_categories', operation: 'create', text: 'Made by hand' })).category;
      await write({ action: 'categorize_insights', operation: 'move', insightIds: [mergedInsights[0]!.id], categoryId: own.id });
      await uploadReady(t, f, FILES.slice(10, 12));
    });

    it('use_as_codebook carries the categories as they now are, with quotes still filed in each, and codes every document', async () => {
      const before = await rowsOf(first);
      const credits = (await account({ action: 'get_project_status' })).creditBalance;
      const answer = await account({ action: 'use_as_codebook', analysisId: first, examplesPerCategory: 3 });
      codebookRun = answer.analysis.id;
      codebook = answer.codebook;
      expect(answer.analysis).toMatchObject({ type: 'predefined', status: 'queued' });
      expect(answer.analysis.name).toMatch(/^Codebook · Automatic · /);
      const names = codebook.map((c) => c.name);
      expect(names).toContain(renamed);
      expect(names).toContain(merged);
      expect(names).toContain('Made by hand');
      expect(names).not.toContain(deleted);
      expect(codebook.find((c) => c.name === renamed)!.description).toBe('What participants pay, in their words.');
      // Examples: quotes of insights filed in each category now, at most three.
      const insights = (await read({ action: 'get_insights' })).insights as { quotes: string[]; categories: { text: string }[] }[];
      for (const entry of codebook) {
        expect(entry.examples.length).toBeLessThanOrEqual(3);
        const filed = insights.filter((i) => i.categories.some((c) => c.text === entry.name)).flatMap((i) => i.quotes);
        for (const e of entry.examples) expect(filed).toContain(e);
        if (filed.length > 0) expect(entry.examples.length).toBeGreaterThan(0);
      }
      await t.app.workers.drain();
      const run = await runOf(codebookRun);
      expect(run).toMatchObject({ status: 'completed', coverage: { pending: 0, failed: 0 } });
      // Every ready document, the two added after the first run among them.
      expect(run.coverage.analysed + run.coverage.skipped).toBe(12);
      const own = await categoriesOf(codebookRun);
      expect(own.map((c) => c.text).sort()).toEqual([...names].sort());
      expect(own.every((c) => c.analysisId === codebookRun)).toBe(true);
      // Its tree is the codebook's: each category under the parent the codebook names.
      const tree = (await read({ action: 'get_categories', analysisId: codebookRun })).categories as Category[];
      const parents = (nodes: Category[], parent: string | null): [string, string | null][] =>
        nodes.flatMap((n) => [[n.text, parent] as [string, string | null], ...parents(n.children, n.text)]);
      expect(Object.fromEntries(parents(tree, null))).toEqual(Object.fromEntries(codebook.map((c) => [c.name, c.parent])));
      const coded = (await read({ action: 'get_insights', analysisId: codebookRun })).insights as { documentId: string }[];
      const later = ((await read({ action: 'get_documents' })).documents as { id: string; filename: string }[])
        .filter((d) => ['p11.txt', 'p12.txt'].includes(d.filename))
        .map((d) => d.id);
      expect(later).toHaveLength(2);
      expect(coded.some((i) => later.includes(i.documentId))).toBe(true);
      // The first run's results are untouched, and nothing was charged.
      expect(await rowsOf(first)).toBe(before);
      expect((await account({ action: 'get_project_status' })).creditBalance).toBe(credits);
    });

    it('the codebook exports as CSV that parses back, a .qdc valid against the REFI-QDA codebook schema, and Markdown', async () => {
      const csv = await download(`format=csv&analysisId=${first}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"/);
      const rows = Papa.parse<Record<string, string>>(csv.body, { header: true, skipEmptyLines: true }).data;
      expect(rows.map((r) => r.name)).toEqual(codebook.map((c) => c.name));
      for (const [i, r] of rows.entries()) {
        expect(r.description).toBe(codebook[i]!.description);
        expect(r.parent || null).toBe(codebook[i]!.parent);
        expect(r.examples!.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(Math.min(codebook[i]!.examples.length, 1));
      }
      const qdc = await download(`format=qdc&analysisId=${first}`);
      expect(qdc.statusCode).toBe(200);
      expect(qdc.headers['content-type']).toBe('application/xml; charset=utf-8');
      validate(qdc.body);
      for (const c of codebook) expect(qdc.body).toContain(`name="${c.name}"`);
      const project = await download('format=qdc');
      validate(project.body);
      const md = await download(`format=md&analysisId=${first}`);
      expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(md.body).toContain(`## ${renamed}`);
      // The codebook run's own codebook, named in any script, and the edit key's access.
      await account({ action: 'rename_analysis', analysisId: codebookRun, name: '研究 · Über 😡' });
      const named = await download(`analysisId=${codebookRun}`, f.editKey);
      expect(named.statusCode, named.body).toBe(200);
      expect(named.headers['content-disposition']).toContain(encodeURIComponent('研究 Über codebook.qdc'));
      validate(named.body);
    });

    it('an exported codebook imports back as the categories of a new predefined run, .qdc and CSV alike', async () => {
      const csv0 = Papa.parse<Record<string, string>>((await download(`format=csv&analysisId=${first}`)).body, { header: true, skipEmptyLines: true }).data;
      for (const format of ['qdc', 'csv'] as const) {
        const file = (await download(`format=${format}&analysisId=${first}`)).rawPayload;
        const res = await upload(`projectId=${f.projectId}&name=Imported`, { filename: `study.${format}`, content: new Uint8Array(file) });
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json();
        expect(answer.analysis).toMatchObject({ type: 'predefined', status: 'queued', name: 'Imported' });
        const strip = (list: CodebookEntry[]) => list.map((c) => ({ name: c.name, parent: c.parent, description: c.description }));
        expect(strip(answer.codebook)).toEqual(strip(codebook));
        // The export carries five examples a code, one line each.
        expect(answer.codebook.map((c: CodebookEntry) => c.examples)).toEqual(csv0.map((r) => r.examples!.split('\n').filter(Boolean)));
        await t.app.workers.drain();
        expect(await runOf(answer.analysis.id)).toMatchObject({ status: 'completed', coverage: { pending: 0 } });
        const own = await categoriesOf(answer.analysis.id);
        expect(own.map((c) => c.text).sort()).toEqual(codebook.map((c) => c.name).sort());
      }
      // A partner imports into a project it created.
      const partner = await t.admin('create_partner', { name: 'P', credits: 10 });
      const acct = (await call(PARTNER, partner.secret, { action: 'create_account', email: `p${Math.random()}@example.com` })).account;
      const project = (await call(PARTNER, partner.secret, { action: 'create_project', accountId: acct.id, name: 'P' })).project;
      const csv = 'name,description,parent,examples\nCost,Money,,"too dear\nfees"\nFees,,Cost,\n';
      const res = await upload(`projectId=${project.id}`, { filename: 'codes.csv', content: csv }, partner.secret, '/api/sift-partner/codebook');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().codebook).toEqual([
        { name: 'Cost', description: 'Money', parent: null, examples: ['too dear', 'fees'] },
        { name: 'Fees', description: '', parent: 'Cost', examples: [] },
      ]);
      expect(res.json().analysis.name).toBe('Codebook · codes.csv');
    });

    it('refuses what cannot be used: 400 with details naming the place, 409 for a run still working, 404 for a run of nothing', async () => {
      const bad = async (query: string, file: { filename: string; content: string | Uint8Array }) => {
        const res = await upload(query, file);
        expect(res.statusCode, res.body).toBe(400);
        return (res.json().details as { path: string }[]).map((d) => d.path);
      };
      const p = `projectId=${f.projectId}`;
      expect(await bad(p, { filename: 'codes.csv', content: 'title,text\nCost,Money\n' })).toEqual(['/file/rows/1']);
      expect(await bad(p, { filename: 'codes.csv', content: `name,description\n,x\nCost,${'d'.repeat(2001)}\nFees\n` })).toEqual([
        '/file/rows/2/name',
        '/file/rows/3/description',
      ]);
      expect(await bad(p, { filename: 'codes.csv', content: 'name,parent\nCost,Nothing\n' })).toEqual(['/file/rows/2/parent']);
      expect(await bad(p, { filename: 'codes.csv', content: 'name\n' })).toEqual(['/file']);
      expect(await bad(p, { filename: 'codes.csv', content: new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe]) })).toEqual(['/file']);
      expect(await bad(p, { filename: 'codes.qdc', content: '<CodeBook><Codes/></CodeBook>' })).toEqual(expect.arrayContaining(['/file']));
      expect(await bad(p, { filename: 'codes.qdc', content: 'not xml at all' })).toEqual(expect.arrayContaining(['/file']));
      expect(await bad(p, { filename: 'codes.txt', content: 'name\nCost\n' })).toEqual(['/format']);
      expect(await bad(`${p}&format=xlsx`, { filename: 'codes.csv', content: 'name\nCost\n' })).toEqual(['/format']);
      expect(await bad(`${p}&name=`, { filename: 'codes.csv', content: 'name\nCost\n' })).toEqual(['/name']);
      expect(await bad(`${p}&colour=red`, { filename: 'codes.csv', content: 'name\nCost\n' })).toEqual(['/colour']);
      const many = `name\n${Array.from({ length: 101 }, (_, i) => `Code ${i}`).join('\n')}\n`;
      expect(await bad(p, { filename: 'codes.csv', content: many })).toEqual(['/file']);
      const big = await upload(p, { filename: 'codes.csv', content: `name\n${'x'.repeat(5 * 1024 * 1024)}\n` });
      expect(big.statusCode).toBe(413);
      const json = await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/codebook?${p}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(json.statusCode).toBe(400);

      // Any broken CSV is a 400 naming places in the file, never a 500.
      const cell = fc.constantFrom('Cost', '', ' ', 'x'.repeat(201), '"', '"a,b"', 'Nothing', 'name', '=1', '\u00e9');
      await fc.assert(
        fc.asyncProperty(fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 6 }), async (rows) => {
          const csv = ['name,description,parent,examples', ...rows.map((r) => r.join(','))].join('\n');
          const res = await upload(p, { filename: 'codes.csv', content: csv });
          expect([200, 400], res.body).toContain(res.statusCode);
          if (res.statusCode === 400) for (const d of res.json().details) expect(d.path).toMatch(/^\/file/);
        }),
        { numRuns: 40 },
      );

      // use_as_codebook: a run with no categories, a run still queued, a run of nothing.
      const summaries = (await account({ action: 'start_analysis', type: 'summaries' })).analysis.id;
      expect((await account({ action: 'use_as_codebook', analysisId: summaries }, 409)).error).toMatch(/still queued/);
      await t.app.workers.drain();
      const none = await account({ action: 'use_as_codebook', analysisId: summaries }, 400);
      expect(none.details[0].path).toBe('/analysisId');
      expect((await account({ action: 'use_as_codebook', analysisId: '00000000-0000-4000-8000-000000000000' }, 404)).error).toBeDefined();
      expect((await account({ action: 'use_as_codebook', analysisId: first, examplesPerCategory: 21 }, 400)).error).toBeDefined();
      const exported = await download('format=pdf');
      expect(exported.statusCode).toBe(400);
      expect((await download('analysisId=C1')).statusCode).toBe(400);
      expect((await download('analysisId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('the import reaches only projects the caller writes: another account is a 404 as a project of nothing, a viewer a 403', async () => {
      const stranger = await seedProject(t);
      const csv = { filename: 'codes.csv', content: 'name\nCost\n' };
      const foreign = await upload(`projectId=${stranger.projectId}`, csv);
      const ghost = await upload('projectId=P00000000', csv);
      expect([foreign.statusCode, ghost.statusCode]).toEqual([404, 404]);
      const { user } = await t.admin('create_user', { email: `viewer${Math.random()}@example.com` });
      const { account: other } = await t.admin('create_account', { name: 'Viewer team', ownerUserId: user.id });
      const key = (await t.admin('create_account_key', { accountId: other.id, userId: user.id })).key;
      await t.admin('add_member', { projectId: f.projectId, userId: user.id, role: 'viewer' });
      expect((await upload(`projectId=${f.projectId}`, csv, key)).statusCode).toBe(403);
      expect((await call(ACCOUNT, key, { action: 'use_as_codebook', projectId: f.projectId, analysisId: first }, 403)).error).toBeDefined();
      expect((await download('format=csv', f.accountKey)).statusCode).toBe(401);
    });
  });
});
