import type { ColumnType, Selectable } from 'kysely';

/**
 * Row types of every table, in camelCase (the CamelCasePlugin maps them to snake_case columns).
 * Portable across SQLite and PostgreSQL: ids are UUID text, timestamps ISO-8601 UTC text,
 * booleans 0/1 integers, JSON documents text.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  onboarded: number;
  createdAt: string;
}

export interface AccountsTable {
  id: string;
  name: string;
  ownerUserId: string;
  plan: string | null;
  creditBalance: number;
  createdByPartnerId: string | null;
  createdAt: string;
}

export interface PartnersTable {
  id: string;
  name: string;
  secretHash: string;
  creditBalance: number;
  revokedAt: string | null;
  createdAt: string;
}

export type Pipeline = 'standard' | 'anonymized';

export interface ProjectsTable {
  id: string;
  shortId: string;
  accountId: string;
  name: string;
  locale: string;
  description: string;
  pipeline: Pipeline;
  createdByPartnerId: string | null;
  documentCounter: number;
  insightCounter: number;
  memoCounter: number;
  noteCounter: number;
  createdAt: string;
  updatedAt: string;
}

export type Role = 'owner' | 'admin' | 'member' | 'viewer';

export interface MembershipsTable {
  projectId: string;
  userId: string;
  role: Role;
  createdAt: string;
}

export interface ApiKeysTable {
  id: string;
  hash: string;
  scope: 'project' | 'account';
  access: 'read' | 'edit';
  projectId: string | null;
  accountId: string | null;
  userId: string;
  createdAt: string;
  revokedAt: string | null;
}

export type DocumentStatus = 'pending' | 'awaiting_confirmation' | 'empty' | 'processing' | 'ready' | 'failed';

export interface DocumentsTable {
  id: string;
  projectId: string;
  counter: number;
  filename: string;
  status: DocumentStatus;
  pipeline: Pipeline;
  creditCost: number | null;
  wordCount: number | null;
  error: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  blobKey: string | null;
  sourceUrl: string | null;
  /** Extracted text (after anonymisation once processed). */
  text: string | null;
  confirmedAt: string | null;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  attempts: number;
  /** Attempts made alone in their process, after one in flight when its process stopped (worker/solo.ts). */
  soloAttempts: number;
  createdAt: string;
  updatedAt: string;
  /** SHA-256 of the uploaded bytes (or of the inline text), hex. */
  contentHash: string | null;
  /** The earlier document of the same project with the same content, if any. */
  duplicateOf: string | null;
}

export interface ChunksTable {
  id: string;
  projectId: string;
  documentId: string;
  idx: number;
  text: string;
  speaker: string | null;
  /** A transcript's chunk: its speaker's role (migration 014); null for prose, a header, and chunks written before it was kept. */
  role: ColumnType<'interviewer' | 'participant' | null, 'interviewer' | 'participant' | null | undefined, 'interviewer' | 'participant' | null>;
  startOffset: number;
  endOffset: number;
  /** What search ranks the chunk by (engine/search/analysed.ts), null for chunks written before it was kept. */
  searchTerms: ColumnType<string | null, string | null | undefined, string | null>;
  searchMeaning: ColumnType<string | null, string | null | undefined, string | null>;
  searchLocale: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A ready document whose chunks predate turns, to be chunked again by the worker (migration 015, worker/rechunk.ts); `id` is the document's. */
export interface RechunksTable {
  id: string;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: string;
  /** 1: its chunks' search terms are written again even where the chunks come out the same (migration 016). */
  reindex: ColumnType<number, number | undefined, number>;
}

/** What search holds of a ready document's chunks (migration 009, engine/search/quantised.ts). */
export interface DocumentSearchTable {
  documentId: string;
  projectId: string;
  /** The locale the chunks were read in. */
  locale: string;
  /** The chunks' ids, in order, separated by spaces. */
  chunkIds: string;
  /** How many search terms each chunk holds, separated by spaces. */
  termCounts: string;
  /** Each chunk's vector of meaning in compact form, one after another; null where the locale has no word vectors. */
  vectors: Buffer | null;
}

export interface InsightsTable {
  id: string;
  projectId: string;
  counter: number;
  documentId: string | null;
  text: string;
  description: string;
  /** JSON array of strings. */
  quotes: string;
  analysisId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CategoriesTable {
  id: string;
  projectId: string;
  shortId: string;
  text: string;
  description: string;
  parentId: string | null;
  analysisId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InsightCategoriesTable {
  insightId: string;
  categoryId: string;
  projectId: string;
}

export interface TagsTable {
  id: string;
  projectId: string;
  shortId: string;
  text: string;
  description: string;
  color: string | null;
  createdAt: string;
  updatedAt: string;
}

export type TagTargetType = 'document' | 'insight' | 'category';

export interface TagTargetsTable {
  tagId: string;
  targetType: TagTargetType;
  targetId: string;
  projectId: string;
}

export type NoteTargetType = 'document' | 'documentInsight' | 'insightCategory';

export interface NotesTable {
  id: string;
  projectId: string;
  counter: number;
  targetType: NoteTargetType;
  targetId: string;
  text: string;
  authorUserId: string | null;
  createdAt: string;
}

export interface MemosTable {
  id: string;
  projectId: string;
  counter: number;
  kind: string;
  title: string;
  text: string;
  documentId: string | null;
  fieldId: string | null;
  fieldValue: string | null;
  analysisId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type MetadataValueType = 'authors' | 'date' | 'language' | 'number' | 'organization';

export interface MetadataFieldsTable {
  id: string;
  projectId: string;
  shortId: string;
  text: string;
  shortName: string;
  description: string;
  parentId: string | null;
  valueType: MetadataValueType | null;
  /** JSON array of strings, or null when the field declares no allowed answers. */
  allowedValues: string | null;
  answerSetOpen: number;
  createdAt: string;
  updatedAt: string;
}

export interface MetadataValuesTable {
  id: string;
  projectId: string;
  documentId: string;
  fieldId: string;
  text: string;
  shortName: string | null;
  /** JSON of any value, or null. */
  value: string | null;
  refusedText: string | null;
  refusedShortName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One document's codings from an imported REFI-QDA project (JSON `ImportedCoding[]`), until it is ready. */
export interface ImportedCodingsTable {
  documentId: string;
  projectId: string;
  codings: string;
  createdAt: string;
}

export interface CreditLedgerTable {
  id: string;
  accountId: string | null;
  partnerId: string | null;
  amount: number;
  kind: 'grant' | 'charge';
  reason: string;
  projectId: string | null;
  /** JSON array of document ids for charges. */
  documentIds: string | null;
  createdAt: string;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  status: number;
  response: string;
  createdAt: string;
}

export type AnalysisStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface AnalysesTable {
  id: string;
  projectId: string;
  type: string;
  status: AnalysisStatus;
  /** JSON of the start request's options. */
  params: string;
  error: string | null;
  /** What the run found to do, when worth saying (nothing new to analyse). */
  note: string | null;
  /** JSON of the run's language-model usage (engine/llm/meter.ts `ModelUsage`), where a model took part. */
  modelUsage: string | null;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  attempts: number;
  /** Attempts made alone in their process, after one in flight when its process stopped (worker/solo.ts). */
  soloAttempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export type Verdict = 'pending' | 'analysed' | 'skipped' | 'failed';

export interface AnalysisVerdictsTable {
  projectId: string;
  /** The analysis family the verdict belongs to, e.g. `automatic`. */
  family: string;
  documentId: string;
  verdict: Verdict;
  reason: string | null;
  analysisId: string | null;
  updatedAt: string;
}

export interface OutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  partnerId: string | null;
  accountId: string | null;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

/** One row per written row of a project's documents, their tags and metadata (triggers write it; migration 008). */
export interface ListingChangesTable {
  /** An integer; PostgreSQL's driver reads its bigserial as text. */
  id: ColumnType<number | string, never, never>;
  projectId: string;
  at: ColumnType<string, never, never>;
}

export interface Tables {
  outbox: OutboxTable;
  users: UsersTable;
  accounts: AccountsTable;
  partners: PartnersTable;
  projects: ProjectsTable;
  memberships: MembershipsTable;
  apiKeys: ApiKeysTable;
  documents: DocumentsTable;
  chunks: ChunksTable;
  documentSearch: DocumentSearchTable;
  rechunks: RechunksTable;
  insights: InsightsTable;
  categories: CategoriesTable;
  insightCategories: InsightCategoriesTable;
  tags: TagsTable;
  tagTargets: TagTargetsTable;
  notes: NotesTable;
  memos: MemosTable;
  metadataFields: MetadataFieldsTable;
  metadataValues: MetadataValuesTable;
  creditLedger: CreditLedgerTable;
  idempotencyKeys: IdempotencyKeysTable;
  analyses: AnalysesTable;
  analysisVerdicts: AnalysisVerdictsTable;
  importedCodings: ImportedCodingsTable;
  listingChanges: ListingChangesTable;
  modelAnswers: ModelAnswersTable;
  textVectors: TextVectorsTable;
}

/** A text's vector from an embeddings model, by the hash of the text (migration 012). */
export interface TextVectorsTable {
  projectId: string;
  model: string;
  key: string;
  /** Little-endian float32, base64. */
  vector: string;
  createdAt: string;
}

/** A language model's answer, by the hash of its request (migration 011). */
export interface ModelAnswersTable {
  projectId: string;
  key: string;
  content: string;
  inputTokens: number;
  outputTokens: number;
  createdAt: string;
}

export type Row<T extends keyof Tables> = Selectable<Tables[T]>;
