import { Type } from '@sinclair/typebox';
import { StringEnum } from '../common.js';
import { CO_OCCURRENCE_UNITS, MATRIX_COLUMN_KINDS } from '../matrix.js';
import { Closed, Count, Nullable } from './records.js';

const Share = (description: string) => Nullable(Type.Number({ minimum: 0, maximum: 1, description }));

const Cell = Closed(
  {
    insights: Type.Integer({ minimum: 0, description: "the row's insights that fall in the column" }),
    participants: Type.Integer({ minimum: 0, description: 'who said them: distinct speakers (a document without speakers counting as one)' }),
    shareOfRow: Share("`insights` over the row's insights; null for a row without any"),
    shareOfColumn: Share("`insights` over the column's insights; null for a column without any"),
    participantShare: Share("`participants` over the column's participants; null for a column without any"),
  },
  { title: 'MatrixCell' },
);

const Row = Closed(
  {
    id: Type.String({ description: "the category's id" }),
    name: Type.String(),
    analysisId: Nullable(Type.String({ description: 'the run that made the category; null when made by hand' })),
    children: Type.Integer({ minimum: 0, description: 'its child categories (with `categoryId` naming it, they are the rows)' }),
    insights: Type.Integer({ minimum: 0, description: 'insights filed in the category or below it' }),
    participants: Type.Integer({ minimum: 0, description: 'distinct participants who said them' }),
    documents: Type.Integer({ minimum: 0, description: 'documents they stand on' }),
    shareOfInsights: Share('`insights` over the insights of every row (`totals.insights`)'),
    shareOfParticipants: Share('`participants` over every participant in scope (`totals.participants`)'),
    cells: Type.Array(Cell, { description: 'one per column, in the order of `columns`' }),
  },
  { title: 'MatrixRow' },
);

const Column = Closed(
  {
    id: Type.String({
      description:
        'what `cell.column` names: `D3` (a document, or a document as its own participant), `D3:Ana` (a speaker of D3), a metadata value (`""`: documents without one), a category id',
    }),
    label: Type.String({ description: "what to show: a document's file name, a speaker's label, a value (`(no value)`), a category's name" }),
    documentId: Type.Optional(Type.String({ description: 'participant and document columns: the document' })),
    filename: Type.Optional(Type.String()),
    speaker: Type.Optional(Nullable(Type.String({ description: "participant columns: the speaker's label; null for a document that is its own participant" }))),
    value: Type.Optional(Nullable(Type.String({ description: 'metadata columns: the value; null for the documents without one' }))),
    categoryId: Type.Optional(Type.String({ description: 'code columns: the category' })),
    insights: Type.Integer({ minimum: 0, description: 'insights of any row that fall in it, each once' }),
    participants: Type.Integer({
      minimum: 0,
      description: "participants it holds: its documents' participants, whether or not they said anything coded (a code column: those who said its insights)",
    }),
    documents: Type.Integer({ minimum: 0, description: 'documents it holds (a code column: those its insights stand on)' }),
  },
  { title: 'MatrixColumn' },
);

export const GetMatrixAnswer = Closed({
  columnKind: StringEnum(MATRIX_COLUMN_KINDS),
  by: Type.Optional(StringEnum(CO_OCCURRENCE_UNITS, { description: 'code columns: what co-occurring means' })),
  field: Type.Optional(Closed({ id: Type.String(), shortName: Type.String(), text: Type.String() }, { description: 'metadata columns: the field' })),
  analysisId: Type.Optional(Nullable(Type.String({ description: 'the run the matrix is of; null: the coding made by hand; absent: every coding' }))),
  parent: Nullable(Closed({ id: Type.String(), name: Type.String() }, { description: 'the category whose children are the rows; null: the root categories' })),
  totals: Closed(
    {
      insights: Type.Integer({ minimum: 0, description: 'insights in at least one row, each once' }),
      participants: Type.Integer({ minimum: 0, description: 'participants of the documents in scope' }),
      documents: Type.Integer({ minimum: 0, description: 'documents in scope' }),
    },
    { description: 'the whole matrix (with `cell` too)' },
  ),
  columns: Type.Array(Column),
  rows: Type.Array(Row),
  cell: Type.Optional(
    Closed(
      {
        row: Type.String(),
        column: Type.String(),
        insightIds: Type.Array(Type.String(), { description: 'the insights behind the cell (`get_insights` `ids`), in the order of their ids' }),
        total: Count,
        offset: Count,
        nextOffset: Nullable(Count),
      },
      { description: 'with `cell`: the insights behind it; `rows` and `columns` then hold its row and column alone' },
    ),
  ),
});
