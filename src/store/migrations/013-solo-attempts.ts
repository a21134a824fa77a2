import type { Kysely } from 'kysely';

/**
 * Documents and analyses count the attempts made at them alone in their process: an item in
 * flight when its process died is tried again alone, and fails only when it stopped its process
 * that way (worker/solo.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('solo_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('analyses')
    .addColumn('solo_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
