import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import type { MatrixMeasure } from '../schema/matrix.js';
import { answerColumns, answerRows, matrixOf, type MatrixRequest } from './matrix.js';
import { type CsvCell, csvText } from '../engine/text/csv.js';

/**
 * A matrix as files (docs/decisions.md "Matrices"): a CSV grid of one figure per cell, or an
 * .xlsx workbook with a sheet of each figure, a sheet describing the columns and one saying what
 * the matrix is. Every grid is laid out alike: a line per code (its id, name and totals), a
 * column per matrix column, and a last `total` line with the columns' totals.
 */

type Rows = ReturnType<typeof answerRows>;
type Columns = ReturnType<typeof answerColumns>;

/** A column's heading in a file, telling apart two documents of one name and two speakers of one label. */
function heading(c: Columns[number]): string {
  if (c.speaker) return `${c.speaker} (${c.documentId} ${c.filename})`;
  if (c.documentId !== undefined) return `${c.filename} (${c.documentId})`;
  return c.label;
}

const TOTALS = ['insights', 'participants', 'documents'] as const;

/** One figure's grid: the heading line, a line per row, the `total` line (counts for counts, nothing for shares). */
function grid(rows: Rows, columns: Columns, totals: Record<(typeof TOTALS)[number], number>, measure: MatrixMeasure): CsvCell[][] {
  const counts = measure === 'insights' || measure === 'participants';
  return [
    ['code_id', 'code', ...TOTALS, ...columns.map(heading)],
    ...rows.map((r) => [r.id, r.name, ...TOTALS.map((t) => r[t]), ...r.cells.map((cell) => cell[measure])]),
    [null, 'total', ...TOTALS.map((t) => totals[t]), ...columns.map((c) => (counts ? c[measure as 'insights' | 'participants'] : null))],
  ];
}

async function answerOf(db: DbOrTx, project: Row<'projects'>, request: MatrixRequest) {
  const matrix = await matrixOf(db, project, request);
  const totals = { insights: matrix.figures.insights, participants: matrix.participants, documents: matrix.scope.documents.length };
  return { matrix, rows: answerRows(matrix), columns: answerColumns(matrix), totals };
}

export async function matrixCsv(db: DbOrTx, project: Row<'projects'>, request: MatrixRequest, measure: MatrixMeasure): Promise<string> {
  const { rows, columns, totals } = await answerOf(db, project, request);
  return csvText(grid(rows, columns, totals, measure));
}

const SHEETS: [MatrixMeasure, string][] = [
  ['insights', 'Insights'],
  ['participants', 'Participants'],
  ['shareOfRow', 'Share of row'],
  ['shareOfColumn', 'Share of column'],
  ['participantShare', 'Participant share'],
];

/** The workbook; exceljs is loaded with the first export rather than at start. */
export async function matrixXlsx(db: DbOrTx, project: Row<'projects'>, request: MatrixRequest): Promise<Buffer> {
  const { matrix, rows, columns, totals } = await answerOf(db, project, request);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'sift';
  for (const [measure, name] of SHEETS) {
    const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
    // Text is written as text (a shared string), never as a formula, so nothing needs defusing here.
    for (const line of grid(rows, columns, totals, measure)) sheet.addRow(line);
    sheet.getRow(1).font = { bold: true };
    if (measure !== 'insights' && measure !== 'participants')
      for (let c = 2 + TOTALS.length + 1; c <= 2 + TOTALS.length + columns.length; c++) sheet.getColumn(c).numFmt = '0.0%';
    sheet.getColumn(2).width = 30;
  }
  const about = book.addWorksheet('Columns');
  about.addRow(['id', 'heading', 'label', 'document_id', 'filename', 'speaker', 'value', 'category_id', 'insights', 'participants', 'documents']);
  for (const c of columns)
    about.addRow([
      c.id,
      heading(c),
      c.label,
      c.documentId ?? null,
      c.filename ?? null,
      c.speaker ?? null,
      c.value ?? null,
      c.categoryId ?? null,
      c.insights,
      c.participants,
      c.documents,
    ]);
  about.getRow(1).font = { bold: true };
  const what = book.addWorksheet('Matrix');
  const { request: r, scope } = matrix;
  for (const line of [
    ['columns', r.columns],
    ['by', r.columns === 'code' ? (r.by ?? 'passage') : null],
    ['field', matrix.field ? matrix.field.shortName : null],
    ['analysis_id', scope.analysisId === undefined ? 'every coding' : (scope.analysisId ?? 'made by hand')],
    ['parent', scope.parent ? `${scope.parent.name} (${scope.parent.id})` : 'the root categories'],
    ...TOTALS.map((t) => [t, totals[t]]),
  ])
    what.addRow(line);
  return Buffer.from(await book.xlsx.writeBuffer());
}
