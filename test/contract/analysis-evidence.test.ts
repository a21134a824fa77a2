import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';

/**
 * Interviews written like real ones (a header line naming the participant, interviewer turns,
 * small talk): the development study of the passage-level benchmark, six of its transcripts.
 */
const study = loadStudy(path.join(STUDIES_DIR, 'library-users'));
const transcripts = study.transcripts.slice(0, 6);

describe.each(STORE_KINDS)('evidence of automatic analysis on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let insights: { documentId: string; text: string; quotes: string[] }[] = [];
    const byDocument = new Map<string, (typeof transcripts)[number]>();

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(
        t,
        f,
        transcripts.map((x) => ({ filename: `${x.id}.txt`, content: x.text })),
      );
      expect((await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, type: 'automatic' })).statusCode).toBe(200);
      await t.app.workers.drain();
      const docs = (await t.post(READ, f.readKey, { action: 'get_documents' })).json().documents as { id: string; filename: string }[];
      for (const d of docs) byDocument.set(d.id, transcripts.find((x) => `${x.id}.txt` === d.filename)!);
      insights = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights;
    });
    afterAll(() => t?.close());

    it('quotes participants only: never a header line or an interviewer turn', () => {
      expect(insights.length).toBeGreaterThanOrEqual(transcripts.length);
      for (const insight of insights) {
        const transcript = byDocument.get(insight.documentId)!;
        for (const quote of insight.quotes) {
          const at = transcript.text.indexOf(quote);
          expect(at, quote).toBeGreaterThanOrEqual(0);
          const touched = transcript.units.filter((u) => u.start < at + quote.length && at < u.end).map((u) => u.role);
          expect(touched, quote).not.toContain('header');
          expect(touched, quote).not.toContain('interviewer');
        }
      }
    });

    it("states each insight in a sentence of the participant's, never the header", () => {
      for (const insight of insights) {
        const header = byDocument.get(insight.documentId)!.text.split('\n')[0]!;
        expect(insight.text).not.toBe(header);
        expect(header).not.toContain(insight.text);
      }
    });

    it('quotes every supporting passage of a document, not only the first few', () => {
      expect(insights.some((i) => i.quotes.length > 3)).toBe(true);
    });
  });
});
