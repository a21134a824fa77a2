/**
 * The shapes of the API's answers the console reads (requests are typed by the schemas in
 * src/schema; answers are written down here, member for member as the domain answers them).
 */

export type SessionInfo =
  | { kind: 'none' }
  | { kind: 'operator' }
  | { kind: 'account'; user: { id: string; email: string | null; name: string | null }; account: { id: string; name: string | null } };

export type Role = 'owner' | 'admin' | 'member' | 'viewer';

export interface ProjectSummary {
  id: string;
  shortId: string;
  accountId: string;
  name: string;
  locale: string;
  description: string;
  pipeline: 'standard' | 'anonymized';
  createdAt: string;
  updatedAt: string;
  role: Role;
}

export type DocumentStatus = 'pending' | 'awaiting_confirmation' | 'empty' | 'processing' | 'ready' | 'failed';

/** A document as the account surface answers it (raw UUID). */
export interface AccountDocument {
  id: string;
  filename: string;
  status: DocumentStatus;
  pipeline: string;
  creditCost: number | null;
  error?: string;
  duplicateOf?: string;
  createdAt: string;
}

export type RunStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface AnalysisRun {
  id: string;
  type: 'automatic' | 'predefined' | 'summaries' | 'metadata_summaries';
  status: RunStatus;
  error?: string;
  note?: string;
  coverage: { analysed: number; skipped: number; failed: number; pending: number };
  progress: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface ProjectStatus {
  projectId: string;
  pendingExtractionCount: number;
  emptyDocumentIds: string[];
  confirmableCreditCost: number;
  confirmableBatches: { pipeline: string; documentIds: string[]; creditCost: number }[];
  documents: AccountDocument[];
  analyses: AnalysisRun[];
  creditBalance: number;
}

export interface Label {
  id: string;
  text: string;
}

export interface TagLabel extends Label {
  color?: string | null;
}

export interface Insight {
  id: string;
  text: string;
  description: string;
  quotes: string[];
  documentId: string | null;
  categories: Label[];
  tags: TagLabel[];
  createdAt: string;
  updatedAt: string;
}

export interface Category {
  id: string;
  text: string;
  description: string;
  parentId: string | null;
  insightCount: number;
  tags: TagLabel[];
  children: Category[];
}

export interface MetadataValueOnDocument {
  fieldId: string;
  field: string;
  text: string;
  shortName: string | null;
  value: unknown;
  refused: { text: string | null; shortName: string | null } | null;
}

/** A document as the read surface answers it (short id `D…`). */
export interface ReadDocument {
  id: string;
  filename: string;
  status: DocumentStatus;
  creditCost: number | null;
  wordCount: number | null;
  error: string | null;
  tags: TagLabel[];
  metadata: MetadataValueOnDocument[];
}

export interface Chunk {
  index: number;
  text: string;
  speaker: string | null;
}

export interface DocumentPage {
  document: { id: string; filename: string; status: DocumentStatus };
  chunks: Chunk[];
  totalChunks: number;
  offset: number;
  nextOffset: number | null;
}

export type SearchResult =
  | { type: 'chunk'; id: string; documentId: string; chunkIndex: number; speaker: string | null; text: string; score: number }
  | { type: 'insight'; id: string; documentId: string | null; text: string; score: number };

export interface Tag {
  id: string;
  text: string;
  description: string;
  color: string | null;
  documentIds: string[];
  insightIds: string[];
  categoryIds: string[];
}

export interface Note {
  id: string;
  targetType: 'document' | 'documentInsight' | 'insightCategory';
  targetId: string | null;
  text: string;
  createdAt: string;
}

export interface Memo {
  id: string;
  kind: string;
  title: string;
  text: string;
  documentId: string | null;
  fieldId: string | null;
  value: string | null;
  createdAt: string;
}

export interface MetadataField {
  id: string;
  text: string;
  shortName: string;
  description: string;
  parentId: string | null;
  valueType: string | null;
  allowedValues: string[] | null;
  answerSetOpen: boolean;
}

export interface ProjectKey {
  id: string;
  access: 'read' | 'edit';
  projectId: string;
  userId: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface LedgerEntry {
  id: string;
  amount: number;
  kind: 'grant' | 'charge';
  reason: string;
  projectId: string | null;
  documentIds: string[] | null;
  createdAt: string;
}

export interface Credits {
  accountId: string;
  creditBalance: number;
  ledger: LedgerEntry[];
  total: number;
  offset: number;
  nextOffset: number | null;
}
