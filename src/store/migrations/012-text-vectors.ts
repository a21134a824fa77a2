import type { Kysely } from 'kysely';

/**
 * Issue 28: vectors of meaning from a provider's embeddings model (`SIFT_EMBEDDING_MODEL`), kept
 * by the model and the hash of the text (white space folded), so that each text is embedded once
 * per model: a model change finds no vectors under its name and computes them again. The vector
 * is little-endian float32, base64. Per project, removed with it by the worker's housekeeping.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('text_vectors')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('vector', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('text_vectors_pk', ['project_id', 'model', 'key'])
    .execute();
}
