import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL: the full-text query of search (store/chunk-terms.ts) as a function that plans its
 * query on the GIN index whatever the planner estimates. Given a LIMIT and a query of many
 * words it cannot estimate, the planner chose to read a project's rows in order (0.4-0.6 s to find
 * none at 100,000 chunks); the settings were set per query in a transaction of its own, three
 * round trips more than the query, which a function's own settings spare.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function sift_chunks_matching(p_project text, p_query tsquery, p_documents text[], p_limit integer) returns setof text
    language sql stable
    set enable_seqscan = off set enable_indexscan = off set search_path from current
    as $$ select id from chunks where project_id = p_project and search_tsv @@ p_query
      and (p_documents is null or document_id = any(p_documents)) limit p_limit $$`.execute(db);
}
