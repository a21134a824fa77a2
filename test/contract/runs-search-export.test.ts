import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

type Result = { type: 'chunk' | 'insight'; id: string; documentId: string | null; text: string; analysisId?: string | null };
type Code = { guid: string; name: string; isCodable: string; Description?: string; Code?: Code[] };

const GHOST = '00000000-0000-4000-8000-000000000000';

/** xmllint's verdict on a project.qde against the QDA-XML 1.0 schema (Debian's libxml2-utils; CI installs it). */
function validate(qde: string): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qde-')), 'project.qde');
  fs.writeFileSync(file, qde);
  execFileSync('xmllint', ['--noout', '--schema', path.resolve('assets/refi-qda/Project.xsd'), file], { stdio: 'pipe' });
}

/**
 * Runs as things in search and exports (issue 43, part 1; issue 44, part 2): two automatic runs
 * of one project, the second a rerun over every document with the same settings, so that the two
 * runs make the same statements. Search answers each insight once per page with its run, and one
 * run's alone when named; the `.qdpx` export takes a run, and keeps runs apart without one.
 */
describe.each(STORE_KINDS)('runs in search and exports on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let first = '';
    let rerun = '';

    const call = async (surface: string, key: string, body: Record<string, unknown>, status = 200) => {
      const res = await t.post(surface, key, body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const read = (body: Record<string, unknown>, status = 200) => call(READ, f.readKey, body, status);
    const search = async (body: Record<string, unknown>) => (await read({ action: 'search', ...body })).results as Result[];
    const start = async (body: Record<string, unknown>) => {
      const answer = await call(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, ...body });
      await t.app.workers.drain();
      return answer.analysis.id as string;
    };
    const download = (query = '', key = f.readKey) =>
      t.app.server.inject({ method: 'GET', url: `/api/sift-read/export?format=qdpx${query}`, headers: { authorization: `Bearer ${key}` } });
    const exported = async (analysisId?: string) => {
      const res = await download(analysisId ? `&analysisId=${analysisId}` : '');
      expect(res.statusCode, res.body).toBe(200);
      return Buffer.from(res.rawPayload);
    };
    const qdeOf = (archive: Buffer) => {
      const text = new TextDecoder().decode(unzipSync(new Uint8Array(archive))['project.qde']);
      validate(text);
      return new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        isArray: (name) => ['Code', 'TextSource', 'PlainTextSelection', 'Coding', 'Note'].includes(name),
      }).parse(text).Project;
    };
    const guidsUnder = (codes: Code[] = []): string[] => codes.flatMap((c) => [c.guid, ...guidsUnder(c.Code)]);
    const stored = async (table: 'categories' | 'insights', analysisId: string) =>
      (await t.app.store.db.selectFrom(table).select('id').where('analysisId', '=', analysisId).execute()).map((r) => r.id).sort();

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(
        t,
        f,
        TRANSCRIPTS.map((x) => ({ filename: x.filename, content: x.text })),
      );
      first = await start({ type: 'automatic' });
      rerun = await start({ type: 'automatic', rerun: true, name: 'Everything again' });
      expect((await stored('insights', first)).length).toBeGreaterThan(0);
      expect((await stored('insights', rerun)).length).toBeGreaterThan(0);
    }, 120_000);
    afterAll(() => t?.close());

    it('get_project lists the runs, newest first, with their names', async () => {
      const answer = await read({ action: 'get_project' });
      expect(answer.analyses.map((r: { id: string }) => r.id)).toEqual([rerun, first]);
      expect(answer.analyses[0]).toEqual({ id: rerun, name: 'Everything again', type: 'automatic', status: 'completed' });
      expect(answer.analyses[1].name).toMatch(/^Automatic · /);
    });

    it('answers an insight at most once per page, each with its run: two runs saying the same are two results', async () => {
      const manual = (
        await call(WRITE, f.editKey, {
          action: 'manage_insights',
          operation: 'create',
          categories: [],
          text: 'Participants distrust the bank sync',
          documentId: 'D1',
        })
      ).insight;
      let sameStatement = 0;
      const runsSeen = new Set<string | null>();
      for (const query of ['bank', 'price', 'sync', 'tutorial', 'distrust']) {
        for (const onlyInsights of [true, false]) {
          const results = await search({ query, topK: 50, onlyInsights });
          expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
          const insights = results.filter((r) => r.type === 'insight');
          const byStatement = new Map<string, Result[]>();
          for (const r of insights) {
            expect(r).toHaveProperty('analysisId');
            expect([first, rerun, null]).toContain(r.analysisId);
            runsSeen.add(r.analysisId!);
            const key = `${r.documentId}|${r.text}`;
            byStatement.set(key, [...(byStatement.get(key) ?? []), r]);
          }
          // The same statement on one page: each result another run's insight, never one insight twice.
          for (const same of byStatement.values()) {
            expect(new Set(same.map((r) => r.analysisId)).size).toBe(same.length);
            if (same.length > 1) sameStatement++;
          }
          for (const r of results.filter((x) => x.type === 'chunk')) expect(r).not.toHaveProperty('analysisId');
        }
      }
      expect(sameStatement).toBeGreaterThan(0);
      expect(runsSeen).toEqual(new Set([first, rerun, null]));
      const found = (await search({ query: 'distrust', onlyInsights: true })).find((r) => r.id === manual.id);
      expect(found?.analysisId).toBeNull();
      await call(WRITE, f.editKey, { action: 'manage_insights', operation: 'delete', categories: [], id: manual.id });
    });

    it('with analysisId answers that run’s insights alone, passages as before; an unknown run is a 404', async () => {
      for (const run of [first, rerun]) {
        const own = new Set(((await read({ action: 'get_insights', analysisId: run })).insights as { id: string }[]).map((i) => i.id));
        let insightsFound = 0;
        for (const query of ['bank', 'price', 'sync']) {
          const results = await search({ query, topK: 50, analysisId: run });
          const insights = results.filter((r) => r.type === 'insight');
          insightsFound += insights.length;
          for (const r of insights) {
            expect(r.analysisId).toBe(run);
            expect(own.has(r.id)).toBe(true);
          }
          // Passages are no run's: in the same order as without a run.
          const passages = (await search({ query, topK: 50 })).filter((r) => r.type === 'chunk').map((r) => r.id);
          const kept = results.filter((r) => r.type === 'chunk').map((r) => r.id);
          const n = Math.min(passages.length, kept.length);
          expect(n).toBeGreaterThan(0);
          expect(kept.slice(0, n)).toEqual(passages.slice(0, n));
          const all = await read({ action: 'search', query, onlyInsights: true, topK: 50 });
          const one = await read({ action: 'search', query, onlyInsights: true, topK: 50, analysisId: run });
          expect(one.total).toBeLessThan(all.total);
        }
        expect(insightsFound).toBeGreaterThan(0);
      }
      // Filters still apply within the run.
      const filtered = await search({ query: 'bank', onlyInsights: true, analysisId: first, filters: { documentIds: ['D1'] } });
      for (const r of filtered) expect(r).toMatchObject({ documentId: 'D1', analysisId: first });
      expect((await read({ action: 'search', query: 'bank', analysisId: GHOST }, 404)).error).toBeDefined();
      expect((await read({ action: 'search', query: 'bank', analysisId: 'C1' }, 400)).error).toBeDefined();
    });

    it('the .qdpx export of one run holds its categories and insights alone; without one, each run’s codes sit under the run', async () => {
      for (const run of [first, rerun]) {
        const qde = qdeOf(await exported(run));
        const codes = guidsUnder(qde.CodeBook.Codes.Code);
        expect(codes.sort()).toEqual(await stored('categories', run));
        expect(qde.CodeBook.Codes.Code.every((c: Code) => c.isCodable === 'true')).toBe(true);
        const insightNotes = qde.Notes.Note.filter((n: { name: string }) => n.name.startsWith('Insight '));
        expect(insightNotes).toHaveLength((await stored('insights', run)).length);
        const coded = new Set(codes);
        for (const s of qde.Sources.TextSource)
          for (const sel of s.PlainTextSelection ?? []) for (const c of sel.Coding ?? []) expect(coded.has(c.CodeRef.targetGUID)).toBe(true);
      }
      const both = qdeOf(await exported());
      const top: Code[] = both.CodeBook.Codes.Code;
      const names = new Map(((await read({ action: 'get_project' })).analyses as { id: string; name: string }[]).map((r) => [r.id, r.name]));
      for (const run of [first, rerun]) {
        const wrapper = top.find((c) => c.Description?.includes(`analysisId ${run}`))!;
        expect(wrapper).toMatchObject({ name: names.get(run), isCodable: 'false' });
        expect(guidsUnder(wrapper.Code).sort()).toEqual(await stored('categories', run));
      }
      expect(top).toHaveLength(2);
      const insightNotes = both.Notes.Note.filter((n: { name: string }) => n.name.startsWith('Insight '));
      for (const run of [first, rerun])
        expect(insightNotes.filter((n: { name: string }) => n.name.endsWith(` · ${names.get(run)}`)).length).toBe((await stored('insights', run)).length);
    });

    it('refuses a run it does not know: 404 for an unknown run or another project’s, 400 for what is not a run id', async () => {
      expect((await download(`&analysisId=${GHOST}`)).statusCode).toBe(404);
      const bad = await download('&analysisId=C1');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([expect.objectContaining({ path: '/analysisId' })]);
      const other = await seedProject(t);
      const elsewhere = (await call(ACCOUNT, other.accountKey, { action: 'start_analysis', projectId: other.projectId, type: 'automatic', rerun: true }))
        .analysis.id;
      expect((await download(`&analysisId=${elsewhere}`)).statusCode).toBe(404);
      expect((await download(`&analysisId=${elsewhere}`, other.readKey)).statusCode).toBe(200);
    });

    it('deleting one run leaves the other’s export byte-identical', async () => {
      const before = await exported(first);
      expect(before.equals(await exported(first))).toBe(true);
      await call(ACCOUNT, f.accountKey, { action: 'delete_analysis', projectId: f.projectId, analysisId: rerun });
      expect((await exported(first)).equals(before)).toBe(true);
      expect((await download(`&analysisId=${rerun}`)).statusCode).toBe(404);
      // One run left: its tree as it stands, no code for the run.
      const codes = qdeOf(await exported()).CodeBook.Codes.Code as Code[];
      expect(codes.every((c) => c.isCodable === 'true')).toBe(true);
      expect(guidsUnder(codes).sort()).toEqual(await stored('categories', first));
    });
  });
});
