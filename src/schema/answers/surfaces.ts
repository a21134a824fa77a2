import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../common.js';
import type { readActions } from '../read.js';
import type { writeActions } from '../write.js';
import type { accountActions, projectDocumentActions } from '../account.js';
import type { partnerActions } from '../partner.js';
import type { adminActions } from '../admin.js';
import {
  Analysis,
  AnalysisRef,
  CategoryRef,
  Closed,
  Confirmation,
  Count,
  Coverage,
  Document,
  DOCUMENT_STATUSES,
  DocumentBrief,
  Insight,
  LedgerLine,
  Memo,
  MetadataField,
  MetadataValue,
  Note,
  Nullable,
  PartnerAccount,
  Project,
  ProjectFull,
  ProjectKey,
  ProjectStatus,
  ProjectWithRole,
  ROLES,
  Tag,
  User,
} from './records.js';
import { CompareCodingsAnswer } from './agreement.js';
import { GetMatrixAnswer } from './matrix.js';
import { CodebookStarted } from '../codebook.js';

/** One answer schema per action: the compiler refuses a surface with an action left out. */
type AnswerMap<M> = { [K in keyof M]: TSchema };

const Ids = (description: string) => Type.Array(Type.String(), { description });
const Started = Closed({
  analysis: AnalysisRef,
  cleared: Type.Optional(Type.Integer({ minimum: 0, description: 'with `reconsiderSkipped`: skipped and failed verdicts cleared' })),
  coverage: Type.Optional(Coverage),
});
const Deleted = Closed({ deleted: Ids('ids of what was deleted') });

/** The project-document actions the account and partner surfaces share answer alike. */
export const projectDocumentAnswers = {
  get_project_status: ProjectStatus,
  confirm_documents: Confirmation,
  delete_documents: Deleted,
  start_analysis: Started,
  rename_analysis: Closed({ analysis: Analysis }),
  delete_analysis: Closed({
    deleted: Ids('the run'),
    categoryIds: Ids('its categories, deleted'),
    insightIds: Ids('its insights, deleted'),
  }),
  compare_codings: CompareCodingsAnswer,
  get_matrix: GetMatrixAnswer,
  use_as_codebook: CodebookStarted,
} satisfies AnswerMap<typeof projectDocumentActions>;

/** A passage's speaker and role (issue 44): a transcript's chunk is one speaker's words; prose and a transcript's header have neither. */
const Speaker = Nullable(
  Type.String({
    description: "who speaks in the passage (a transcript's label as written, `Speaker 2`, `Q`, a name); null for prose and a transcript's header",
  }),
);
const SpeakerRole = Nullable(
  StringEnum(['interviewer', 'participant'] as const, {
    description:
      "the speaker's role in the transcript, as sift reads it; null for prose, a transcript's header and passages of documents processed before roles were kept",
  }),
);

export const readAnswers = {
  get_project: Closed({ project: Project, analyses: Type.Array(AnalysisRef, { description: "the project's runs, newest first" }) }),
  get_documents: Closed({
    document: Type.Optional(Document),
    documents: Type.Optional(Type.Array(Document)),
  }),
  get_insights: Closed({ insight: Type.Optional(Insight), insights: Type.Optional(Type.Array(Insight)) }),
  get_categories: Closed({ category: Type.Optional(CategoryRef), categories: Type.Optional(Type.Array(CategoryRef)) }),
  get_memos: Closed({ memo: Type.Optional(Memo), memos: Type.Optional(Type.Array(Memo)) }),
  get_tags: Closed({ tags: Type.Array(Tag) }),
  get_notes: Closed({ notes: Type.Array(Note) }),
  get_metadata: Closed({ fields: Type.Array(MetadataField), values: Type.Array(MetadataValue) }),
  search: Closed({
    results: Type.Array(
      Closed({
        type: StringEnum(['chunk', 'insight'] as const),
        id: Type.String({ description: '`D<n>:<chunk>` for a passage, the insight id for an insight' }),
        documentId: Nullable(Type.String()),
        analysisId: Type.Optional(
          Nullable(Type.String({ description: 'an insight result: the run that made it (its UUID), null when made by hand; absent on a passage' })),
        ),
        chunkIndex: Type.Optional(Count),
        speaker: Type.Optional(Speaker),
        role: Type.Optional(SpeakerRole),
        text: Type.String({ description: "a passage: the words alone (a transcript's turn without its label or time stamp); an insight: its statement" }),
        score: Type.Number({
          minimum: 0,
          maximum: 1,
          description:
            'How closely the result matches, comparable across queries of one project: 1 when it holds every term of the query (rarer terms weighing more) or matches its meaning as closely as a passage can; results come best first',
        }),
        matchedBy: StringEnum(['words', 'meaning', 'both'] as const, {
          description: '`words`: it holds terms of the query; `meaning`: a synonym, a word close in meaning, or the meaning of the whole text; `both`',
        }),
        snippet: Closed(
          {
            text: Type.String({ description: 'about 200 characters of `text` around the matched words, `…` where text is left out' }),
            highlights: Type.Array(Closed({ start: Count, end: Count }), {
              description: 'where the matched words stand in the snippet (UTF-16 offsets, end exclusive)',
            }),
          },
          { description: 'The part of the text that matched, its matched words marked' },
        ),
      }),
    ),
    total: Type.Integer({
      minimum: 0,
      description: 'how many results match, at most 1,000 (the best 1,000), all of which a client can page through with `offset`',
    }),
    offset: Count,
    topK: Count,
  }),
  read_document: Closed({
    document: Closed({ id: Type.String(), filename: Type.String(), status: Type.String() }),
    chunks: Type.Array(Closed({ index: Count, text: Type.String(), speaker: Speaker, role: SpeakerRole })),
    totalChunks: Count,
    offset: Count,
    nextOffset: Nullable(Count),
  }),
  find_entities: Closed({
    entities: Type.Optional(
      Type.Array(
        Closed({
          text: Type.String(),
          type: StringEnum(['person', 'organization', 'place', 'date', 'other'] as const),
          count: Count,
          documentIds: Ids('documents mentioning it'),
        }),
      ),
    ),
    entity: Type.Optional(Type.String()),
    mentions: Type.Optional(Type.Array(Closed({ documentId: Type.String(), chunkIndex: Count, snippet: Type.String() }))),
    count: Type.Optional(Count),
  }),
  analyze: Closed({
    type: StringEnum(['metadata_distribution', 'temporal'] as const),
    granularity: Type.Optional(Type.String({ description: '`temporal`: the period (`month`)' })),
    rows: Type.Array(
      Closed({
        categoryId: Type.String(),
        category: Type.String(),
        fieldId: Type.Optional(Type.String()),
        field: Type.Optional(Type.String()),
        value: Type.Optional(Type.String()),
        period: Type.Optional(Type.String()),
        count: Count,
      }),
    ),
  }),
  compare_codings: CompareCodingsAnswer,
  get_matrix: GetMatrixAnswer,
  verify_context: Closed({
    type: StringEnum(['documents', 'insights', 'all'] as const),
    from: Type.Integer(),
    to: Type.Integer(),
    documents: Type.Optional(Type.Array(Closed({ id: Type.String(), filename: Type.String(), status: Type.String(), head: Type.String() }))),
    documentRange: Type.Optional(Closed({ from: Type.Integer(), to: Type.Integer(), truncated: Type.Boolean() })),
    insights: Type.Optional(Type.Array(Closed({ id: Type.String(), head: Type.String(), documentId: Nullable(Type.String()) }))),
    insightRange: Type.Optional(Closed({ from: Type.Integer(), to: Type.Integer(), truncated: Type.Boolean() })),
  }),
} satisfies AnswerMap<typeof readActions>;

export const writeAnswers = {
  manage_insights: Closed({ insight: Type.Optional(Insight), deleted: Type.Optional(Ids('deleted insights')) }),
  manage_categories: Closed({
    category: Type.Optional(CategoryRef),
    deleted: Type.Optional(Ids('deleted categories')),
    merged: Type.Optional(Ids('categories merged into `category`')),
  }),
  categorize_insights: Closed({ insights: Type.Array(Insight) }),
  manage_tags: Closed({ tag: Type.Optional(Tag), deleted: Type.Optional(Ids('deleted tags')) }),
  create_note: Closed({ note: Note }),
  manage_metadata_fields: Closed({ field: Type.Optional(MetadataField), deleted: Type.Optional(Ids('deleted fields')) }),
  set_metadata_values: Closed({
    values: Type.Array(MetadataValue),
    refused: Type.Array(Closed({ fieldId: Type.String(), text: Type.Optional(Type.String()), shortName: Type.Optional(Type.String()) }), {
      description: 'values a closed answer set did not accept',
    }),
  }),
  start_analysis: Started,
  start_predefined_analysis: Started,
} satisfies AnswerMap<typeof writeActions>;

export const accountAnswers = {
  create_project: Closed({ project: ProjectFull }),
  ...projectDocumentAnswers,
  list_projects: Closed({ accountId: Type.String(), projects: Type.Array(ProjectWithRole) }),
  create_project_key: Closed({ key: ProjectKey, secret: Type.String({ description: 'the key itself, shown once' }) }),
  list_project_keys: Closed({ keys: Type.Array(ProjectKey) }),
  revoke_project_key: Closed({ key: ProjectKey }),
  get_credits: Closed({
    accountId: Type.String(),
    creditBalance: Type.Integer(),
    ledger: Type.Array(LedgerLine, { description: 'newest first' }),
    total: Count,
    offset: Count,
    nextOffset: Nullable(Count),
  }),
} satisfies AnswerMap<typeof accountActions>;

export const partnerAnswers = {
  create_account: Closed({ account: PartnerAccount, created: Type.Boolean({ description: 'false when the account already existed' }) }),
  list_accounts: Closed({ accounts: Type.Array(PartnerAccount) }),
  list_projects: Closed({ projects: Type.Array(ProjectFull) }),
  create_project: Closed({ project: ProjectFull, documents: Type.Array(DocumentBrief) }),
  add_documents: Closed({ documents: Type.Array(DocumentBrief) }),
  ...projectDocumentAnswers,
} satisfies AnswerMap<typeof partnerActions>;

export const adminAnswers = {
  create_user: Closed({ user: User }),
  create_account: Closed({ account: Closed({ id: Type.String(), name: Type.String(), ownerUserId: Type.String(), creditBalance: Type.Integer() }) }),
  create_project: Closed({ project: ProjectFull }),
  add_member: Closed({ membership: Closed({ projectId: Type.String(), userId: Type.String(), role: StringEnum(ROLES) }) }),
  create_project_key: Closed({ key: Type.String({ description: 'the key itself, shown once' }) }),
  create_account_key: Closed({ key: Type.String({ description: 'the key itself, shown once' }) }),
  revoke_key: Closed({ revoked: Type.Boolean() }),
  create_partner: Closed({ partner: Closed({ id: Type.String(), name: Type.String() }), secret: Type.String({ description: 'shown once' }) }),
  grant_credits: Closed({ creditBalance: Type.Integer() }),
  get_credits: Closed({ creditBalance: Type.Integer(), ledger: Type.Array(LedgerLine) }),
  set_project_pipeline: Closed({ project: ProjectFull }),
} satisfies AnswerMap<typeof adminActions>;

export const ANSWERS = {
  read: readAnswers,
  write: writeAnswers,
  account: accountAnswers,
  partner: partnerAnswers,
  admin: adminAnswers,
} as const;

/** The account and partner upload paths' answer. */
export const UploadAnswer = Closed({ documents: Type.Array(DocumentBrief, { description: 'the documents created, `pending`' }) }, { title: 'UploadAnswer' });

/** The deprecated write-surface upload keeps its original, shorter records. */
export const WriteUploadAnswer = Closed(
  {
    documents: Type.Array(Closed({ id: Type.String(), filename: Type.String(), status: StringEnum(DOCUMENT_STATUSES), createdAt: Type.String() }), {
      description: 'the documents created, `pending`',
    }),
  },
  { title: 'WriteUploadAnswer' },
);

export const ImportAnswer = Closed(
  {
    project: ProjectFull,
    documents: Type.Array(DocumentBrief, { description: 'its documents, `pending` until priced and confirmed' }),
    categories: Type.Integer({ minimum: 0, description: 'codes read' }),
    codings: Type.Integer({ minimum: 0, description: 'codings read (they become insights as their documents become ready)' }),
    skipped: Type.Array(Type.String(), { description: 'what was not imported, and why' }),
  },
  { title: 'ImportAnswer' },
);
