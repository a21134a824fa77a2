import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { matrixProject, SMALL_TALK } from '../helpers/matrix-project.js';

/** A matrix as CSV and .xlsx (issue 43, part 4): the files hold what `get_matrix` answers (the project: test/helpers/matrix-project.ts). */
describe.each(STORE_KINDS)('matrix exports on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let run = '';

    const get = (path: string, query: string, key = f.readKey) =>
      t.app.server.inject({ method: 'GET', url: `/api/sift-read/${path}?${query}`, headers: { authorization: `Bearer ${key}` } });
    const matrix = async (body: Record<string, unknown>) => {
      const res = await t.post(READ, f.readKey, { action: 'get_matrix', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      ({ run } = await matrixProject(t, f));
    });
    afterAll(() => t?.close());

    it('a CSV grid of one figure: a line per code with its totals, a column per matrix column, the totals last; formula-like text defused', async () => {
      const res = await get('matrix.csv', 'columns=metadata&field=Segment');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="matrix.csv"');
      const lines = res.body.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe('code_id,code,insights,participants,documents,Enterprise,SMB,(no value)');
      const json = await matrix({ columns: 'metadata', field: 'Segment' });
      const byName = new Map(lines.slice(1, -2).map((l) => [l.split(',')[1], l]));
      const money = json.rows.find((r: { name: string }) => r.name === 'Money');
      expect(byName.get('Money')).toBe(`${money.id},Money,4,4,3,2,2,0`);
      // The category made by hand: its name begins with = and holds a comma.
      const small = json.rows.find((r: { name: string }) => r.name === SMALL_TALK);
      expect(lines).toContain(`${small.id},"'${SMALL_TALK}",1,1,1,0,0,1`);
      expect(lines.at(-2)).toBe(',total,10,5,4,3,6,1');
      const people = await get('matrix.csv', 'columns=metadata&field=Segment&measure=participants');
      expect(people.body.split('\r\n').at(-2)).toBe(',total,10,5,4,2,2,1');
      const shares = (await get('matrix.csv', 'columns=metadata&field=Segment&measure=shareOfColumn')).body.split('\r\n');
      expect(shares.find((l) => l.includes(',Money,'))).toBe(`${money.id},Money,4,4,3,${2 / 3},${2 / 6},0`);
      expect(shares.at(-2)).toBe(',total,10,5,4,,,');
    });

    it('headings tell documents and speakers apart; the run, the coding by hand and the documents as the action takes them', async () => {
      const participants = (await get('matrix.csv', `columns=participant&analysisId=${run}`)).body.split('\r\n');
      expect(participants[0]).toBe('code_id,code,insights,participants,documents,Ana (D1 one.txt),Bo (D2 two.txt),Cy (D2 two.txt),three.txt (D3)');
      const documents = (await get('matrix.csv', 'columns=document&analysisId=manual&documentIds=D4,D1')).body.split('\r\n');
      expect(documents[0]).toBe('code_id,code,insights,participants,documents,one.txt (D1),four.txt (D4)');
      expect(documents).toHaveLength(4);
      const co = (await get('matrix.csv', `columns=code&by=document&analysisId=${run}&categoryId=Money`)).body.split('\r\n');
      expect(co[0]!.split(',').slice(5).sort()).toEqual(['Fees', 'Pricing']);
    });

    it('refuses a bad query with 400 naming the parameter, an unknown run with 404, a wrong key with 401', async () => {
      for (const [query, path] of [
        ['', '/columns'],
        ['columns=speaker', '/columns'],
        ['columns=metadata', '/field'],
        ['columns=document&by=passage', '/by'],
        ['columns=document&analysisId=nope', '/analysisId'],
        ['columns=document&measure=kappa', '/measure'],
        ['columns=document&columns=code', '/columns'],
        ['columns=document&cell=x', '/cell'],
        ['columns=document&colour=red', '/colour'],
      ] as const) {
        const bad = await get('matrix.csv', query);
        expect(bad.statusCode, query).toBe(400);
        expect(
          bad.json().details.map((d: { path: string }) => d.path),
          query,
        ).toContain(path);
      }
      expect((await get('matrix.xlsx', 'columns=document&measure=insights')).statusCode).toBe(400);
      expect((await get('matrix.csv', 'columns=document&analysisId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await get('matrix.xlsx', 'columns=document', 'sift_wrong')).statusCode).toBe(401);
    });

    it('an .xlsx workbook read back with exceljs holds the answer: a sheet per figure, the columns, what the matrix is', async () => {
      const res = await get('matrix.xlsx', `columns=participant&analysisId=${run}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets.map((s) => s.name)).toEqual([
        'Insights',
        'Participants',
        'Share of row',
        'Share of column',
        'Participant share',
        'Columns',
        'Matrix',
      ]);
      const json = await matrix({ columns: 'participant', analysisId: run });
      const values = (sheet: string) =>
        book
          .getWorksheet(sheet)!
          .getSheetValues()
          .slice(1)
          .map((line) => Array.from((line as unknown[]).slice(1), (v) => v ?? null));
      const headings = ['code_id', 'code', 'insights', 'participants', 'documents', 'Ana (D1 one.txt)', 'Bo (D2 two.txt)', 'Cy (D2 two.txt)', 'three.txt (D3)'];
      for (const [sheet, measure] of [
        ['Insights', 'insights'],
        ['Participants', 'participants'],
        ['Share of row', 'shareOfRow'],
        ['Share of column', 'shareOfColumn'],
        ['Participant share', 'participantShare'],
      ] as const) {
        const lines = values(sheet);
        expect(lines[0]).toEqual(headings);
        expect(lines.slice(1, -1)).toEqual(
          json.rows.map((r: Record<string, any>) => [
            r.id,
            r.name,
            r.insights,
            r.participants,
            r.documents,
            ...r.cells.map((c: Record<string, number>) => c[measure]),
          ]),
        );
        const counted = measure === 'insights' || measure === 'participants';
        const total = lines.at(-1)!;
        expect(total.slice(0, 5)).toEqual([null, 'total', 9, 4, 3]);
        // A line's empty cells at its end are not stored at all.
        if (counted) expect(total.slice(5)).toEqual(json.columns.map((c: Record<string, number>) => c[measure]));
        else expect(total.slice(5).every((v) => v === null)).toBe(true);
      }
      expect(values('Columns').slice(1)).toEqual(
        json.columns.map((c: Record<string, any>) => [
          c.id,
          headings[5 + json.columns.indexOf(c)],
          c.label,
          c.documentId,
          c.filename,
          c.speaker,
          null,
          null,
          c.insights,
          c.participants,
          c.documents,
        ]),
      );
      expect(values('Matrix')).toEqual([
        ['columns', 'participant'],
        ['by'],
        ['field'],
        ['analysis_id', run],
        ['parent', 'the root categories'],
        ['insights', 9],
        ['participants', 4],
        ['documents', 3],
      ]);
    });
  });
});
