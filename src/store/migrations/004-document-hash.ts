import type { Kysely } from 'kysely';

/** Documents remember a hash of their bytes, and the earlier document of the project they repeat. */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('content_hash', 'text').execute();
  await db.schema.alterTable('documents').addColumn('duplicate_of', 'text').execute();
  await db.schema.createIndex('documents_content_hash').on('documents').columns(['project_id', 'content_hash']).execute();
}
