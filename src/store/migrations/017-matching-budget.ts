import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL: search's full-text function (migrations 010, 014) first reads at most `p_budget`
 * of the project's chunks in order and keeps those that match; only where they hold fewer than
 * `p_limit` matches (and the project has more chunks than that) does it ask the GIN index. The
 * index builds the bitmap of every match before it answers the first: for a query of many
 * common words (a query's synonyms, 20 words held by a quarter of the chunks) that took 20-25 ms
 * at 30,000 chunks, where the first 60 matches lay within the first 250 chunks read (1 ms). A
 * rare query pays the budget's read (about 1 µs a chunk) before the index answers.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The first chunks by the project's b-tree index, read one by one (a bitmap would read them all).
  await sql`create function sift_chunks_first(p_project text, p_query tsquery, p_documents text[], p_limit integer, p_role text, p_budget integer)
    returns setof text
    language sql stable
    set enable_seqscan = off set enable_bitmapscan = off set search_path from current
    as $$ select s.id from (select c.id, c.search_tsv, c.document_id, c.role from chunks c where c.project_id = p_project limit p_budget) s
      where s.search_tsv @@ p_query and (p_documents is null or s.document_id = any(p_documents)) and (p_role is null or s.role = p_role)
      limit p_limit $$`.execute(db);
  await sql`create function sift_chunks_matching(p_project text, p_query tsquery, p_documents text[], p_limit integer, p_role text, p_budget integer)
    returns setof text
    language plpgsql stable
    set search_path from current
    as $$
    declare
      found text[];
    begin
      if p_budget > 0 then
        found := array(select sift_chunks_first(p_project, p_query, p_documents, p_limit, p_role, p_budget));
        if cardinality(found) >= p_limit or (select count(*) from (select 1 from chunks c where c.project_id = p_project limit p_budget) n) < p_budget then
          return query select unnest(found);
          return;
        end if;
      end if;
      return query select sift_chunks_matching(p_project, p_query, p_documents, p_limit, p_role);
    end $$`.execute(db);
}
