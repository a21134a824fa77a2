import type { Kysely } from 'kysely';

/** A run's note: what it found to do, when that is worth saying (e.g. nothing new to analyse). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analyses').addColumn('note', 'text').execute();
}
