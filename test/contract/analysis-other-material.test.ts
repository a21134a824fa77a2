import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, READ, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { MANUALS } from '../fixtures/manuals.js';

/**
 * A project of interviews into which manuals on the same subjects are uploaded later: analyses
 * code the interviews, leave the manuals out and say so in the run's note. A development study
 * of the passage benchmark (never a held-out one).
 */
const study = loadStudy(path.join(STUDIES_DIR, 'care-workers'));

describe.each(STORE_KINDS)('manuals in a project of interviews on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const manualIds = new Set<string>();
    const run = async (body: Record<string, unknown>) => {
      const res = await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, ...body });
      expect(res.statusCode).toBe(200);
      await t.app.workers.drain();
      const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json();
      return status.analyses.find((a: { id: string }) => a.id === res.json().analysis.id);
    };
    const insights = async () =>
      (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights as { documentId: string; categoryIds?: string[] }[];

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(
        t,
        f,
        study.transcripts.slice(0, 8).map((x) => ({ filename: `${x.id}.txt`, content: x.text })),
      );
      expect((await run({ type: 'automatic' })).status).toBe('completed');
      await uploadReady(
        t,
        f,
        MANUALS.map((m) => ({ filename: `${m.id}.txt`, content: m.text })),
      );
      const docs = (await t.post(READ, f.readKey, { action: 'get_documents' })).json().documents as { id: string; filename: string }[];
      for (const d of docs) if (d.filename.startsWith('manual-')) manualIds.add(d.id);
      expect(manualIds.size).toBe(2);
    }, 120_000);
    afterAll(() => t?.close());

    it('a later automatic run leaves the manuals out of the themes and says so', async () => {
      const later = await run({ type: 'automatic' });
      expect(later).toMatchObject({ status: 'completed', coverage: { skipped: 2, pending: 0 } });
      expect(later.note).toMatch(/^left out 2 documents that are not a transcript/);
      expect((await insights()).filter((i) => manualIds.has(i.documentId))).toEqual([]);
    });

    it('predefined analysis files no manual passage under a category, and says so', async () => {
      const categories = study.themes.filter((x) => !x.distractor).map((x) => ({ name: x.name, description: x.description }));
      const predefined = await run({ type: 'predefined', categories });
      expect(predefined).toMatchObject({ status: 'completed' });
      expect(predefined.note).toMatch(/^left out 2 documents that are not a transcript/);
      const all = await insights();
      expect(all.filter((i) => !manualIds.has(i.documentId)).length).toBeGreaterThan(8);
      expect(all.filter((i) => manualIds.has(i.documentId))).toEqual([]);
    });
  });
});
