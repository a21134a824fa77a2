import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, READ, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { driverInterview } from '../fixtures/swapped-transcript.js';

/**
 * A project of interviews (a development study of the passage benchmark) with an automatic
 * transcript whose labels swap part-way: the run completes, its note names that transcript, status
 * counts it, and no insight quotes the questions asked under the swapped label.
 */
const study = loadStudy(path.join(STUDIES_DIR, 'care-workers'));

describe.each(STORE_KINDS)('a transcript whose speaker labels swap, on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let run: { status: string; note?: string; coverage: Record<string, number> };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(t, f, [
        ...study.transcripts.slice(0, 6).map((x) => ({ filename: `${x.id}.txt`, content: x.text })),
        { filename: 'driver-autotranscript.txt', content: driverInterview(true) },
      ]);
      const res = await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, type: 'automatic' });
      expect(res.statusCode).toBe(200);
      await t.app.workers.drain();
      const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json();
      run = status.analyses.find((a: { id: string }) => a.id === res.json().analysis.id);
    }, 120_000);
    afterAll(() => t?.close());

    it('names the transcript in the run note and counts it in status', () => {
      expect(run.status).toBe('completed');
      expect(run.note).toMatch(/Roles uncertain in 1 transcript .*driver-autotranscript\.txt/);
      expect(run.coverage).toMatchObject({ analysed: expect.any(Number), rolesUncertain: 1, pending: 0 });
    });

    it('quotes none of the questions asked under the swapped label', async () => {
      const insights = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights as { quotes: { text: string }[] | string[] }[];
      const quoted = insights.flatMap((i) => i.quotes.map((q) => (typeof q === 'string' ? q : q.text)));
      for (const q of ['what about the winter?', 'and the passengers how are they?', 'is there training?', 'would you recommend it?'])
        expect(quoted.some((x) => x.includes(q))).toBe(false);
    });
  });
});
