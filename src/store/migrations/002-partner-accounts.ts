import type { Kysely } from 'kysely';

/** One team account per (partner, end user), so that `create_account` stays idempotent under concurrency; and the invitation outbox. */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('accounts_partner_owner').unique().on('accounts').columns(['created_by_partner_id', 'owner_user_id']).execute();
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('partner_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .execute();
}
