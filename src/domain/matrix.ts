import type { Static } from '@sinclair/typebox';
import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { groupBy } from '../store/in-batches.js';
import type { GetMatrixAnswer } from '../schema/answers/matrix.js';
import { type CO_OCCURRENCE_UNITS, type MATRIX_COLUMN_KINDS, MAX_MATRIX_COLUMNS } from '../schema/matrix.js';
import { cellMembers, coOccurring, type MatrixFigures, type MatrixInsight, matrixFigures } from '../engine/matrix/index.js';
import { invalidField } from './errors.js';
import { shortOf } from './resolve.js';
import { matrixScope, type MatrixScope, type ScopeRequest } from './matrix-scope.js';
import { peopleOf } from './matrix-people.js';
import {
  documentColumns,
  FEWER_DOCUMENTS,
  type MatrixColumn,
  metadataColumns,
  type Participant,
  type PartitionColumns,
  participantColumns,
  sameValue,
  tooManyColumns,
} from './matrix-columns.js';

/**
 * Matrices (issue 43, part 4; docs/decisions.md "Matrices"): codes against participants,
 * documents, metadata values or codes. The store is read into a scope (matrix-scope.ts), who said
 * each insight is found in its document (matrix-people.ts), the columns are laid out
 * (matrix-columns.ts), and the engine counts (engine/matrix).
 */

export interface MatrixRequest extends ScopeRequest {
  columns: (typeof MATRIX_COLUMN_KINDS)[number];
  field?: string;
  by?: (typeof CO_OCCURRENCE_UNITS)[number];
}

export interface Matrix {
  request: MatrixRequest;
  scope: MatrixScope;
  field?: { id: string; shortName: string; text: string };
  columns: MatrixColumn[];
  /** The scope's insights, in its order, as the engine counts them. */
  placed: MatrixInsight[];
  participants: number;
  figures: MatrixFigures;
}

export async function matrixOf(db: DbOrTx, project: Row<'projects'>, request: MatrixRequest): Promise<Matrix> {
  const scope = await matrixScope(db, project.id, request);
  const { documents, insights } = scope;
  // Each document holds a participant at least: more documents than columns are too many before any text is read.
  if ((request.columns === 'document' || request.columns === 'participant') && documents.length > MAX_MATRIX_COLUMNS)
    tooManyColumns(documents.length, FEWER_DOCUMENTS, request.columns === 'participant');
  const byDocument = groupBy(insights, (i) => i.documentId);
  const people = await peopleOf(
    db,
    project.id,
    documents.map((d) => ({ id: d.id, stamp: d.updatedAt, insights: byDocument.get(d.id) ?? [] })),
  );
  // Participants: each document's speakers, or the document itself; and the document too where an insight's speaker is not known among several.
  const participants: Participant[] = [];
  const participantOf = new Map<string, number>();
  const key = (documentId: string, speaker: string | null) => `${documentId}\u0000${speaker ?? '\u0000'}`;
  for (const d of documents) {
    const { speakers, placed } = people.get(d.id)!;
    const list: (string | null)[] = speakers.length ? [...speakers] : [null];
    if (speakers.length > 1 && [...placed.values()].some((p) => p.speaker === null)) list.push(null);
    for (const speaker of list) {
      participantOf.set(key(d.id, speaker), participants.length);
      participants.push({ document: d, speaker });
    }
  }
  const whoSaid = (i: (typeof insights)[number]) => participantOf.get(key(i.documentId, people.get(i.documentId)!.placed.get(i.id)!.speaker))!;
  const documentIndex = new Map(documents.map((d, n) => [d.id, n]));
  const base = insights.map((i) => ({ rows: i.rows, participant: whoSaid(i), document: documentIndex.get(i.documentId)! }));

  let columns: MatrixColumn[];
  let placed: MatrixInsight[];
  let field: Matrix['field'];
  if (request.columns === 'code') {
    const coCodes = new Map<string, number[]>();
    for (const [documentId, list] of byDocument) {
      const placedHere = people.get(documentId)!.placed;
      const codes = coOccurring(
        list.map((i) => ({ rows: i.rows, spans: placedHere.get(i.id)!.spans })),
        request.by ?? 'passage',
      );
      for (const [n, i] of list.entries()) coCodes.set(i.id, codes[n]!);
    }
    placed = insights.map((i, n) => ({ ...base[n]!, columns: coCodes.get(i.id)! }));
    const docsOf = scope.rows.map(() => new Set<number>());
    for (const p of placed) for (const c of p.columns) docsOf[c]!.add(p.document);
    columns = scope.rows.map((r, c) => ({ id: r.id, label: r.name, categoryId: r.id, participants: null, documents: docsOf[c]!.size }));
  } else {
    const partition: PartitionColumns =
      request.columns === 'document'
        ? documentColumns(documents, participants)
        : request.columns === 'participant'
          ? participantColumns(participants)
          : await metadataColumns(db, project, request.field!, documents, participants);
    columns = partition.columns;
    field = partition.field;
    placed = base.map((b) => ({ ...b, columns: [partition.columnOf(b.participant)] }));
  }
  const figures = matrixFigures({
    rows: scope.rows.length,
    columns: columns.length,
    insights: placed,
    columnParticipants: request.columns === 'code' ? null : columns.map((c) => c.participants!),
    participants: participants.length,
  });
  return { request, scope, ...(field ? { field } : {}), columns, placed, participants: participants.length, figures };
}

type Answer = Static<typeof GetMatrixAnswer>;
type AnswerRow = Answer['rows'][number];
type AnswerColumn = Answer['columns'][number];

export function answerRows(matrix: Matrix): AnswerRow[] {
  return matrix.scope.rows.map((r, n) => {
    const { cells, ...totals } = matrix.figures.rows[n]!;
    return { id: r.id, name: r.name, analysisId: r.analysisId, children: r.children, ...totals, cells };
  });
}

export function answerColumns(matrix: Matrix): AnswerColumn[] {
  return matrix.columns.map(({ participants, documents, ...c }, n) => ({
    ...c,
    insights: matrix.figures.columns[n]!.insights,
    participants: participants ?? matrix.figures.columns[n]!.participants,
    documents: documents ?? 0,
  }));
}

export interface CellRequest {
  row: string;
  column: string;
  offset?: number;
  limit?: number;
}

/** `get_matrix`: the whole matrix, or (with `cell`) one cell's row and column and the insights behind it. */
export async function getMatrixAnswer(db: DbOrTx, project: Row<'projects'>, body: MatrixRequest & { cell?: CellRequest }): Promise<Answer> {
  const { cell, ...request } = body;
  const matrix = await matrixOf(db, project, request);
  const { scope } = matrix;
  const head = {
    columnKind: request.columns,
    ...(request.columns === 'code' ? { by: request.by ?? 'passage' } : {}),
    ...(matrix.field ? { field: matrix.field } : {}),
    ...(scope.analysisId === undefined ? {} : { analysisId: scope.analysisId }),
    parent: scope.parent,
    totals: { insights: matrix.figures.insights, participants: matrix.participants, documents: scope.documents.length },
  };
  const rows = answerRows(matrix);
  const columns = answerColumns(matrix);
  if (!cell) return { ...head, columns, rows };
  const r = rowNamed(matrix, cell.row);
  const c = columnNamed(matrix, cell.column);
  const members = cellMembers(matrix.placed, r, c).map((i) => shortOf.insight(scope.insights[i]!));
  const offset = cell.offset ?? 0;
  const limit = cell.limit ?? 100;
  return {
    ...head,
    columns: [columns[c]!],
    rows: [{ ...rows[r]!, cells: [rows[r]!.cells[c]!] }],
    cell: {
      row: rows[r]!.id,
      column: columns[c]!.id,
      insightIds: members.slice(offset, offset + limit),
      total: members.length,
      offset,
      nextOffset: offset + limit < members.length ? offset + limit : null,
    },
  };
}

function rowNamed(matrix: Matrix, input: string): number {
  const rows = matrix.scope.rows;
  let r = rows.findIndex((row) => row.id === input || row.uuid === input);
  if (r < 0) r = rows.findIndex((row) => row.name === input);
  if (r < 0) r = rows.findIndex((row) => row.name.toLowerCase() === input.trim().toLowerCase());
  if (r < 0) throw invalidField('/cell/row', `${JSON.stringify(input)} is not a row of this matrix (a row's id or name: ${rowsSaid(matrix)})`);
  return r;
}

function columnNamed(matrix: Matrix, input: string): number {
  let c = matrix.columns.findIndex((column) => column.id === input);
  if (c < 0 && matrix.request.columns === 'metadata') c = matrix.columns.findIndex((column) => sameValue(column, input));
  if (c < 0) throw invalidField('/cell/column', `${JSON.stringify(input)} is not a column of this matrix (a column's \`id\`, as answered)`);
  return c;
}

const rowsSaid = (matrix: Matrix) =>
  matrix.scope.rows.length === 0
    ? 'it has none'
    : matrix.scope.rows
        .slice(0, 5)
        .map((r) => r.id)
        .join(', ') + (matrix.scope.rows.length > 5 ? ', …' : '');
