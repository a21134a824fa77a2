import { sql, type Kysely } from 'kysely';

/**
 * French and Italian words read without their elided article or pronoun ("l'application" as
 * "application", engine/text `tokenize`): the search terms stored for documents of such projects
 * hold the older forms ("l'appliqu"), which today's queries no longer ask for. Each ready document
 * of a project in French or Italian is marked for the re-chunk job (migration 015,
 * worker/rechunk.ts) with `reindex`, which writes its chunks' terms again even where the chunks
 * themselves come out the same.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rechunks')
    .addColumn('reindex', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const elided = sql`select d.id from documents d join projects p on p.id = d.project_id
    where d.status = 'ready' and (p.locale like 'fr%' or p.locale like 'it%')`;
  await sql`update rechunks set reindex = 1 where id in (${elided})`.execute(db);
  await sql`insert into rechunks (id, attempts, created_at, reindex)
    select e.id, 0, ${new Date().toISOString()}, 1 from (${elided}) e
    where not exists (select 1 from rechunks r where r.id = e.id)`.execute(db);
}
