import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, READ, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { multipart } from '../helpers/multipart.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

type Answer = {
  a: { documents: number; unplacedQuotes: number };
  b: { documents: number; unplacedQuotes: number };
  documents: number;
  units: number;
  codes: { codeA: string; codeB: string; counts: Record<'both' | 'onlyA' | 'onlyB' | 'neither', number>; disagreements: number }[];
  passages: { documentId: string; start: number; end: number; text: string }[];
  totalPassages: number;
};

/**
 * Agreement with a coding imported from REFI-QDA (issue 43, part 3), end to end: an automatic
 * run's coding goes out as a `.qdpx` and comes back as a new project's coding by hand; there it
 * must code the same sentences with the same codes as the run did at home, and a new automatic
 * run compares with it as any two codings do.
 */
describe.each(STORE_KINDS)('agreement with an imported REFI-QDA coding on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let run = '';
    let imported = { projectId: '', readKey: '', run: '' };

    const compare = async (key: string, a: string | null, b: string | null, extra: Record<string, unknown> = {}): Promise<Answer> => {
      const res = await t.post(READ, key, { action: 'compare_codings', a: { analysisId: a }, b: { analysisId: b }, limit: 200, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const account = async (body: Record<string, unknown>) => {
      const res = await t.post(ACCOUNT, f.accountKey, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    /** Each code's sentences, as a coding compared with itself counts them (`both`). */
    const applied = (answer: Answer) => Object.fromEntries(answer.codes.map((c) => [c.codeA, c.counts.both]));

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(
        t,
        f,
        TRANSCRIPTS.slice(0, 4).map((x) => ({ filename: x.filename, content: x.text })),
      );
      run = (await account({ action: 'start_analysis', projectId: f.projectId, type: 'automatic' })).analysis.id;
      await t.app.workers.drain();
      const home = (await account({ action: 'get_project_status', projectId: f.projectId })).analyses as { id: string; status: string }[];
      expect(home.find((r) => r.id === run)).toMatchObject({ status: 'completed' });

      const archive = await t.app.server.inject({ method: 'GET', url: '/api/sift-read/export?format=qdpx', headers: { authorization: `Bearer ${f.readKey}` } });
      expect(archive.statusCode).toBe(200);
      const body = multipart([{ filename: 'study.qdpx', content: new Uint8Array(archive.rawPayload) }]);
      const res = await t.app.server.inject({
        method: 'POST',
        url: '/api/sift-account/import?format=qdpx&name=Imported',
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const projectId = res.json().project.id as string;
      await t.app.workers.drain();
      const status = await account({ action: 'get_project_status', projectId });
      await account({ action: 'confirm_documents', projectId, expectedCreditCost: status.confirmableCreditCost });
      await t.app.workers.drain();
      const readKey = (await account({ action: 'create_project_key', projectId, access: 'read' })).secret as string;
      // A predefined run there: codes of other names than the imported ones.
      const second = (
        await account({
          action: 'start_analysis',
          projectId,
          type: 'predefined',
          categories: [
            { name: 'Bank sync', description: 'The bank connection fails, accounts stop syncing, transactions go missing.' },
            { name: 'Pricing', description: 'The price, the subscription, what it costs and whether it is worth it.' },
          ],
        })
      ).analysis.id as string;
      await t.app.workers.drain();
      const runs = (await account({ action: 'get_project_status', projectId })).analyses as { id: string; status: string; error?: string }[];
      expect(runs.find((r) => r.id === second)).toMatchObject({ status: 'completed' });
      imported = { projectId, readKey, run: second };
    }, 120_000);
    afterAll(() => t?.close());

    it('the imported coding codes the same sentences with the same codes as the run it came from', async () => {
      const home = await compare(f.readKey, run, run);
      const there = await compare(imported.readKey, null, null);
      expect(home.units).toBeGreaterThan(30);
      expect(there.units).toBe(home.units);
      expect(there.a).toMatchObject({ documents: 4, unplacedQuotes: 0 });
      expect(Object.keys(applied(home)).length).toBeGreaterThan(1);
      expect(applied(there)).toEqual(applied(home));
      expect(there.totalPassages).toBe(0);
    });

    it('a run compares with the imported coding: counts add up, passages are the documents’ own sentences, pairs as given', async () => {
      const answer = await compare(imported.readKey, imported.run, null);
      expect(answer.documents).toBe(4);
      expect(answer.b.unplacedQuotes).toBe(0);
      // By name: the run's two codes and the imported ones, none of the same name.
      const own = applied(await compare(imported.readKey, imported.run, imported.run));
      const theirs = applied(await compare(imported.readKey, null, null));
      expect(Object.keys(own).sort()).toEqual(['Bank sync', 'Pricing']);
      expect(answer.codes.map((c) => c.codeA)).toEqual([...new Set([...Object.keys(own), ...Object.keys(theirs)])].sort());
      for (const c of answer.codes) {
        expect(c.counts.both + c.counts.onlyA + c.counts.onlyB + c.counts.neither).toBe(answer.units);
        expect(c.disagreements).toBe(c.counts.onlyA + c.counts.onlyB);
      }
      expect(answer.totalPassages).toBe(answer.codes.reduce((n, c) => n + c.disagreements, 0));
      expect(answer.totalPassages).toBeGreaterThan(0);
      const texts = new Map(
        (await t.app.store.db.selectFrom('documents').select(['counter', 'text']).where('projectId', '=', imported.projectId).execute()).map((d) => [
          `D${d.counter}`,
          d.text ?? '',
        ]),
      );
      for (const p of answer.passages) expect(texts.get(p.documentId)!.slice(p.start, p.end)).toBe(p.text);
      // Each imported code against the run's Pricing: each side applies as many sentences as it does alone.
      for (const code of Object.keys(theirs)) {
        const paired = await compare(imported.readKey, imported.run, null, { pairs: [{ a: 'Pricing', b: code }] });
        const { counts } = paired.codes[0]!;
        expect([counts.both + counts.onlyA, counts.both + counts.onlyB]).toEqual([own.Pricing, theirs[code]]);
      }
    });
  });
});
