import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { matrixCorpus } from '../helpers/matrix-corpus.js';
import { newHashedRow } from '../../src/domain/ids.js';

/**
 * A 200-document project's matrices (issue 43, part 4): their shape, and the caps on rows and
 * columns. The project is laid straight into the store (test/helpers/matrix-corpus.ts): 200 focus
 * groups of three participants, 2,400 insights in six root codes. How fast it answers is
 * measured in bench/matrix.ts, not here.
 */
type Matrix = {
  columns: { id: string; insights: number; participants: number }[];
  rows: { id: string; insights: number; participants: number; documents: number; cells: { insights: number; participants: number }[] }[];
  totals: { insights: number; participants: number; documents: number };
  cell?: { insightIds: string[]; total: number };
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe.each(STORE_KINDS)('a 200-document matrix on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let run = '';
    const read = async (body: Record<string, unknown>, status = 200): Promise<Matrix & Record<string, any>> => {
      const res = await t.post(READ, f.readKey, { action: 'get_matrix', ...body });
      expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
      return res.json();
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      ({ run } = await matrixCorpus(t.app.store, f.projectId, { documents: 200, speakers: 3, turns: 2, sentences: 3 }));
    }, 120_000);
    afterAll(() => t?.close());

    it('codes × documents: every row a cell per document, each insight in one column', async () => {
      const m = await read({ columns: 'document', analysisId: run });
      expect(m.totals).toEqual({ insights: 2400, participants: 600, documents: 200 });
      expect(m.rows).toHaveLength(6);
      expect(m.columns).toHaveLength(200);
      expect(m.columns.every((c) => c.participants === 3)).toBe(true);
      expect(sum(m.columns.map((c) => c.insights))).toBe(2400);
      for (const r of m.rows) {
        expect(r.cells).toHaveLength(200);
        expect(sum(r.cells.map((c) => c.insights))).toBe(r.insights);
        expect(r.documents).toBe(r.cells.filter((c) => c.insights > 0).length);
      }
      // Every fifth answer is filed in a second root too: the rows hold more than the insights.
      expect(sum(m.rows.map((r) => r.insights))).toBeGreaterThan(2400);
    });

    it('codes × participants past 500 columns is a 400 naming the bound; fewer documents answer', async () => {
      const over = await read({ columns: 'participant', analysisId: run }, 400);
      expect(over.details).toEqual([{ path: '/columns', message: expect.stringContaining('at most 500 columns') }]);
      const documentIds = Array.from({ length: 100 }, (_, i) => `D${i + 1}`);
      const m = await read({ columns: 'participant', analysisId: run, documentIds });
      expect(m.columns).toHaveLength(300);
      expect(m.columns.slice(0, 3).map((c) => c.id)).toEqual(['D1:Ada', 'D1:Ben', 'D1:Cal']);
      expect(m.totals.participants).toBe(300);
      for (const r of m.rows) {
        expect(sum(r.cells.map((c) => c.insights))).toBe(r.insights);
        expect(r.participants).toBe(r.cells.filter((c) => c.insights > 0).length);
      }
    });

    it('codes × metadata values and codes × codes', async () => {
      const sites = await read({ columns: 'metadata', field: 'site', analysisId: run });
      expect(sites.columns.map((c) => [c.id, c.participants])).toEqual([1, 2, 3, 4, 5].map((n) => [`Site ${n}`, 120]));
      const co = await read({ columns: 'code', analysisId: run });
      expect(co.columns.map((c) => c.id)).toEqual(co.rows.map((r) => r.id));
      co.rows.forEach((r, a) => {
        expect(r.cells[a]!.insights).toBe(r.insights);
        for (const [b, c] of r.cells.entries()) expect(c.insights > 0, `${a} ${b}`).toBe(co.rows[b]!.cells[a]!.insights > 0);
      });
      const busy = co.rows[0]!.cells.findIndex((c, b) => b > 0 && c.insights > 0);
      const cell = await read({ columns: 'code', analysisId: run, cell: { row: co.rows[0]!.id, column: co.columns[busy]!.id, limit: 500 } });
      expect(cell.cell!.total).toBe(co.rows[0]!.cells[busy]!.insights);
      expect(new Set(cell.cell!.insightIds).size).toBe(Math.min(500, cell.cell!.total));
    });

    it('more than 200 rows is a 400 naming the bound', async () => {
      await t.app.store.transaction(async (trx) => {
        for (let i = 0; i < 201; i++)
          await trx
            .insertInto('categories')
            .values({ ...newHashedRow('C'), projectId: f.projectId, text: `Loose code ${i}`, description: '', parentId: null, analysisId: null })
            .execute();
      });
      const over = await read({ columns: 'document' }, 400);
      expect(over.details).toEqual([{ path: '/categoryId', message: expect.stringContaining('at most 200 rows') }]);
      expect((await read({ columns: 'document', analysisId: run })).rows).toHaveLength(6);
    });
  });
});
