import { sql, type Kysely } from 'kysely';

/**
 * Documents whose chunks predate turns (issue 44) are chunked again by the worker (rechunk.ts):
 * a transcript processed before migration 014 kept its chunks with the speakers' labels and time
 * stamps inside and two speakers in one chunk. One row per such document (`id`, the document's),
 * claimed with a lease as documents are, removed once its chunks are current. Marked: every ready
 * document none of whose chunks has a role, that is every one processed before turns were kept
 * (prose among them, whose chunks come out the same and are left as they are).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rechunks')
    .addColumn('id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await sql`insert into rechunks (id, attempts, created_at)
    select d.id, 0, ${now} from documents d
    where d.status = 'ready' and not exists (select 1 from chunks c where c.document_id = d.id and c.role is not null)`.execute(db);
}
