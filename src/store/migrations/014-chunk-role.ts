import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A chunk's role (issue 44): a transcript's chunk is one speaker's turn, and says whether the
 * speaker interviews or participates (`interviewer`, `participant`); null for prose, a
 * transcript's header and chunks written before it was kept. On PostgreSQL, search's full-text
 * function (migration 010) gains a form that keeps one role's chunks alone (`participantsOnly`),
 * planned on the GIN index as the first is.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chunks').addColumn('role', 'text').execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function sift_chunks_matching(p_project text, p_query tsquery, p_documents text[], p_limit integer, p_role text) returns setof text
    language sql stable
    set enable_seqscan = off set enable_indexscan = off set search_path from current
    as $$ select id from chunks where project_id = p_project and search_tsv @@ p_query
      and (p_documents is null or document_id = any(p_documents)) and (p_role is null or role = p_role) limit p_limit $$`.execute(db);
}
