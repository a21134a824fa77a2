import type { Kysely } from 'kysely';

/**
 * Issue 28: a language model's answers, kept by the hash of their request (with the project they
 * were asked for), so that a re-run, or a run resumed after its worker was killed, does not pay
 * for them again; and each run's model usage (calls, tokens, the ceiling), shown in its status.
 * The worker's housekeeping removes answers over 30 days old and those of deleted projects.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('model_answers')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull())
    .addColumn('output_tokens', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_answers_pk', ['project_id', 'key'])
    .execute();
  await db.schema.createIndex('model_answers_created').on('model_answers').column('created_at').execute();
  await db.schema.alterTable('analyses').addColumn('model_usage', 'text').execute();
}
