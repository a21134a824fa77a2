import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { matrixProject, SMALL_TALK } from '../helpers/matrix-project.js';

/**
 * Matrices (issue 43, part 4) over HTTP on the project of test/helpers/matrix-project.ts, every
 * count worked out by hand from its insights:
 *
 *   I1 D1 Ana  Fees        I4 D1 Ana  Crashes, Support   I7 D2 Bo  Onboarding
 *   I2 D1 Ana  Support     I5 D2 Bo   Pricing            I8 D3     Fees
 *   I3 D1 Ana  Support     I6 D2 Cy   Fees               I9 D3     Crashes
 *   I10 D4 Di  SMALL_TALK (by hand)
 *
 * Money holds Fees and Pricing; I1's quote holds I2's. The run covers D1-D3; D3 is field notes
 * (its own participant). Segment: D1 SMB, D2 Enterprise, D3 smb., D4 none.
 */
type Cell = { insights: number; participants: number; shareOfRow: number | null; shareOfColumn: number | null; participantShare: number | null };
type Matrix = {
  columns: { id: string; label: string; insights: number; participants: number; documents: number }[];
  rows: {
    id: string;
    name: string;
    insights: number;
    participants: number;
    documents: number;
    shareOfInsights: number | null;
    shareOfParticipants: number | null;
    cells: Cell[];
  }[];
  totals: { insights: number; participants: number; documents: number };
  [k: string]: unknown;
};

describe.each(STORE_KINDS)('get_matrix on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let run = '';
    let ids: Record<string, string> = {};

    const read = async (body: Record<string, unknown>, status = 200): Promise<Matrix & Record<string, any>> => {
      const res = await t.post(READ, f.readKey, { action: 'get_matrix', ...body });
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    /** A cell by its row's name and its column's id, with its counts and shares. */
    const cell = (m: Matrix, row: string, column: string): Cell => {
      const r = m.rows.find((x) => x.name === row);
      const c = m.columns.findIndex((x) => x.id === column);
      expect(r, row).toBeDefined();
      expect(c, column).toBeGreaterThanOrEqual(0);
      return r!.cells[c]!;
    };
    const row = (m: Matrix, name: string) => m.rows.find((x) => x.name === name)!;
    /** Every cell's insights, row by row in the order given, columns in the answer's order. */
    const counts = (m: Matrix, rows: string[]) => rows.map((name) => row(m, name).cells.map((c) => c.insights));

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      ({ run, categories: ids } = await matrixProject(t, f));
    });
    afterAll(() => t?.close());

    it('codes × participants of one run: a speaker of each interview, field notes as their own participant', async () => {
      const m = await read({ columns: 'participant', analysisId: run });
      expect(m).toMatchObject({ columnKind: 'participant', analysisId: run, parent: null, totals: { insights: 9, participants: 4, documents: 3 } });
      expect(m.columns.map((c) => [c.id, c.label, c.insights, c.participants])).toEqual([
        ['D1:Ana', 'Ana', 4, 1],
        ['D2:Bo', 'Bo', 2, 1],
        ['D2:Cy', 'Cy', 1, 1],
        ['D3', 'three.txt', 2, 1],
      ]);
      expect(m.columns[3]).toMatchObject({ documentId: 'D3', filename: 'three.txt', speaker: null });
      expect(m.rows.map((r) => r.name).sort()).toEqual(['Crashes', 'Money', 'Onboarding', 'Support']);
      expect(counts(m, ['Money', 'Support', 'Crashes', 'Onboarding'])).toEqual([
        [1, 1, 1, 1],
        [3, 0, 0, 0],
        [1, 0, 0, 1],
        [0, 1, 0, 0],
      ]);
      // Money is Fees and Pricing: I1, I5, I6, I8 from all four participants.
      expect(row(m, 'Money')).toMatchObject({ id: ids.Money, children: 2, insights: 4, participants: 4, documents: 3, shareOfParticipants: 1 });
      expect(row(m, 'Money').shareOfInsights).toBeCloseTo(4 / 9, 12);
      expect(row(m, 'Support')).toMatchObject({ insights: 3, participants: 1, documents: 1, shareOfParticipants: 0.25 });
      expect(cell(m, 'Money', 'D2:Bo')).toEqual({ insights: 1, participants: 1, shareOfRow: 0.25, shareOfColumn: 0.5, participantShare: 1 });
      expect(cell(m, 'Support', 'D1:Ana')).toEqual({ insights: 3, participants: 1, shareOfRow: 1, shareOfColumn: 0.75, participantShare: 1 });
      expect(cell(m, 'Crashes', 'D3')).toEqual({ insights: 1, participants: 1, shareOfRow: 0.5, shareOfColumn: 0.5, participantShare: 1 });
      expect(cell(m, 'Support', 'D2:Cy')).toEqual({ insights: 0, participants: 0, shareOfRow: 0, shareOfColumn: 0, participantShare: 0 });
    });

    it('codes × documents of every coding: the coding by hand too, and a document with two participants', async () => {
      const m = await read({ columns: 'document' });
      expect(m.analysisId).toBeUndefined();
      expect(m.totals).toEqual({ insights: 10, participants: 5, documents: 4 });
      expect(m.columns.map((c) => [c.id, c.label, c.insights, c.participants, c.documents])).toEqual([
        ['D1', 'one.txt', 4, 1, 1],
        ['D2', 'two.txt', 3, 2, 1],
        ['D3', 'three.txt', 2, 1, 1],
        ['D4', 'four.txt', 1, 1, 1],
      ]);
      expect(m.rows.at(-1)!.name).toBe(SMALL_TALK);
      expect(counts(m, ['Money', 'Support', 'Crashes', 'Onboarding', SMALL_TALK])).toEqual([
        [1, 2, 1, 0],
        [3, 0, 0, 0],
        [1, 0, 1, 0],
        [0, 1, 0, 0],
        [0, 0, 0, 1],
      ]);
      const money = cell(m, 'Money', 'D2');
      expect(money).toMatchObject({ insights: 2, participants: 2, shareOfRow: 0.5, participantShare: 1 });
      expect(money.shareOfColumn).toBeCloseTo(2 / 3, 12);
      expect(cell(m, 'Onboarding', 'D2')).toMatchObject({ insights: 1, participants: 1, participantShare: 0.5 });
      expect(row(m, 'Money').shareOfParticipants).toBeCloseTo(4 / 5, 12);
    });

    it('codes × the values of a metadata field, compared as filters compare them, and the documents without one', async () => {
      const m = await read({ columns: 'metadata', field: 'Segment' });
      expect(m.field).toMatchObject({ text: 'Segment' });
      expect(m.columns.map((c) => [c.id, c.label, c.insights, c.participants, c.documents])).toEqual([
        ['Enterprise', 'Enterprise', 3, 2, 1],
        ['SMB', 'SMB', 6, 2, 2],
        ['', '(no value)', 1, 1, 1],
      ]);
      expect(counts(m, ['Money', 'Support', 'Crashes', 'Onboarding', SMALL_TALK])).toEqual([
        [2, 2, 0],
        [0, 3, 0],
        [0, 2, 0],
        [1, 0, 0],
        [0, 0, 1],
      ]);
      // SMB: Ana and the field notes; Money was raised by both, Support by Ana alone.
      const smb = cell(m, 'Money', 'SMB');
      expect(smb).toMatchObject({ insights: 2, participants: 2, shareOfRow: 0.5, participantShare: 1 });
      expect(smb.shareOfColumn).toBeCloseTo(2 / 6, 12);
      expect(cell(m, 'Support', 'SMB')).toMatchObject({ insights: 3, participants: 1, participantShare: 0.5, shareOfColumn: 0.5 });
      expect(cell(m, 'Onboarding', 'Enterprise').participantShare).toBe(0.5);
      // The field by id, and by the run alone (D4, without a value, is not the run's).
      const byId = await read({ columns: 'metadata', field: m.field.id, analysisId: run });
      expect(byId.columns.map((c) => c.id)).toEqual(['Enterprise', 'SMB']);
    });

    it('codes × codes: co-occurrence on a passage (one insight, or overlapping quotes) and in a document', async () => {
      const passage = await read({ columns: 'code', analysisId: run });
      expect(passage).toMatchObject({ columnKind: 'code', by: 'passage' });
      expect(passage.columns.map((c) => c.label)).toEqual(passage.rows.map((r) => r.name));
      const order = ['Money', 'Support', 'Crashes', 'Onboarding'];
      const square = (m: Matrix) => order.map((a) => order.map((b) => cell(m, a, ids[b]!).insights));
      expect(square(passage)).toEqual([
        [4, 1, 0, 0],
        [1, 3, 1, 0],
        [0, 1, 2, 0],
        [0, 0, 0, 1],
      ]);
      // Column Support holds I1 (by I2's overlap), I2, I3, I4; Money's I1 is a quarter of it.
      const support = passage.columns.find((c) => c.label === 'Support')!;
      expect(support).toMatchObject({ insights: 4, participants: 1, documents: 1, categoryId: ids.Support });
      expect(cell(passage, 'Money', ids.Support!)).toEqual({ insights: 1, participants: 1, shareOfRow: 0.25, shareOfColumn: 0.25, participantShare: 1 });
      const documents = await read({ columns: 'code', by: 'document', analysisId: run });
      expect(square(documents)).toEqual([
        [4, 1, 2, 2],
        [3, 3, 3, 0],
        [2, 1, 2, 0],
        [1, 0, 0, 1],
      ]);
    });

    it('the coding by hand alone, and a category’s children as rows', async () => {
      const manual = await read({ columns: 'participant', analysisId: null });
      expect(manual.analysisId).toBeNull();
      expect(manual.rows.map((r) => [r.name, r.insights, r.participants])).toEqual([[SMALL_TALK, 1, 1]]);
      expect(manual.totals).toEqual({ insights: 1, participants: 5, documents: 4 });
      expect(cell(manual, SMALL_TALK, 'D4:Di').insights).toBe(1);
      const money = await read({ columns: 'document', analysisId: run, categoryId: 'Money' });
      expect(money.parent).toEqual({ id: ids.Money, name: 'Money' });
      expect(money.rows.map((r) => r.name).sort()).toEqual(['Fees', 'Pricing']);
      expect(counts(money, ['Fees', 'Pricing'])).toEqual([
        [1, 1, 1],
        [0, 1, 0],
      ]);
      expect((await read({ columns: 'document', categoryId: ids.Fees })).rows).toEqual([]);
      // Only the documents named.
      const named = await read({ columns: 'document', documentIds: ['D2'] });
      expect(named.columns.map((c) => c.id)).toEqual(['D2']);
      expect(named.totals).toEqual({ insights: 3, participants: 2, documents: 1 });
    });

    it('the insights behind a cell, in pages; the answer then holds that row and column alone', async () => {
      const m = await read({ columns: 'participant', analysisId: run, cell: { row: ids.Support, column: 'D1:Ana' } });
      expect(m.cell).toEqual({ row: ids.Support, column: 'D1:Ana', insightIds: ['I2', 'I3', 'I4'], total: 3, offset: 0, nextOffset: null });
      expect(m.rows).toHaveLength(1);
      expect(m.rows[0]).toMatchObject({ name: 'Support', insights: 3, cells: [{ insights: 3, participants: 1 }] });
      expect(m.columns).toEqual([expect.objectContaining({ id: 'D1:Ana', insights: 4 })]);
      expect(m.totals).toEqual({ insights: 9, participants: 4, documents: 3 });
      const page = await read({ columns: 'participant', analysisId: run, cell: { row: 'Support', column: 'D1:Ana', limit: 2, offset: 1 } });
      expect(page.cell).toMatchObject({ insightIds: ['I3', 'I4'], total: 3, offset: 1, nextOffset: null });
      const first = await read({ columns: 'participant', analysisId: run, cell: { row: 'Support', column: 'D1:Ana', limit: 2 } });
      expect(first.cell).toMatchObject({ insightIds: ['I2', 'I3'], nextOffset: 2 });
      const smb = await read({ columns: 'metadata', field: 'Segment', cell: { row: 'Money', column: 'smb' } });
      expect(smb.cell).toMatchObject({ column: 'SMB', insightIds: ['I1', 'I8'] });
      const none = await read({ columns: 'metadata', field: 'Segment', cell: { row: SMALL_TALK, column: '' } });
      expect(none.cell.insightIds).toEqual(['I10']);
      const co = await read({ columns: 'code', analysisId: run, cell: { row: 'Money', column: ids.Support } });
      expect(co.cell.insightIds).toEqual(['I1']);
      const opened = await t.post(READ, f.readKey, { action: 'get_insights', ids: m.cell.insightIds });
      expect(opened.json().insights.map((i: { text: string }) => i.text)).toEqual([
        'Nobody told us.',
        'Support answered within an hour.',
        'The app crashed on Mondays.',
      ]);
      expect((await read({ columns: 'participant', cell: { row: 'Fees', column: 'D1:Ana' } }, 400)).details).toEqual([
        { path: '/cell/row', message: expect.stringContaining('"Fees" is not a row') },
      ]);
      expect((await read({ columns: 'participant', cell: { row: 'Money', column: 'D9:Zed' } }, 400)).details[0].path).toBe('/cell/column');
    });

    it('refuses bad bodies with 400 and per-field details; unknown runs, fields, categories and documents with 404', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, '/columns'],
        [{ columns: 'speaker' }, '/columns'],
        [{ columns: 'metadata' }, '/field'],
        [{ columns: 'document', field: 'Segment' }, '/field'],
        [{ columns: 'participant', by: 'passage' }, '/by'],
        [{ columns: 'code', by: 'sentence' }, '/by'],
        [{ columns: 'code', analysisId: 'C1' }, '/analysisId'],
        [{ columns: 'code', categoryId: '' }, '/categoryId'],
        [{ columns: 'code', documentIds: [] }, '/documentIds'],
        [{ columns: 'code', cell: { row: 'Money' } }, '/cell/column'],
        [{ columns: 'code', cell: { row: 'Money', column: 'x', limit: 501 } }, '/cell/limit'],
        [{ columns: 'code', cell: { row: 'Money', column: 'x', offset: -1 } }, '/cell/offset'],
        [{ columns: 'code', colour: 'red' }, '/colour'],
      ];
      for (const [body, path] of cases) {
        const answer = await read(body, 400);
        expect(
          answer.details.map((d: { path: string }) => d.path),
          JSON.stringify(body),
        ).toContain(path);
      }
      expect((await read({ columns: 'code', analysisId: '00000000-0000-4000-8000-000000000000' }, 404)).error).toMatch(/analysis/);
      expect((await read({ columns: 'metadata', field: 'Region' }, 404)).error).toMatch(/metadata field/);
      expect((await read({ columns: 'code', categoryId: 'Nothing like it' }, 404)).error).toMatch(/category/);
      expect((await read({ columns: 'code', documentIds: ['D99'] }, 404)).error).toMatch(/document/);
      // A category the run did not make is not found in the run's matrix.
      expect((await read({ columns: 'code', analysisId: run, categoryId: SMALL_TALK }, 404)).error).toMatch(/category/);
    });

    it('answers alike on the account and partner surfaces, where the project is named; 404 for a project the caller cannot read', async () => {
      const own = await read({ columns: 'document', analysisId: run });
      const res = await t.post(ACCOUNT, f.accountKey, { action: 'get_matrix', projectId: f.projectId, columns: 'document', analysisId: run });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(own);
      const stranger = await seedProject(t);
      expect((await t.post(ACCOUNT, stranger.accountKey, { action: 'get_matrix', projectId: f.projectId, columns: 'document' })).statusCode).toBe(404);
      const elsewhere = await t.post(ACCOUNT, stranger.accountKey, { action: 'get_matrix', projectId: stranger.projectId, columns: 'code', analysisId: run });
      expect(elsewhere.statusCode).toBe(404);
      const partner = await t.admin('create_partner', { name: 'P', credits: 10 });
      expect((await t.post(PARTNER, partner.secret, { action: 'get_matrix', projectId: f.projectId, columns: 'document' })).statusCode).toBe(404);
    });
  });
});
