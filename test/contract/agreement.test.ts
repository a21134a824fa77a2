import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { agreementProject, ONE, S, TWO } from '../helpers/agreement-project.js';

/**
 * Agreement (issue 43, part 3) over HTTP: two runs, a run and the coding made by hand, compared
 * sentence by sentence (the codings: test/helpers/agreement-project.ts, where every count and
 * figure below is worked out on paper from the sentences).
 */
describe.each(STORE_KINDS)('compare_codings on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let runA = '';
    let runB = '';
    let docs: Record<string, string> = {};

    const read = async (body: Record<string, unknown>, status = 200, key = f.readKey) => {
      const res = await t.post(READ, key, { action: 'compare_codings', ...body });
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const pair = (a: string | null, b: string | null) => ({ a: { analysisId: a }, b: { analysisId: b } });

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      ({ runA, runB, docs } = await agreementProject(t, f));
    });
    afterAll(() => t?.close());

    it('compares two runs code by code: the counts and figures worked out on paper', async () => {
      const answer = await read(pair(runA, runB));
      expect(answer.a).toEqual({ analysisId: runA, name: 'Run a', type: 'predefined', status: 'completed', documents: 2, unplacedQuotes: 0 });
      expect(answer.b).toMatchObject({ analysisId: runB, name: 'Run b', documents: 2, unplacedQuotes: 0 });
      expect(answer).toMatchObject({ documents: 2, units: 9, unpairedA: [], unpairedB: [] });
      const byCode = Object.fromEntries(answer.codes.map((c: Record<string, unknown>) => [c.codeA, c]));
      expect(answer.codes.map((c: { codeA: string; codeB: string }) => `${c.codeA}/${c.codeB}`)).toEqual([
        'Crashes/Crashes',
        'Fees/Fees',
        'Onboarding/Onboarding',
        'Support/Support',
      ]);
      // Crashes: b alone at 6. pe = 72/81, so kappa 0; alpha 1 − 17·1/(1·17) = 0.
      expect(byCode.Crashes.counts).toEqual({ both: 0, onlyA: 0, onlyB: 1, neither: 8 });
      expect(byCode.Crashes.percentAgreement).toBeCloseTo(8 / 9, 10);
      expect(byCode.Crashes.kappa).toBeCloseTo(0, 10);
      expect(byCode.Crashes.alpha).toBeCloseTo(0, 10);
      // Fees: a 2 3, b 3 7. kappa (9·7 − 53)/(81 − 53) = 10/28; alpha 1 − 17·2/(4·14).
      expect(byCode.Fees.counts).toEqual({ both: 1, onlyA: 1, onlyB: 1, neither: 6 });
      expect(byCode.Fees.percentAgreement).toBeCloseTo(7 / 9, 10);
      expect(byCode.Fees.kappa).toBeCloseTo(10 / 28, 10);
      expect(byCode.Fees.alpha).toBeCloseTo(1 - 34 / 56, 10);
      expect(byCode.Fees.disagreements).toBe(2);
      expect(byCode.Onboarding.counts).toEqual({ both: 0, onlyA: 1, onlyB: 0, neither: 8 });
      // Support: a 5, b 5 6. kappa (72 − 58)/(81 − 58) = 14/23; alpha 1 − 17·1/(3·15).
      expect(byCode.Support.counts).toEqual({ both: 1, onlyA: 0, onlyB: 1, neither: 7 });
      expect(byCode.Support.kappa).toBeCloseTo(14 / 23, 10);
      expect(byCode.Support.alpha).toBeCloseTo(1 - 17 / 45, 10);
      // Overall: the mean of the four pairs, and the pooled table 2, 2, 3, 29.
      expect(answer.overall.codes).toBe(4);
      expect(answer.overall.mean.percentAgreement).toBeCloseTo((8 / 9 + 7 / 9 + 8 / 9 + 8 / 9) / 4, 10);
      expect(answer.overall.mean.kappa).toBeCloseTo((0 + 10 / 28 + 0 + 14 / 23) / 4, 10);
      expect(answer.overall.pooled.counts).toEqual({ both: 2, onlyA: 2, onlyB: 3, neither: 29 });
      // pe = (4·5 + 31·32)/36², kappa = (36·31 − 1012)/(1296 − 1012) = 104/284.
      expect(answer.overall.pooled.kappa).toBeCloseTo(104 / 284, 10);
    });

    it('lists the disagreeing passages with their text, pair by pair, in pages', async () => {
      const whole = await read({ ...pair(runA, runB), limit: 200 });
      expect(whole.totalPassages).toBe(5);
      expect(whole.nextOffset).toBeNull();
      expect(whole.passages.map((p: Record<string, unknown>) => [p.codeA, p.appliedBy, p.documentId, p.filename, p.text])).toEqual([
        ['Crashes', 'b', 'D1', 'one.txt', S[6]],
        ['Fees', 'a', 'D1', 'one.txt', S[2]],
        ['Fees', 'b', 'D2', 'two.txt', S[7]],
        ['Onboarding', 'a', 'D2', 'two.txt', S[8]],
        ['Support', 'b', 'D1', 'one.txt', S[6]],
      ]);
      for (const p of whole.passages) expect((p.documentId === 'D1' ? ONE : TWO).slice(p.start, p.end)).toBe(p.text);
      const pages = [];
      for (let offset: number | null = 0; offset !== null; ) {
        const page = await read({ ...pair(runA, runB), limit: 2, offset });
        expect(page.passages.length).toBeLessThanOrEqual(2);
        expect(page.offset).toBe(offset);
        pages.push(...page.passages);
        offset = page.nextOffset;
      }
      expect(pages).toEqual(whole.passages);
      const fees = await read({ ...pair(runA, runB), code: 'Fees' });
      expect(fees.totalPassages).toBe(2);
      expect(fees.codes).toHaveLength(4);
      expect(fees.passages.every((p: { codeA: string }) => p.codeA === 'Fees')).toBe(true);
    });

    it('pairs codes as the caller says, and lists the codes left out', async () => {
      // a's Support (5) against b's Crashes (6): pe = (1 + 64)/81, kappa (63 − 65)/(81 − 65).
      const answer = await read({ ...pair(runA, runB), pairs: [{ a: 'Support', b: 'Crashes' }] });
      expect(answer.codes).toHaveLength(1);
      expect(answer.codes[0]).toMatchObject({ codeA: 'Support', codeB: 'Crashes', counts: { both: 0, onlyA: 1, onlyB: 1, neither: 7 } });
      expect(answer.codes[0].kappa).toBeCloseTo(-2 / 16, 10);
      expect(answer.unpairedA).toEqual(['Fees', 'Onboarding']);
      expect(answer.unpairedB).toEqual(['Fees', 'Support']);
      const unknown = await read({ ...pair(runA, runB), pairs: [{ a: 'Crashes', b: 'Crashes' }] }, 400);
      expect(unknown.details).toEqual([{ path: '/pairs/0/a', message: expect.stringContaining('"Crashes"') }]);
      const twice = await read(
        {
          ...pair(runA, runB),
          pairs: [
            { a: 'Fees', b: 'Fees' },
            { a: 'Fees', b: 'Support' },
          ],
        },
        400,
      );
      expect(twice.details[0].path).toBe('/pairs/1/a');
      expect((await read({ ...pair(runA, runB), pairs: [{ a: 'Fees', b: 'Onboarding' }] }, 400)).details[0].path).toBe('/pairs/0/b');
    });

    it('compares a run with the coding made by hand over the documents both cover, and counts quotes not in the text', async () => {
      const answer = await read(pair(runA, null));
      expect(answer.b).toEqual({ analysisId: null, name: 'Made by hand or imported', type: null, status: null, documents: 1, unplacedQuotes: 1 });
      // By hand covers D1 alone: its six sentences.
      expect(answer).toMatchObject({ documents: 1, units: 6 });
      const byCode = Object.fromEntries(answer.codes.map((c: Record<string, unknown>) => [c.codeA, c]));
      expect(Object.keys(byCode)).toEqual(['Fees', 'Support']);
      expect(byCode.Fees.counts).toEqual({ both: 1, onlyA: 1, onlyB: 0, neither: 4 });
      expect(byCode.Support).toMatchObject({ counts: { both: 1, onlyA: 0, onlyB: 0, neither: 5 }, percentAgreement: 1, kappa: 1, alpha: 1 });
      // Named documents: both of them, in any id form; by hand coded nothing in D2.
      const named = await read({ ...pair(null, runA), documentIds: [docs.D2!, 'D1'] });
      expect(named).toMatchObject({ documents: 2, units: 9 });
      expect(named.codes.find((c: { codeA: string }) => c.codeA === 'Onboarding').counts).toEqual({ both: 0, onlyA: 0, onlyB: 1, neither: 8 });
    });

    it('a coding compared with itself agrees everywhere', async () => {
      const answer = await read(pair(runB, runB));
      expect(answer.totalPassages).toBe(0);
      for (const c of answer.codes) expect(c).toMatchObject({ percentAgreement: 1, kappa: 1, alpha: 1, disagreements: 0 });
      expect(answer.overall.pooled).toMatchObject({ percentAgreement: 1, kappa: 1, alpha: 1 });
    });

    it('refuses bad bodies with 400 and per-field details, unknown runs and documents with 404', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ b: { analysisId: null } }, '/a'],
        [{ a: { analysisId: 'C1' }, b: { analysisId: null } }, '/a/analysisId'],
        [{ a: {}, b: { analysisId: null } }, '/a/analysisId'],
        [{ ...pair(runA, null), limit: 0 }, '/limit'],
        [{ ...pair(runA, null), limit: 201 }, '/limit'],
        [{ ...pair(runA, null), offset: -1 }, '/offset'],
        [{ ...pair(runA, null), pairs: [] }, '/pairs'],
        [{ ...pair(runA, null), pairs: [{ a: 'Fees' }] }, '/pairs/0/b'],
        [{ ...pair(runA, null), documentIds: [] }, '/documentIds'],
        [{ ...pair(runA, null), code: '' }, '/code'],
        [{ ...pair(runA, null), colour: 'red' }, '/colour'],
      ];
      for (const [body, path] of cases) {
        const answer = await read(body, 400);
        expect(
          answer.details.map((d: { path: string }) => d.path),
          JSON.stringify(body),
        ).toContain(path);
      }
      expect((await read(pair('00000000-0000-4000-8000-000000000000', null), 404)).error).toMatch(/analysis/);
      expect((await read({ ...pair(runA, null), documentIds: ['D99'] }, 404)).error).toMatch(/document/);
    });

    it('answers alike on the account and partner surfaces, where the project is named; 404 for a project the caller cannot read', async () => {
      const own = await read(pair(runA, runB));
      const res = await t.post(ACCOUNT, f.accountKey, { action: 'compare_codings', projectId: f.projectId, ...pair(runA, runB) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(own);
      const stranger = await seedProject(t);
      const foreign = await t.post(ACCOUNT, stranger.accountKey, { action: 'compare_codings', projectId: f.projectId, ...pair(runA, runB) });
      expect(foreign.statusCode).toBe(404);
      // A run of another project is not found in the caller's own.
      const elsewhere = await t.post(ACCOUNT, stranger.accountKey, { action: 'compare_codings', projectId: stranger.projectId, ...pair(runA, null) });
      expect(elsewhere.statusCode).toBe(404);
      const partner = await t.admin('create_partner', { name: 'P', credits: 10 });
      const notTheirs = await t.post(PARTNER, partner.secret, { action: 'compare_codings', projectId: f.projectId, ...pair(runA, runB) });
      expect(notTheirs.statusCode).toBe(404);
    });

    it('exports the comparison as CSV: the pairs, the overall figures and every passage', async () => {
      const get = (query: string, key = f.readKey) =>
        t.app.server.inject({ method: 'GET', url: `/api/sift-read/agreement.csv?${query}`, headers: { authorization: `Bearer ${key}` } });
      const res = await get(`a=${runA}&b=${runB}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.body.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe('row,code_a,code_b,units,both,only_a,only_b,neither,percent_agreement,kappa,alpha,applied_by,document_id,document,start,end,text');
      const rows = lines.slice(1, -1).map((l) => l.split(','));
      expect(rows.every((r) => r.length === 17)).toBe(true);
      const fees = rows.find((r) => r[0] === 'code' && r[1] === 'Fees')!;
      expect(fees.slice(3, 8)).toEqual(['9', '1', '1', '1', '6']);
      expect(Number(fees[9])).toBeCloseTo(10 / 28, 10);
      expect(rows.find((r) => r[0] === 'pooled')!.slice(4, 8)).toEqual(['2', '2', '3', '29']);
      expect(rows.filter((r) => r[0] === 'passage').map((r) => [r[1], r[11], r[12], r[16]])).toEqual([
        ['Crashes', 'b', 'D1', S[6]],
        ['Fees', 'a', 'D1', S[2]],
        ['Fees', 'b', 'D2', S[7]],
        ['Onboarding', 'a', 'D2', S[8]],
        ['Support', 'b', 'D1', S[6]],
      ]);
      // Explicit pairs as JSON, the coding by hand as `manual`: a negative kappa stays a number.
      const paired = await get(`a=${runA}&b=${runB}&pairs=${encodeURIComponent(JSON.stringify([{ a: 'Support', b: 'Crashes' }]))}`);
      const code = paired.body.split('\r\n').find((l) => l.startsWith('code,'))!;
      expect(code).toBe(`code,Support,Crashes,9,0,1,1,7,${7 / 9},-0.125,${1 - (17 * 2) / (2 * 16)},,,,,,`);
      expect((await get(`a=${runA}&b=manual`)).body).toContain('code,Support,Support,6,1,0,0,5,1,1,1');
      // The query is validated as the action's body, per parameter.
      for (const [query, path] of [
        [`b=${runB}`, '/a'],
        [`a=nope&b=${runB}`, '/a'],
        [`a=${runA}&b=${runB}&pairs=[{`, '/pairs'],
        [`a=${runA}&b=${runB}&pairs=[]`, '/pairs'],
        [`a=${runA}&b=${runB}&limit=3`, '/limit'],
        [`a=${runA}&a=${runB}&b=${runB}`, '/a'],
      ] as const) {
        const bad = await get(query);
        expect(bad.statusCode, query).toBe(400);
        expect(
          bad.json().details.map((d: { path: string }) => d.path),
          query,
        ).toContain(path);
      }
      expect((await get('a=00000000-0000-4000-8000-000000000000&b=manual')).statusCode).toBe(404);
      expect((await get(`a=${runA}&b=manual`, 'sift_wrong')).statusCode).toBe(401);
    });
  });
});
