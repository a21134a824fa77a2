import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, READ, seedProject, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { LAYOUTS, layoutFile } from '../../eval/passages/layouts.js';

/**
 * One interview uploaded as each layout researchers' tools export (text layouts, WebVTT, SRT,
 * Word with bold labels or a table, PDF), analysed in one project: every copy is read as the
 * same turns, and every quote is words of the participant, never a label, a time stamp, the
 * interviewer's words or the header.
 */
const study = loadStudy(path.join(STUDIES_DIR, 'library-users'));
const interview = study.transcripts[0]!.source;
const participantSaid = interview.turns.filter((t) => !t.interviewer).map((t) => t.body);
const interviewerSaid = interview.turns.filter((t) => t.interviewer).map((t) => t.body);

describe.each(STORE_KINDS)('an interview in every layout, analysed on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let key: string;
    const layoutOf = new Map<string, string>();
    let insights: { documentId: string; text: string; quotes: string[] }[] = [];

    beforeAll(async () => {
      t = await makeTestApp(kind);
      const f = await seedProject(t);
      const files = LAYOUTS.map((layout, n) => {
        const file = layoutFile(interview, layout, 'en', n, 'library');
        return { filename: `${layout}-${file.name}`, content: file.content };
      });
      await uploadReady(t, f, files);
      const start = await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, type: 'automatic' });
      expect(start.statusCode).toBe(200);
      await t.app.workers.drain();
      key = (await t.admin('create_project_key', { projectId: f.projectId, userId: f.userId, access: 'read' })).key as string;
      const docs = (await t.post(READ, key, { action: 'get_documents' })).json().documents as { id: string; filename: string; status: string }[];
      for (const d of docs) layoutOf.set(d.id, d.filename.split('-library')[0]!);
      insights = (await t.post(READ, key, { action: 'get_insights' })).json().insights;
    }, 120_000);
    afterAll(() => t?.close());

    it('reads every layout, and finds the participant in each', () => {
      expect([...layoutOf.values()].sort()).toEqual([...LAYOUTS].sort());
      for (const id of layoutOf.keys()) expect(insights.filter((i) => i.documentId === id).length, layoutOf.get(id)).toBeGreaterThan(0);
    });

    it('quotes only what the participant said, in every layout, verbatim in the document', async () => {
      for (const insight of insights) {
        const chunks = (await t.post(READ, key, { action: 'read_document', documentId: insight.documentId, limit: 30 })).json().chunks as { text: string }[];
        const text = chunks.map((c) => c.text).join('\n');
        for (const quote of insight.quotes) {
          const folded = quote.replace(/\s+/g, ' ');
          expect(text.includes(quote) || chunks.some((c) => c.text.includes(quote)), `${layoutOf.get(insight.documentId)}: ${quote}`).toBe(true);
          expect(
            participantSaid.some((said) => said.includes(folded)),
            `${layoutOf.get(insight.documentId)}: "${quote}" is not the participant's`,
          ).toBe(true);
          expect(interviewerSaid.some((said) => said.includes(folded))).toBe(false);
        }
      }
    });

    it('reads the same turns whatever the layout: each copy quotes the same sentences', () => {
      const quotedBy = new Map<string, Set<string>>();
      for (const i of insights) {
        const layout = layoutOf.get(i.documentId)!;
        const set = quotedBy.get(layout) ?? new Set<string>();
        for (const q of i.quotes) set.add(q.replace(/\s+/g, ' '));
        quotedBy.set(layout, set);
      }
      const house = [...quotedBy.get('house')!].sort();
      expect(house.length).toBeGreaterThan(3);
      for (const [layout, quoted] of quotedBy) expect([...quoted].sort(), layout).toEqual(house);
    });
  });
});
