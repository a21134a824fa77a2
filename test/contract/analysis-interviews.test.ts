import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, READ, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { loadStudy, STUDIES_DIR, type Study } from '../../eval/passages/load.js';
import { terms } from '../../src/engine/text/index.js';

/**
 * Automatic analysis end to end on interviews written like real ones (header line, interviewer
 * turns, small talk), as a researcher would upload them: two of the passage benchmark's
 * development studies, one English and one German.
 */
const STUDIES = ['care-workers', 'kita-eltern-de'].map((name) => loadStudy(path.join(STUDIES_DIR, name)));

interface Insight {
  documentId: string;
  text: string;
  quotes: string[];
}

describe.each(STORE_KINDS)('automatic analysis of interview transcripts on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const results = new Map<
      string,
      { study: Study; fixture: Fixture; insights: Insight[]; categories: { text: string; description: string }[]; files: Map<string, string> }
    >();

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      for (const study of STUDIES) {
        const created = await t.post(ACCOUNT, f.accountKey, { action: 'create_project', name: study.name, locale: study.locale });
        expect(created.statusCode).toBe(200);
        const fixture = { ...f, projectId: created.json().project.id as string };
        await uploadReady(
          t,
          fixture,
          study.transcripts.map((x) => ({ filename: `${x.id}.txt`, content: x.text })),
        );
        const start = await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: fixture.projectId, type: 'automatic' });
        expect(start.statusCode).toBe(200);
        await t.app.workers.drain();
        const key = (await t.admin('create_project_key', { projectId: fixture.projectId, userId: f.userId, access: 'read' })).key as string;
        const insights = (await t.post(READ, key, { action: 'get_insights' })).json().insights as Insight[];
        const categories = (await t.post(READ, key, { action: 'get_categories' })).json().categories;
        const docs = (await t.post(READ, key, { action: 'get_documents' })).json().documents as { id: string; filename: string }[];
        const files = new Map(docs.map((d) => [d.id, d.filename.replace(/\.txt$/, '')]));
        results.set(study.name, { study, fixture, insights, categories, files });
      }
    }, 120_000);
    afterAll(() => t?.close());

    it.each(STUDIES.map((s) => s.name))('%s: no insight quotes a header line or an interviewer, and none is stated by its header', (name) => {
      const { study, insights, files } = results.get(name)!;
      expect(insights.length).toBeGreaterThan(study.transcripts.length);
      for (const insight of insights) {
        const transcript = study.transcripts.find((x) => x.id === files.get(insight.documentId))!;
        const header = transcript.units.find((u) => u.role === 'header')!;
        const headerText = transcript.text.slice(header.start, header.end).trim();
        expect(insight.text).not.toContain(headerText);
        for (const quote of insight.quotes) {
          const at = transcript.text.indexOf(quote);
          expect(at).toBeGreaterThanOrEqual(0);
          const speakers = transcript.units.filter((u) => u.start < at + quote.length && at < u.end).map((u) => u.role);
          expect(speakers.every((role) => role === 'participant')).toBe(true);
        }
      }
    });

    it("names a German project's themes in German, from its participants' own words", () => {
      const { study, categories } = results.get('kita-eltern-de')!;
      expect(categories.length).toBeGreaterThan(1);
      const said = new Set(
        study.transcripts.flatMap((x) => x.units.filter((u) => u.role === 'participant').flatMap((u) => terms(x.text.slice(u.start, u.end), 'de'))),
      );
      for (const c of categories) {
        const words = terms(c.text, 'de');
        expect(words.length).toBeGreaterThan(0);
        for (const w of words) expect(said.has(w)).toBe(true);
        // The description is written in the project's language, not in English.
        expect(c.description).toMatch(/^Angesprochen von \d+ von \d+ Befragten: .+\.$/);
      }
    });
  });
});
