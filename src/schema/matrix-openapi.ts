import { MATRIX_EXPORT_PATHS } from './surfaces.js';
import { CO_OCCURRENCE_UNITS, MATRIX_COLUMN_KINDS, MATRIX_MEASURES, MAX_MATRIX_COLUMNS, MAX_MATRIX_ROWS } from './matrix.js';

type Json = Record<string, unknown>;

const query = (name: string, schema: Json, description: string, required = false) => ({ name, in: 'query', required, schema, description });

/** The matrix downloads' OpenAPI paths (matrices, docs/decisions.md); `errors` and `headers` are the read surface's. */
export function matrixExportPaths(errors: Json, headers: Json): Json {
  const parameters = [
    query('columns', { type: 'string', enum: [...MATRIX_COLUMN_KINDS] }, "what the columns are, as `get_matrix`'s `columns`", true),
    query('field', { type: 'string', minLength: 1, maxLength: 200 }, 'with `columns=metadata`, and only then: the field (short name, name or id)'),
    query(
      'by',
      { type: 'string', enum: [...CO_OCCURRENCE_UNITS] },
      'with `columns=code`, and only then: co-occurrence on a `passage` (default) or in a `document`',
    ),
    query(
      'analysisId',
      { type: 'string', maxLength: 36 },
      "a run's `id`, or `manual`: the coding made by hand or imported (`get_matrix`'s `analysisId: null`); every coding without it",
    ),
    query('categoryId', { type: 'string', minLength: 1, maxLength: 200 }, 'a category whose children are the rows; the root categories without it'),
    query('documentIds', { type: 'string' }, 'comma-separated document ids; every ready document without it (with a run, those it covers)'),
  ];
  const grid = `a line per code (\`code_id\`, \`code\`, its \`insights\`, \`participants\` and \`documents\`), a column per matrix column (headed by the document's file name and id, the speaker with the document, the value, or the code's name), then a \`total\` line with the columns' totals (for a count; empty for a share)`;
  const common = `A sift extension (matrices, docs/decisions.md). The matrix \`get_matrix\` answers for the query, which is validated as the action's body (400 naming the parameter; at most ${MAX_MATRIX_ROWS} rows and ${MAX_MATRIX_COLUMNS} columns); an unknown run, field, category or document is a 404. Read or edit key; counts against the read surface's rate limit.`;
  return {
    [MATRIX_EXPORT_PATHS.csv]: {
      get: {
        operationId: 'exportMatrixCsv',
        summary: '`get_matrix` as a CSV grid of one figure per cell',
        description: `${common} RFC 4180, CRLF, UTF-8: ${grid}. Text fields that begin with =, +, - or @ are prefixed with '; numbers are written as numbers, a share that has no whole as an empty field.`,
        tags: ['Read'],
        security: [{ projectKey: [] }],
        parameters: [
          ...parameters,
          query('measure', { type: 'string', enum: [...MATRIX_MEASURES], default: 'insights' }, "the figure each cell holds, as named in `get_matrix`'s cells"),
        ],
        responses: {
          '200': { description: 'The grid, as an attachment (`matrix.csv`)', headers, content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
    [MATRIX_EXPORT_PATHS.xlsx]: {
      get: {
        operationId: 'exportMatrixXlsx',
        summary: '`get_matrix` as an Excel workbook: a sheet per figure',
        description: `${common} Sheets \`Insights\`, \`Participants\`, \`Share of row\`, \`Share of column\` and \`Participant share\`, each ${grid}, shares formatted as percentages; \`Columns\` (each column's id, heading, label, document, file name, speaker, value, category and totals) and \`Matrix\` (what the matrix is: its columns, \`by\`, field, run, parent and totals). Text is stored as text, never as a formula.`,
        tags: ['Read'],
        security: [{ projectKey: [] }],
        parameters,
        responses: {
          '200': {
            description: 'The workbook, as an attachment (`matrix.xlsx`)',
            headers,
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
              },
            },
          },
          ...errors,
        },
      },
    },
  };
}
