import { Type } from '@sinclair/typebox';
import { action, AnalysisId, Filters, Id, MAX_POSITION, Str, StrArray, StringEnum } from './common.js';
import { COMPARE_CODINGS_DESCRIPTION, compareCodingsMembers } from './agreement.js';
import { GET_MATRIX_DESCRIPTION, GET_MATRIX_RULES, getMatrixMembers } from './matrix.js';

const filters = Type.Optional(Filters);

/** `POST /api/sift-read`: project-scoped key, read or edit. */
export const readActions = {
  get_project: action(
    'get_project',
    {},
    { description: "The project the key is bound to, with its analysis runs (`analyses`, newest first: each run's `id`, `name`, `type` and `status`)." },
  ),
  get_documents: action(
    'get_documents',
    { id: Type.Optional(Id()), filters },
    {
      description: 'One document by `id`, or the documents matching `filters`, with status, price, tags and metadata values.',
    },
  ),
  get_insights: action(
    'get_insights',
    {
      id: Type.Optional(Id()),
      ids: Type.Optional(StrArray(10, 200, 1)),
      analysisId: Type.Optional(AnalysisId),
      filters,
    },
    {
      description:
        "One insight by `id`, several by `ids`, or those matching `filters`. With `analysisId`, only that run's insights (an `id` or `ids` naming another insight answers 404). Each insight says its run (`analysisId`, null when made by hand).",
    },
  ),
  get_categories: action(
    'get_categories',
    { id: Type.Optional(Id()), analysisId: Type.Optional(AnalysisId), filters },
    {
      description:
        "The category tree (each category with `children`), or the subtree under `id`. With `analysisId`, only that run's categories (an `id` naming another category answers 404). Each category says its run (`analysisId`, null when made by hand).",
    },
  ),
  get_memos: action('get_memos', { id: Type.Optional(Id()) }, { description: 'Memos (summaries), or one by `id`.' }),
  get_tags: action('get_tags', {}, { description: 'Every tag of the project with its targets.' }),
  get_notes: action('get_notes', { filters }, { description: 'Notes on documents, insights and categories.' }),
  get_metadata: action('get_metadata', {}, { description: 'Metadata fields and their per-document values.' }),
  search: action(
    'search',
    {
      query: Type.Optional(Str(8000, 1)),
      queries: Type.Optional(Type.Array(Str(8000, 1), { minItems: 1, maxItems: 5 })),
      topK: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'default 10' })),
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POSITION, description: 'default 0' })),
      onlyInsights: Type.Optional(Type.Boolean()),
      participantsOnly: Type.Optional(
        Type.Boolean({
          description:
            "passages of participants' turns alone: a transcript's interviewer turns and header, and documents that are not transcripts, left out (insights stay). Default false: interviewer turns are searched too, each passage saying its `role`",
        }),
      ),
      analysisId: Type.Optional(AnalysisId),
      filters,
    },
    {
      description:
        "Passages and insights that match the query by its words or its meaning, best first; nothing else (a query that matches nothing answers no results). Each result says how it matched and gives a snippet with the matched words. Exactly one of `query` and `queries` (400 otherwise); several queries are fused by reciprocal-rank fusion, each result keeping its best score. An insight appears at most once per page; each insight result says its run (`analysisId`, null when made by hand), and two runs' insights are two results even where they say the same. With `analysisId`, the insights are that run's alone (passages are not a run's, and stay). A passage of a transcript is one speaker's words (a turn, or part of a long one), its text without the speaker's label or time stamp, with `speaker` and `role` beside it; `participantsOnly` leaves out what interviewers said.",
    },
  ),
  read_document: action(
    'read_document',
    {
      documentId: Id(),
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POSITION, description: 'first chunk index, default 0' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, description: 'default 10' })),
    },
    { description: 'Reads a document in pages of chunks: `chunks`, `totalChunks`, `nextOffset` (null at the end).' },
  ),
  find_entities: action(
    'find_entities',
    { entity: Type.Optional(Str(500)) },
    {
      description: 'Without `entity`, the most frequent named entities with counts; with it, where it is mentioned.',
    },
  ),
  analyze: action(
    'analyze',
    {
      type: StringEnum(['metadata_distribution', 'temporal'] as const),
      categoryIds: Type.Optional(StrArray(20, 200)),
      categoryNames: Type.Optional(StrArray(20, 200)),
    },
    { description: 'Counts of insights per category per metadata value (`metadata_distribution`) or per period (`temporal`).' },
  ),
  compare_codings: action('compare_codings', compareCodingsMembers, { description: COMPARE_CODINGS_DESCRIPTION }),
  get_matrix: action('get_matrix', getMatrixMembers, { description: GET_MATRIX_DESCRIPTION, allOf: GET_MATRIX_RULES }),
  verify_context: action(
    'verify_context',
    {
      type: Type.Optional(StringEnum(['documents', 'insights', 'all'] as const, { description: 'default `all`' })),
      from: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_POSITION, description: '1-based counter position, default 1' })),
      to: Type.Optional(
        Type.Integer({ minimum: -MAX_POSITION, maximum: MAX_POSITION, description: 'inclusive; negative counts from the end (-1 = last); default -1' }),
      ),
    },
    { description: 'Lists documents and/or insights at counter positions `from`..`to` with the head of their text.' },
  ),
};
