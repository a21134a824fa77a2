import { Type } from '@sinclair/typebox';
import { AnalysisId, MAX_POSITION, Str, StringEnum } from './common.js';

/** Matrices (issue 43, part 4): a sift extension of the specification, docs/decisions.md. */
const MATRICES = 'A sift extension of the specification (matrices, docs/decisions.md).';

/** The most rows (codes) a matrix has: past it, a 400 asks for a parent category whose children are fewer. */
export const MAX_MATRIX_ROWS = 200;
/** The most columns a matrix has: past it, a 400 asks for fewer documents (`documentIds`), or another kind of column. */
export const MAX_MATRIX_COLUMNS = 500;
/** The most insight ids one answer about a cell lists; `cell.offset` pages on. */
export const MAX_CELL_INSIGHTS = 500;

export const MATRIX_COLUMN_KINDS = ['participant', 'document', 'metadata', 'code'] as const;
export const CO_OCCURRENCE_UNITS = ['passage', 'document'] as const;

/** The members of `get_matrix`, shared by the read surface and (with `projectId`) the account and partner surfaces. */
export const getMatrixMembers = {
  columns: StringEnum(MATRIX_COLUMN_KINDS, {
    description:
      'what the columns are (the rows are codes): `participant` (a speaker of a participant turn; a document without speakers is one participant), `document`, `metadata` (the values of `field`), `code` (co-occurrence, `by`)',
  }),
  field: Type.Optional(Str(200, 1, { description: 'with `columns: "metadata"`, and only then: the metadata field, by short name, name or id' })),
  by: Type.Optional(
    StringEnum(CO_OCCURRENCE_UNITS, {
      description:
        'with `columns: "code"`, and only then: two codes co-occur on the same `passage` (one insight filed in both, or insights whose quotes overlap; the default) or in the same `document`',
    }),
  ),
  analysisId: Type.Optional(
    Type.Union([AnalysisId, Type.Null()], {
      description: "one run's categories and insights (its `id`), or null: those made by hand or imported; by default every run's and those made by hand",
    }),
  ),
  categoryId: Type.Optional(
    Str(200, 1, {
      description: `a category (id in any form, or its name) whose children are the rows; by default the root categories. At most ${MAX_MATRIX_ROWS} rows`,
    }),
  ),
  documentIds: Type.Optional(
    Type.Array(Str(200, 1), {
      minItems: 1,
      maxItems: MAX_MATRIX_COLUMNS,
      description: "only these documents (ready ones, any id form); by default every ready document (with a run's `analysisId`, those it analysed or skipped)",
    }),
  ),
  cell: Type.Optional(
    Type.Object(
      {
        row: Str(200, 1, { description: "a row's `id` (or its category's name)" }),
        column: Str(2000, 0, { description: "a column's `id`, as answered" }),
        offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POSITION, description: 'first insight listed, default 0' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CELL_INSIGHTS, description: 'insights listed, default 100' })),
      },
      {
        additionalProperties: false,
        description: 'the insights behind one cell: the answer then holds that row and that column alone, and `cell` lists the ids of its insights',
      },
    ),
  ),
};

/** `field` only with metadata columns (and then required), `by` only with code columns. */
export const GET_MATRIX_RULES = [
  {
    if: { properties: { columns: { const: 'metadata' } }, required: ['columns'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
    then: { required: ['field'] },
    else: { properties: { field: false } },
  },
  {
    if: { properties: { columns: { const: 'code' } }, required: ['columns'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
    then: {},
    else: { properties: { by: false } },
  },
];

export const GET_MATRIX_DESCRIPTION = `${MATRICES} Codes (categories: the root categories, or the children of \`categoryId\`; each counting the insights filed in it or below it) against participants, documents, the values of a metadata field, or codes again (co-occurrence on a passage or in a document). Each cell: its insights, its participants (distinct speakers, or documents without speakers), and the shares of the row's insights, of the column's insights and of the column's participants it holds; each row: its insights, participants and documents, and its shares of every insight and every participant (the frequencies per code); each column: its insights and participants. At most ${MAX_MATRIX_ROWS} rows and ${MAX_MATRIX_COLUMNS} columns (a 400 past either). With \`cell\`, the ids of the insights behind that cell, in pages. Also as CSV and .xlsx (\`GET /api/sift-read/matrix.csv\`, \`…/matrix.xlsx\`).`;

/** What a CSV export's grid holds, one figure per cell (`measure`); the .xlsx has a sheet of each. */
export const MATRIX_MEASURES = ['insights', 'participants', 'shareOfRow', 'shareOfColumn', 'participantShare'] as const;
export type MatrixMeasure = (typeof MATRIX_MEASURES)[number];
