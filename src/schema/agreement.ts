import { Type } from '@sinclair/typebox';
import { AnalysisId, MAX_POSITION, Str } from './common.js';

/** Agreement (issue 43): a sift extension of the specification, docs/decisions.md. */
export const AGREEMENT = 'A sift extension of the specification (agreement, docs/decisions.md).';

/** The most passages one answer lists; `offset` pages on. */
export const MAX_PASSAGES_PER_PAGE = 200;

/** One of the two codings compared: a run's, or the one made by hand (imported from REFI-QDA, or written through the write surface). */
const CodingRef = Type.Object(
  {
    analysisId: Type.Union([AnalysisId, Type.Null()], {
      description:
        "a run's `id` (its categories and insights), or null: the categories and insights made by hand, those imported from a REFI-QDA project among them",
    }),
  },
  { additionalProperties: false },
);

/** The members of `compare_codings`, shared by the read surface and (with `projectId`) the account and partner surfaces. */
export const compareCodingsMembers = {
  a: CodingRef,
  b: CodingRef,
  pairs: Type.Optional(
    Type.Array(
      Type.Object(
        { a: Str(500, 1, { description: 'a code (category name) of coding a' }), b: Str(500, 1, { description: 'its counterpart in coding b' }) },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: 200,
        description: 'the code pairs to compare, as the researcher pairs them (each code of a at most once); by default codes pair by name, exactly as written',
      },
    ),
  ),
  documentIds: Type.Optional(
    Type.Array(Str(200, 1), {
      minItems: 1,
      maxItems: 500,
      description: 'compare over these documents (ready ones, any id form); by default over those both codings cover',
    }),
  ),
  code: Type.Optional(Str(500, 1, { description: 'list only the passages of the pairs with this code on either side' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POSITION, description: 'first passage listed, default 0' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PASSAGES_PER_PAGE, description: 'passages listed, default 50' })),
};

export const COMPARE_CODINGS_DESCRIPTION = `${AGREEMENT} Compares two codings of the same documents sentence by sentence (the engine's sentences; a quote codes every sentence it overlaps): two runs, or a run and the coding made by hand or imported from REFI-QDA. The documents are those named in \`documentIds\` (ready ones), else those both codings cover (a run: the documents it analysed or skipped; by hand: those with an insight made by hand). Per code pair: the counts of sentences both applied it to, only a, only b, neither; percent agreement, Cohen's kappa and Krippendorff's alpha (nominal), null where neither coder applied the pair; overall the unweighted mean of the pairs' figures and the figures of the pooled counts. Then the disagreeing passages (a sentence one coding coded with the pair's code and the other did not), with their text, in pages of \`limit\` from \`offset\`.`;

/** The most passage rows a CSV export holds; past it, a last `truncated` row says how many were left out. */
export const MAX_CSV_PASSAGES = 20_000;

export const AGREEMENT_CSV_COLUMNS = [
  'row',
  'code_a',
  'code_b',
  'units',
  'both',
  'only_a',
  'only_b',
  'neither',
  'percent_agreement',
  'kappa',
  'alpha',
  'applied_by',
  'document_id',
  'document',
  'start',
  'end',
  'text',
] as const;
