import type { Kysely } from 'kysely';

/**
 * What search ranks a chunk by, computed once when the chunk is written (its terms, its vector
 * of meaning, and the locale they were read in), so that a process searching a project for the
 * first time loads them instead of analysing every chunk's text again. Chunks written before
 * this migration have none and are analysed at search time, as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chunks').addColumn('search_terms', 'text').execute();
  await db.schema.alterTable('chunks').addColumn('search_meaning', 'text').execute();
  await db.schema.alterTable('chunks').addColumn('search_locale', 'text').execute();
}
