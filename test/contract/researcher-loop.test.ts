import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, READ, seedProject, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';

/** Ten interviews of a development study analysed first, two uploaded after the first run. */
const FILES = loadStudy(path.join(STUDIES_DIR, 'care-workers')).transcripts.map((x) => ({ filename: `${x.id}.txt`, content: x.text }));

/** xmllint's verdict on a file against a schema (Debian's libxml2-utils; CI installs it). */
function validate(xml: string, xsd: string): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loop-')), 'codebook.qdc');
  fs.writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', path.resolve(xsd), file], { stdio: 'pipe' });
}

interface Category {
  id: string;
  text: string;
  children: Category[];
}
const flat = (nodes: Category[]): Category[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/**
 * The loop a researcher follows (issue 43), end to end in one project: an automatic run → rename,
 * merge, delete → use as codebook → a predefined run over every document, two added after the
 * first run → compared with the automatic run, and with the team's own coding imported from a
 * `.qdpx` → a matrix → the files open (the matrix's CSV and `.xlsx`, the codebook's CSV and its
 * `.qdc`, valid against the REFI-QDA codebook schema).
 */
describe.each(STORE_KINDS)('the researcher’s loop on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const call = async (surface: string, key: string, body: Record<string, unknown>) => {
      const res = await t.post(surface, key, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const account = (body: Record<string, unknown>) => call(ACCOUNT, f.accountKey, { projectId: f.projectId, ...body });
    const read = (body: Record<string, unknown>, key = f.readKey) => call(READ, key, body);
    const get = (url: string, key = f.readKey) => t.app.server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    const runs = async (projectId = f.projectId) =>
      (await call(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId })).analyses as {
        id: string;
        status: string;
        coverage: { analysed: number; skipped: number };
      }[];

    let first = '';
    let codebookRun = '';
    let renamed = '';

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(t, f, FILES.slice(0, 10));
      first = (await account({ action: 'start_analysis', type: 'automatic' })).analysis.id;
      await t.app.workers.drain();
      const [a, b, c, d] = flat((await read({ action: 'get_categories', analysisId: first })).categories as Category[]);
      renamed = 'Pay as the researcher names it';
      await call(WRITE, f.editKey, { action: 'manage_categories', operation: 'update', id: a!.id, text: renamed });
      await call(WRITE, f.editKey, { action: 'manage_categories', operation: 'merge', categoryIds: [b!.id, c!.id], newName: 'Merged by the researcher' });
      await call(WRITE, f.editKey, { action: 'manage_categories', operation: 'delete', id: d!.id, deleteIfNotEmpty: true });
      await uploadReady(t, f, FILES.slice(10, 12));
      codebookRun = (await account({ action: 'use_as_codebook', analysisId: first })).analysis.id;
      await t.app.workers.drain();
    }, 180_000);
    afterAll(() => t?.close());

    it('the codebook run codes every document, the two added later included, into the names the researcher left', async () => {
      const run = (await runs()).find((r) => r.id === codebookRun)!;
      expect(run.status).toBe('completed');
      expect(run.coverage.analysed + run.coverage.skipped).toBe(12);
      const names = flat((await read({ action: 'get_categories', analysisId: codebookRun })).categories as Category[]).map((c) => c.text);
      expect(names).toContain(renamed);
      expect(names).toContain('Merged by the researcher');
    });

    it('compares with the automatic run: the codes the two share by name, with their figures', async () => {
      const answer = await read({ action: 'compare_codings', a: { analysisId: codebookRun }, b: { analysisId: first } });
      expect(answer.units).toBeGreaterThan(100);
      const pair = answer.codes.find((c: { codeA: string }) => c.codeA === renamed);
      expect(pair).toBeDefined();
      for (const c of answer.codes) for (const x of [c.kappa, c.alpha]) if (x !== null) expect(Math.abs(x)).toBeLessThanOrEqual(1);
    });

    it('compares with the team’s coding imported from a .qdpx: the codebook coded there, against the coding by hand', async () => {
      const archive = await get(`/api/sift-read/export?format=qdpx&analysisId=${first}`);
      expect(archive.statusCode).toBe(200);
      const body = multipart([{ filename: 'team.qdpx', content: new Uint8Array(archive.rawPayload) }]);
      const res = await t.app.server.inject({
        method: 'POST',
        url: '/api/sift-account/import?format=qdpx&name=Team coding',
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const projectId = res.json().project.id as string;
      await t.app.workers.drain();
      const status = await call(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId });
      await call(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId, expectedCreditCost: status.confirmableCreditCost });
      await t.app.workers.drain();
      const readKey = (await call(ACCOUNT, f.accountKey, { action: 'create_project_key', projectId, access: 'read' })).secret as string;
      // The codebook goes there as a file, as a researcher carries it from one project to another;
      // as REFI-QDA's codebook it is valid against that schema.
      const qdc = await get(`/api/sift-read/codebook?format=qdc&analysisId=${codebookRun}`);
      expect(qdc.statusCode).toBe(200);
      validate(qdc.body, 'assets/refi-qda/Codebook.xsd');
      const csv = await get(`/api/sift-read/codebook?format=csv&analysisId=${codebookRun}`);
      expect(csv.statusCode).toBe(200);
      const file = multipart([{ filename: 'codebook.csv', content: csv.body }]);
      const started = await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/codebook?projectId=${projectId}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': file.contentType },
        payload: file.payload,
      });
      expect(started.statusCode, started.body).toBe(200);
      const there = started.json().analysis.id as string;
      await t.app.workers.drain();
      expect((await runs(projectId)).find((r) => r.id === there)).toMatchObject({ status: 'completed' });
      const answer = await read({ action: 'compare_codings', a: { analysisId: there }, b: { analysisId: null } }, readKey);
      // Every document goes out in the archive; the team coded the ten the first run analysed.
      expect(answer.a.documents).toBe(12);
      expect(answer.b.documents).toBeGreaterThan(0);
      expect(answer.b.documents).toBeLessThanOrEqual(10);
      expect(answer.b.unplacedQuotes).toBe(0);
      // The codebook's codes meet the team's by name, and on some sentences they agree.
      expect(answer.codes.map((c: { codeA: string }) => c.codeA)).toContain(renamed);
      expect(answer.codes.some((c: { counts: { both: number } }) => c.counts.both > 0)).toBe(true);
    });

    it('reports: a code × participant matrix of the codebook run, its CSV and .xlsx read back', async () => {
      const matrix = await read({ action: 'get_matrix', columns: 'participant', analysisId: codebookRun });
      expect(matrix.rows.map((r: { name: string }) => r.name)).toContain(renamed);
      expect(matrix.columns.length).toBeGreaterThanOrEqual(12);
      const csv = await get(`/api/sift-read/matrix.csv?columns=participant&analysisId=${codebookRun}`);
      expect(csv.statusCode).toBe(200);
      const rows = Papa.parse<string[]>(csv.body.trim()).data;
      expect(rows.length).toBe(matrix.rows.length + 2);
      const xlsx = await get(`/api/sift-read/matrix.xlsx?columns=participant&analysisId=${codebookRun}`);
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets.length).toBeGreaterThan(1);
    });
  });
});
