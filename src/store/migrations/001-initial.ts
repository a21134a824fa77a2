import type { CreateTableBuilder, Kysely } from 'kysely';

/** `created_at` and `updated_at`, which every editable resource has, in that order. */
const timestamps = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
  t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

/** The first schema: every resource of the specification. Portable DDL for SQLite and PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('onboarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('credit_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('plan', 'text')
    .addColumn('credit_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_partner_id', 'text', (c) => c.references('partners.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pipeline', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('created_by_partner_id', 'text', (c) => c.references('partners.id'))
    .addColumn('document_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('insight_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('memo_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('projects_account').on('projects').column('account_id').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pipeline', 'text', (c) => c.notNull())
    .addColumn('credit_cost', 'integer')
    .addColumn('word_count', 'integer')
    .addColumn('error', 'text')
    .addColumn('mime_type', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('blob_key', 'text')
    .addColumn('source_url', 'text')
    .addColumn('text', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .addUniqueConstraint('documents_counter', ['project_id', 'counter'])
    .execute();
  await db.schema.createIndex('documents_status').on('documents').columns(['status', 'lease_expires_at']).execute();

  await db.schema
    .createTable('chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('speaker', 'text')
    .addColumn('start_offset', 'integer', (c) => c.notNull())
    .addColumn('end_offset', 'integer', (c) => c.notNull())
    .addUniqueConstraint('chunks_idx', ['document_id', 'idx'])
    .execute();
  await db.schema.createIndex('chunks_project').on('chunks').column('project_id').execute();

  await db.schema
    .createTable('analyses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('analyses_project').on('analyses').column('project_id').execute();

  await db.schema
    .createTable('analysis_verdicts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('analysis_id', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analysis_verdicts_pk', ['project_id', 'family', 'document_id'])
    .execute();

  await db.schema
    .createTable('insights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quotes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('analysis_id', 'text')
    .$call(timestamps)
    .addUniqueConstraint('insights_counter', ['project_id', 'counter'])
    .execute();
  await db.schema.createIndex('insights_document').on('insights').column('document_id').execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('short_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'text', (c) => c.references('categories.id'))
    .addColumn('analysis_id', 'text')
    .$call(timestamps)
    .addUniqueConstraint('categories_short', ['project_id', 'short_id'])
    .execute();

  await db.schema
    .createTable('insight_categories')
    .addColumn('insight_id', 'text', (c) => c.notNull().references('insights.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_categories_pk', ['insight_id', 'category_id'])
    .execute();
  await db.schema.createIndex('insight_categories_category').on('insight_categories').column('category_id').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('short_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text')
    .$call(timestamps)
    .addUniqueConstraint('tags_short', ['project_id', 'short_id'])
    .execute();

  await db.schema
    .createTable('tag_targets')
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_targets_pk', ['tag_id', 'target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('tag_targets_target').on('tag_targets').columns(['target_type', 'target_id']).execute();

  await db.schema
    .createTable('notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notes_counter', ['project_id', 'counter'])
    .execute();

  await db.schema
    .createTable('memos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('field_id', 'text')
    .addColumn('field_value', 'text')
    .addColumn('analysis_id', 'text')
    .$call(timestamps)
    .addUniqueConstraint('memos_counter', ['project_id', 'counter'])
    .execute();

  await db.schema
    .createTable('metadata_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('short_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'text', (c) => c.references('metadata_fields.id'))
    .addColumn('value_type', 'text')
    .addColumn('allowed_values', 'text')
    .addColumn('answer_set_open', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .addUniqueConstraint('metadata_fields_short', ['project_id', 'short_id'])
    .execute();

  await db.schema
    .createTable('metadata_values')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('field_id', 'text', (c) => c.notNull().references('metadata_fields.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text')
    .addColumn('value', 'text')
    .addColumn('refused_text', 'text')
    .addColumn('refused_short_name', 'text')
    .$call(timestamps)
    .addUniqueConstraint('metadata_values_doc_field', ['document_id', 'field_id'])
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('partner_id', 'text', (c) => c.references('partners.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('document_ids', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_account').on('credit_ledger').column('account_id').execute();
  await db.schema.createIndex('credit_ledger_partner').on('credit_ledger').column('partner_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
}
