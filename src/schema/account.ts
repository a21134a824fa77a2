import { Type } from '@sinclair/typebox';
import { action, AnalysisGranularity, AnalysisId, Locale, MAX_CREDITS, MAX_POSITION, ProjectIdInput, Str, StrArray, StringEnum } from './common.js';
import { COMPARE_CODINGS_DESCRIPTION, compareCodingsMembers } from './agreement.js';
import { GET_MATRIX_DESCRIPTION, GET_MATRIX_RULES, getMatrixMembers } from './matrix.js';
import { useAsCodebook } from './codebook.js';

export const PredefinedCategory = Type.Object(
  {
    name: Str(200, 1),
    description: Type.Optional(Str(2000)),
    instructions: Type.Optional(Str(4000)),
    categorizationInstructions: Type.Optional(Str(4000)),
    examples: Type.Optional(StrArray(20, 2000)),
  },
  { additionalProperties: false, title: 'PredefinedCategory' },
);

export const ANALYSIS_TYPES = ['predefined', 'automatic', 'summaries', 'metadata_summaries'] as const;

/**
 * `start_analysis` on the account and partner surfaces: one object whose `type` decides which
 * members are required (`categories` for `predefined`) or allowed (`reconsiderSkipped` for
 * `automatic` only). Kept as one branch of the action union so `action` stays the only
 * discriminator.
 */
export const startAnalysis = action(
  'start_analysis',
  {
    projectId: ProjectIdInput,
    type: StringEnum(ANALYSIS_TYPES),
    categories: Type.Optional(Type.Array(PredefinedCategory, { minItems: 1, maxItems: 100, description: 'required for, and only for, `predefined`' })),
    analysisGranularity: Type.Optional(AnalysisGranularity),
    reconsiderSkipped: Type.Optional(Type.Boolean({ description: 'only for `automatic`' })),
    rerun: Type.Optional(
      Type.Boolean({
        description:
          'only for `automatic`: analyse every ready document again into a run of its own (its own categories and insights, no credits), rather than only the documents no automatic run has a verdict for (the default)',
      }),
    ),
    name: Type.Optional(Str(500, 1, { description: "the run's name; default its type and start time, e.g. `Automatic · 2026-11-29 09:30` (UTC)" })),
  },
  {
    description: 'Starts an analysis run in the background and answers `{analysis: {id, name, type, status}}` at once.',
    allOf: [
      {
        if: { properties: { type: { const: 'predefined' } }, required: ['type'] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
        then: { required: ['categories'] },
        else: { properties: { categories: false } },
      },
      {
        if: { properties: { type: { const: 'automatic' } }, required: ['type'] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
        then: {},
        else: { properties: { reconsiderSkipped: false, rerun: false } },
      },
    ],
  },
);

const RUNS = 'A sift extension of the specification (runs as things, docs/decisions.md).';

/** The project-document actions the account and partner surfaces share (one schema, one implementation). */
export const projectDocumentActions = {
  get_project_status: action(
    'get_project_status',
    { projectId: ProjectIdInput },
    {
      description:
        '`pendingExtractionCount`, `emptyDocumentIds`, `confirmableCreditCost`, `confirmableBatches`, per-document status, analyses and `creditBalance`.',
    },
  ),
  confirm_documents: action(
    'confirm_documents',
    {
      projectId: ProjectIdInput,
      expectedCreditCost: Type.Integer({ minimum: 0, maximum: MAX_CREDITS }),
      documentIds: Type.Optional(StrArray(10000, 255, undefined, 1)),
    },
    { description: 'Charges credits and starts processing for one pipeline batch. Accepts an `Idempotency-Key` header.' },
  ),
  delete_documents: action(
    'delete_documents',
    {
      projectId: ProjectIdInput,
      documentIds: StrArray(10000, 255, 1, 1),
    },
    { description: 'Deletes documents and everything hanging off them; cannot be undone.' },
  ),
  start_analysis: startAnalysis,
  rename_analysis: action(
    'rename_analysis',
    { projectId: ProjectIdInput, analysisId: AnalysisId, name: Str(500, 1) },
    { description: `${RUNS} Renames a run; answers the run as \`get_project_status\` lists it.` },
  ),
  delete_analysis: action(
    'delete_analysis',
    { projectId: ProjectIdInput, analysisId: AnalysisId },
    {
      description: `${RUNS} Deletes a run with its categories and insights (and the tags' links and notes on them) and nothing else: other runs' results, documents, memos and manual categories stay. Answers the ids deleted.`,
    },
  ),
  compare_codings: action(
    'compare_codings',
    { projectId: ProjectIdInput, ...compareCodingsMembers },
    { description: `${COMPARE_CODINGS_DESCRIPTION} A read: any member of the project on the account surface.` },
  ),
  get_matrix: action(
    'get_matrix',
    { projectId: ProjectIdInput, ...getMatrixMembers },
    { description: `${GET_MATRIX_DESCRIPTION} A read: any member of the project on the account surface.`, allOf: GET_MATRIX_RULES },
  ),
  use_as_codebook: useAsCodebook,
};

const EXTENSION = 'A sift extension of the specification (self-service keys, docs/decisions.md).';
const Uuid = (description: string) => Type.String({ format: 'uuid', description });

/**
 * Self-service keys: house actions on the account surface, not in the specification. Projects
 * are found as for the project-document actions: 404 unless the key's user is a member, 403 for
 * key management below `owner`/`admin`.
 */
export const selfServiceActions = {
  list_projects: action(
    'list_projects',
    {},
    {
      description: `${EXTENSION} The projects the key reaches (every project its user is a member of, whichever account owns it), each with the user's \`role\`: \`{accountId, projects}\`.`,
    },
  ),
  create_project_key: action(
    'create_project_key',
    {
      projectId: ProjectIdInput,
      access: StringEnum(['read', 'edit'] as const),
      userId: Type.Optional(Uuid("the member the key acts as; default the account key's user")),
    },
    {
      description: `${EXTENSION} Mints a project key (owner or admin of the project only). Answers \`{key: {id, access, projectId, userId, createdAt, revokedAt}, secret}\`: the secret is shown this once and stored hashed. A \`userId\` who is not a member of the project is a 404.`,
    },
  ),
  list_project_keys: action(
    'list_project_keys',
    { projectId: ProjectIdInput },
    {
      description: `${EXTENSION} The project's keys, oldest first, revoked ones with \`revokedAt\` set; never a secret (owner or admin of the project only).`,
    },
  ),
  revoke_project_key: action(
    'revoke_project_key',
    { projectId: ProjectIdInput, keyId: Uuid('`id` from `create_project_key` or `list_project_keys`') },
    {
      description: `${EXTENSION} Revokes one of the project's keys (owner or admin of the project only); it stops authenticating at once. Revoking a revoked key answers it unchanged.`,
    },
  ),
  get_credits: action(
    'get_credits',
    {
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'default 50' })),
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POSITION, description: 'default 0' })),
    },
    {
      description: `${EXTENSION} The key's account's \`creditBalance\` and its ledger, newest first: \`{accountId, creditBalance, ledger, total, offset, nextOffset}\` (\`nextOffset\` null at the end).`,
    },
  ),
};

/** `POST /api/sift-account`: account-scoped edit key. */
export const accountActions = {
  create_project: action(
    'create_project',
    {
      name: Str(255, 1),
      locale: Type.Optional(Locale),
      description: Type.Optional(Str(2000)),
    },
    { description: "Creates a project in the key's account; the key's user becomes `owner`. Accepts an `Idempotency-Key` header." },
  ),
  ...projectDocumentActions,
  ...selfServiceActions,
};

/** JSON body of the account and (deprecated) write uploads. */
export const UploadUrls = Type.Object(
  {
    urls: Type.Array(Type.Object({ url: Str(2000, 1, { format: 'uri' }), filename: Type.Optional(Str(500, 1)) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 20,
    }),
  },
  { additionalProperties: false, title: 'UploadUrls' },
);
