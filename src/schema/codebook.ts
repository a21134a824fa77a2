import { Type } from '@sinclair/typebox';
import { action, AnalysisGranularity, AnalysisId, ProjectIdInput, Str } from './common.js';
import { AnalysisRef, Closed, Nullable } from './answers/records.js';

const CODEBOOKS = 'A sift extension of the specification (codebooks, docs/decisions.md).';

/** Quotes carried per category when none is asked for, and at most (`start_analysis`'s bound on `examples`). */
export const DEFAULT_EXAMPLES = 5;
export const MAX_EXAMPLES = 20;

/** `use_as_codebook` (account and partner surfaces): a run's categories, as the researcher left them, coding every ready document. */
export const useAsCodebook = action(
  'use_as_codebook',
  {
    projectId: ProjectIdInput,
    analysisId: AnalysisId,
    name: Type.Optional(Str(500, 1, { description: "the new run's name; default `Codebook · <the run's name>`" })),
    analysisGranularity: Type.Optional(AnalysisGranularity),
    examplesPerCategory: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_EXAMPLES,
        description: `quotes carried as each category's examples (default ${DEFAULT_EXAMPLES}): one quote per insight filed in it, taking the documents in turn, oldest insight first`,
      }),
    ),
  },
  {
    description: `${CODEBOOKS} Turns a run's categories as they now are (renamed, merged, moved, deleted, recoded; categories made by hand under them or holding its insights included) into a codebook, name, description, parent and quotes of the insights filed in each as examples, and starts a predefined run with it over every ready document, documents added since included, into categories of its own. A write: project \`owner\` or \`admin\`. Answers the new run as \`start_analysis\` does, with the codebook it codes with. No credits.`,
  },
);

export const CodebookCategory = Closed(
  {
    name: Type.String(),
    description: Type.String(),
    parent: Nullable(Type.String({ description: "the parent category's name; null at the top" })),
    examples: Type.Array(Type.String(), { description: 'quotes that show what the category holds' }),
  },
  { title: 'CodebookCategory' },
);

/** `use_as_codebook` and the codebook import answer alike: the run started and the categories it codes with. */
export const CodebookStarted = Closed(
  {
    analysis: AnalysisRef,
    codebook: Type.Array(CodebookCategory, { description: "the categories of the new run, in the codebook's order (parents before their children)" }),
  },
  { title: 'CodebookAnswer' },
);
