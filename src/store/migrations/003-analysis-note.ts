import type { Kysely } from 'kysely';

/** A run's note: what it found to do, when that is worth saying (e.g. nothing new to analyse). */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analyses').addColumn('note', 'text').execute();
}
