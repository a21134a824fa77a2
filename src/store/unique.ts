import type { ErrorCode } from '../domain/errors.js';

/** Whether a store error is a unique constraint refusing a row (PostgreSQL's 23505, SQLite's UNIQUE constraint). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string } | null;
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e.message ?? ''));
};

/**
 * Every unique constraint and unique index of the schema (src/store/migrations), by its
 * PostgreSQL name, with the words SQLite's message names it by instead ("UNIQUE constraint
 * failed: users.email"): its columns, or the index's name for an index on an expression.
 * test/store/unique.test.ts checks the list against both stores' catalogues.
 */
const SQLITE_WORDS: Record<string, string> = {
  users_pkey: 'users.id',
  users_email_key: 'users.email',
  partners_pkey: 'partners.id',
  partners_secret_hash_key: 'partners.secret_hash',
  accounts_pkey: 'accounts.id',
  accounts_partner_owner: 'accounts.created_by_partner_id, accounts.owner_user_id',
  projects_pkey: 'projects.id',
  projects_short_id_key: 'projects.short_id',
  memberships_pk: 'memberships.project_id, memberships.user_id',
  api_keys_pkey: 'api_keys.id',
  api_keys_hash_key: 'api_keys.hash',
  documents_pkey: 'documents.id',
  documents_counter: 'documents.project_id, documents.counter',
  chunks_pkey: 'chunks.id',
  chunks_idx: 'chunks.document_id, chunks.idx',
  analyses_pkey: 'analyses.id',
  analysis_verdicts_pk: 'analysis_verdicts.project_id, analysis_verdicts.family, analysis_verdicts.document_id',
  insights_pkey: 'insights.id',
  insights_counter: 'insights.project_id, insights.counter',
  categories_pkey: 'categories.id',
  categories_short: 'categories.project_id, categories.short_id',
  insight_categories_pk: 'insight_categories.insight_id, insight_categories.category_id',
  tags_pkey: 'tags.id',
  tags_short: 'tags.project_id, tags.short_id',
  tags_project_name: "index 'tags_project_name'",
  tag_targets_pk: 'tag_targets.tag_id, tag_targets.target_type, tag_targets.target_id',
  notes_pkey: 'notes.id',
  notes_counter: 'notes.project_id, notes.counter',
  memos_pkey: 'memos.id',
  memos_counter: 'memos.project_id, memos.counter',
  metadata_fields_pkey: 'metadata_fields.id',
  metadata_fields_short: 'metadata_fields.project_id, metadata_fields.short_id',
  metadata_values_pkey: 'metadata_values.id',
  metadata_values_doc_field: 'metadata_values.document_id, metadata_values.field_id',
  credit_ledger_pkey: 'credit_ledger.id',
  idempotency_keys_pk: 'idempotency_keys.scope, idempotency_keys.key',
  outbox_pkey: 'outbox.id',
  imported_codings_pkey: 'imported_codings.document_id',
  listing_changes_pkey: 'listing_changes.id',
  document_search_pkey: 'document_search.document_id',
  rechunks_pkey: 'rechunks.id',
  model_answers_pk: 'model_answers.project_id, model_answers.key',
  text_vectors_pk: 'text_vectors.project_id, text_vectors.model, text_vectors.key',
};
const NAME_OF_SQLITE_WORDS = new Map(Object.entries(SQLITE_WORDS).map(([name, words]) => [words, name]));

/** The schema's unique constraints by their PostgreSQL names (for the test that keeps the list whole). */
export const UNIQUE_CONSTRAINT_NAMES: readonly string[] = Object.keys(SQLITE_WORDS);

/**
 * The unique constraint a store error broke, by its PostgreSQL name on both stores (PostgreSQL
 * says it in `constraint`, SQLite only in its message); SQLite's own words for one the list
 * lacks; null when the store did not say; undefined when the error is no unique violation.
 */
export function uniqueConstraintOf(err: unknown): string | null | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { constraint?: unknown; message?: string; cause?: unknown };
  // A layer that wraps the store's error keeps it as the cause.
  if (!isUniqueViolation(err)) return e.cause !== undefined && e.cause !== err ? uniqueConstraintOf(e.cause) : undefined;
  if (typeof e.constraint === 'string') return e.constraint;
  const words = /UNIQUE constraint failed: (.+)$/i.exec(e.message ?? '')?.[1]?.trim();
  return words === undefined ? null : (NAME_OF_SQLITE_WORDS.get(words) ?? words);
}

/**
 * The unique rules a request can break in a race its own check cannot see (both requests pass
 * the check, the second insert is refused), each answered with its own 409 code. The others are
 * out of a request's reach: ids and hashes are random (UUIDs, 240-bit secrets), short ids derive
 * from the UUID, counters are taken under the project row's lock, memberships, metadata values and
 * tag targets are written as upserts, and `create_account`'s partner rule and idempotency keys
 * are caught where they are written (the loser answers as the winner did). One of them reached
 * all the same is answered 409 `already_exists` and logged with its constraint (errors.ts).
 */
const CONFLICTS: Record<string, { code: ErrorCode; message: string }> = {
  users_email_key: { code: 'email_taken', message: 'a user with this e-mail already exists: a concurrent request created it first' },
  tags_project_name: { code: 'tag_exists', message: 'a tag with this name already exists in the project: a concurrent request created it first' },
};

/** How a unique violation is answered: its constraint's own code, or `already_exists` (then `mapped` is false). */
export function uniqueConflict(err: unknown): { constraint: string | null; code: ErrorCode; message: string; mapped: boolean } | null {
  const constraint = uniqueConstraintOf(err);
  if (constraint === undefined) return null;
  const known = constraint === null ? undefined : CONFLICTS[constraint];
  if (known) return { constraint, ...known, mapped: true };
  return { constraint, code: 'already_exists', message: 'it already exists: a concurrent request created it first', mapped: false };
}
