import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../common.js';

/**
 * The records answers are made of. Every object is closed (`additionalProperties: false`): the
 * contract suite checks that no answer carries a member its schema lacks, and the serializer
 * leaves out anything unlisted.
 */
export const Closed = <P extends TProperties>(properties: P, options: { description?: string; title?: string } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** `type: [T, "null"]` rather than anyOf: the serializer handles it directly. */
export const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) });
const Timestamp = Type.String({ description: 'ISO 8601 timestamp (UTC)' });
const ShortId = (what: string) => Type.String({ description: `${what} short id` });
export const Count = Type.Integer({ minimum: 0 });

export const DOCUMENT_STATUSES = ['pending', 'awaiting_confirmation', 'empty', 'processing', 'ready', 'failed'] as const;
export const PIPELINES = ['standard', 'anonymized'] as const;
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
const DocumentStatus = StringEnum(DOCUMENT_STATUSES);
const Pipeline = StringEnum(PIPELINES);

/** A tag or a category as it appears inside another record. */
export const Label = Closed({ id: Type.String(), text: Type.String() }, { title: 'Label' });

export const Project = Closed(
  {
    id: Type.String({ description: '`P`-prefixed short id' }),
    name: Type.String(),
    locale: Type.String(),
    description: Type.String(),
    pipeline: Pipeline,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Project' },
);

/** A project as the account, partner and operator surfaces show it: UUID, short id and account. */
const projectFullProps = {
  id: Type.String({ description: 'UUID' }),
  shortId: Type.String({ description: '`P`-prefixed short id' }),
  accountId: Type.String(),
  name: Type.String(),
  locale: Type.String(),
  description: Type.String(),
  pipeline: Pipeline,
  createdAt: Timestamp,
  updatedAt: Timestamp,
};
export const ProjectFull = Closed(projectFullProps, { title: 'ProjectFull' });
export const ProjectWithRole = Closed({ ...projectFullProps, role: StringEnum(ROLES) }, { title: 'ProjectWithRole' });

export const MetadataValue = Closed(
  {
    documentId: Type.Optional(Type.String()),
    fieldId: Type.String(),
    field: Type.String({ description: "the field's short name" }),
    text: Type.String(),
    shortName: Nullable(Type.String()),
    value: Type.Unknown({ description: 'the typed value (number, date, list of authors, …) or null' }),
    refused: Nullable(
      Closed(
        { text: Type.Optional(Nullable(Type.String())), shortName: Type.Optional(Nullable(Type.String())) },
        { description: 'what a closed answer set refused, kept so an editor can show it' },
      ),
    ),
  },
  { title: 'MetadataValue' },
);

export const Document = Closed(
  {
    id: ShortId('`D`-prefixed'),
    filename: Type.String(),
    status: DocumentStatus,
    pipeline: Pipeline,
    creditCost: Nullable(Count),
    wordCount: Nullable(Count),
    error: Nullable(Type.String()),
    duplicateOf: Type.Optional(Type.String({ description: 'the earlier document of the project with the same bytes' })),
    tags: Type.Array(Label),
    metadata: Type.Array(MetadataValue),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Document' },
);

/** A document as the status and upload answers list it. */
export const DocumentBrief = Closed(
  {
    id: Type.String(),
    filename: Type.String(),
    status: DocumentStatus,
    pipeline: Pipeline,
    creditCost: Nullable(Count),
    error: Type.Optional(Type.String()),
    duplicateOf: Type.Optional(Type.String()),
    createdAt: Timestamp,
  },
  { title: 'DocumentBrief' },
);

/** The run that made a category or an insight (runs as things, docs/decisions.md). */
const MadeBy = () => Nullable(Type.String({ description: 'the run that made it (its UUID), null when made by hand' }));

export const Insight = Closed(
  {
    id: ShortId('`I`-prefixed'),
    text: Type.String(),
    description: Type.String(),
    quotes: Type.Array(Type.String(), { description: 'verbatim passages of its document' }),
    documentId: Nullable(Type.String()),
    categories: Type.Array(Label),
    tags: Type.Array(Label),
    analysisId: MadeBy(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Insight' },
);

/** A category with its sub-categories (recursive: `children` holds the same record). */
export const Category = Type.Recursive(
  (This) =>
    Closed({
      id: Type.String(),
      text: Type.String(),
      description: Type.String(),
      parentId: Nullable(Type.String()),
      insightCount: Type.Integer({ minimum: 0, description: 'insights filed directly under it (matching ones only, when filtered)' }),
      tags: Type.Array(Label),
      analysisId: MadeBy(),
      children: Type.Array(This),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
  { $id: 'Category', title: 'Category' },
);
/** Where an answer holds categories: a reference, since one schema may not embed the same `$id` twice. */
export const CategoryRef = Type.Ref(Category);

/** Schemas answers refer to by `$id`: registered with the serializer, the checker and OpenAPI's components. */
export const REFERENCED_RECORDS = [Category];

export const Tag = Closed(
  {
    id: Type.String(),
    text: Type.String(),
    description: Type.String(),
    color: Nullable(Type.String()),
    documentIds: Type.Array(Type.String()),
    insightIds: Type.Array(Type.String()),
    categoryIds: Type.Array(Type.String()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Tag' },
);

export const Note = Closed(
  {
    id: Type.String(),
    targetType: StringEnum(['document', 'documentInsight', 'insightCategory'] as const),
    targetId: Type.String(),
    text: Type.String(),
    createdAt: Timestamp,
  },
  { title: 'Note' },
);

export const Memo = Closed(
  {
    id: Type.String(),
    kind: Type.String({ description: '`summary` (of a document), `metadata_summary` (of a metadata value), or an imported memo' }),
    title: Type.String(),
    text: Type.String(),
    documentId: Nullable(Type.String()),
    fieldId: Nullable(Type.String()),
    value: Nullable(Type.String()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Memo' },
);

export const MetadataField = Closed(
  {
    id: Type.String(),
    text: Type.String(),
    shortName: Type.String(),
    description: Type.String(),
    parentId: Nullable(Type.String()),
    valueType: Nullable(StringEnum(['authors', 'date', 'language', 'number', 'organization'] as const)),
    allowedValues: Nullable(Type.Array(Type.String())),
    answerSetOpen: Type.Boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'MetadataField' },
);

export const Coverage = Closed(
  {
    analysed: Count,
    skipped: Count,
    failed: Count,
    pending: Count,
    rolesUncertain: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "of the documents analysed or skipped, transcripts whose two speaker labels swap part-way (an automatic transcript's diarisation): who asks was read from how their turns behave; the run's note names them. Left out when there are none.",
      }),
    ),
  },
  { title: 'Coverage', description: 'verdicts over the documents the run covers' },
);

const RunName = Type.String({ description: 'the name given at the start or by `rename_analysis`, or one made from its type and start time (UTC)' });

export const AnalysisRef = Closed(
  {
    id: Type.String(),
    name: RunName,
    type: Type.String(),
    status: StringEnum(['queued', 'running', 'completed', 'failed'] as const),
    note: Type.Optional(
      Type.String({
        description: 'why the run does nothing or little (e.g. nothing new to analyse), or what it left out (documents that are not transcripts)',
      }),
    ),
  },
  { title: 'AnalysisRef' },
);

export const ModelUsage = Closed(
  {
    calls: Count,
    cachedCalls: Type.Integer({ minimum: 0, description: 'calls answered from the answers kept from an earlier run or attempt, which cost nothing' }),
    failedCalls: Type.Integer({ minimum: 0, description: 'calls that failed after their retries; the offline engine stands for what they covered' }),
    inputTokens: Count,
    outputTokens: Count,
    tokenCeiling: Nullable(Type.Integer({ minimum: 1, description: '`SIFT_LLM_MAX_TOKENS_PER_RUN`; null for none' })),
    ceilingReached: Type.Boolean({ description: 'whether the ceiling stopped calls, the offline engine doing the rest' }),
  },
  {
    title: 'ModelUsage',
    description:
      'what the language model (`SIFT_LLM_*`) was asked during the run and what it cost; present where a model is configured and the run used it, and while the run runs what it has spent so far (updated at most once a second)',
  },
);

export const Analysis = Closed(
  {
    id: Type.String(),
    name: RunName,
    type: Type.String(),
    rerun: Type.Optional(Type.Literal(true, { description: 'an automatic run over every ready document (`rerun`), not only the new ones' })),
    status: StringEnum(['queued', 'running', 'completed', 'failed'] as const),
    coverage: Coverage,
    progress: Type.Number({ minimum: 0, maximum: 1 }),
    error: Type.Optional(Type.String()),
    note: Type.Optional(Type.String()),
    model: Type.Optional(ModelUsage),
    createdAt: Timestamp,
    startedAt: Nullable(Timestamp),
    finishedAt: Nullable(Timestamp),
  },
  { title: 'Analysis' },
);

export const ProjectStatus = Closed(
  {
    projectId: Type.String(),
    pendingExtractionCount: Count,
    emptyDocumentIds: Type.Array(Type.String()),
    confirmableCreditCost: Count,
    confirmableBatches: Type.Array(Closed({ pipeline: Pipeline, documentIds: Type.Array(Type.String()), creditCost: Count })),
    documents: Type.Array(DocumentBrief),
    analyses: Type.Array(Analysis),
    creditBalance: Type.Integer(),
  },
  { title: 'ProjectStatus' },
);

export const Confirmation = Closed(
  { confirmedDocumentIds: Type.Array(Type.String()), creditsCharged: Count, creditBalance: Type.Integer() },
  { title: 'Confirmation' },
);

export const LedgerLine = Closed(
  {
    id: Type.String(),
    amount: Type.Integer(),
    kind: StringEnum(['grant', 'charge'] as const),
    reason: Type.String(),
    projectId: Nullable(Type.String()),
    documentIds: Nullable(Type.Array(Type.String())),
    createdAt: Timestamp,
  },
  { title: 'LedgerLine' },
);

export const ProjectKey = Closed(
  {
    id: Type.String(),
    access: StringEnum(['read', 'edit'] as const),
    projectId: Type.String(),
    userId: Type.String(),
    createdAt: Timestamp,
    revokedAt: Nullable(Timestamp),
  },
  { title: 'ProjectKey' },
);

export const User = Closed({ id: Type.String(), email: Type.String(), name: Nullable(Type.String()) }, { title: 'User' });

export const PartnerAccount = Closed(
  {
    id: Type.String(),
    name: Type.String(),
    plan: Nullable(Type.String()),
    creditBalance: Type.Integer(),
    ownerUserId: Type.String(),
    owner: Type.Optional(Closed({ id: Type.String(), email: Type.String(), name: Nullable(Type.String()), onboarded: Type.Boolean() })),
    createdAt: Timestamp,
  },
  { title: 'PartnerAccount' },
);
