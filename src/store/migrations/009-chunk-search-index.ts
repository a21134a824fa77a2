import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Search ranks chunks inside the store (issue 27): a full-text index over the terms each chunk
 * was read into when it was written (`search_terms`, already stemmed, so the index only splits
 * on spaces and folds case; a project id, hyphens kept, is one token). On SQLite an FTS5 table
 * over the chunks' own rows (external content, kept by triggers), its first column the project,
 * so that a query is confined to one project inside the index; on PostgreSQL a generated
 * `tsvector` with a GIN index (over the project and the terms, where btree_gin can be had). Beside it, `document_search`: one row per ready document with
 * its chunks' vectors of meaning in compact form and their term counts, which a process loads
 * in one pass per document instead of a row per chunk.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('document_search')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('chunk_ids', 'text', (c) => c.notNull())
    .addColumn('term_counts', 'text', (c) => c.notNull())
    .addColumn('vectors', postgres ? 'bytea' : 'blob')
    .execute();
  await db.schema.createIndex('document_search_project').on('document_search').column('project_id').execute();
  if (postgres) {
    await sql`alter table chunks add column search_tsv tsvector generated always as (to_tsvector('simple', coalesce(search_terms, ''))) stored`.execute(db);
    // With btree_gin the index holds the project too, so that one index scan finds a project's matches: without it,
    // PostgreSQL's planner, given a LIMIT, read every row of a project of 100,000 chunks to find none of a rare word.
    const columns = (await withBtreeGin(db)) ? 'project_id, search_tsv' : 'search_tsv';
    await sql`create index chunks_search_tsv on chunks using gin (${sql.raw(columns)})`.execute(db);
    return;
  }
  await sql`create virtual table chunk_terms using fts5(project_id, search_terms, content='chunks', content_rowid='rowid', tokenize="unicode61 remove_diacritics 0 tokenchars '-'")`.execute(
    db,
  );
  await sql`create trigger chunks_terms_insert after insert on chunks begin
    insert into chunk_terms (rowid, project_id, search_terms) values (new.rowid, new.project_id, new.search_terms);
  end`.execute(db);
  await sql`create trigger chunks_terms_delete after delete on chunks begin
    insert into chunk_terms (chunk_terms, rowid, project_id, search_terms) values ('delete', old.rowid, old.project_id, old.search_terms);
  end`.execute(db);
  await sql`create trigger chunks_terms_update after update of project_id, search_terms on chunks begin
    insert into chunk_terms (chunk_terms, rowid, project_id, search_terms) values ('delete', old.rowid, old.project_id, old.search_terms);
    insert into chunk_terms (rowid, project_id, search_terms) values (new.rowid, new.project_id, new.search_terms);
  end`.execute(db);
  await sql`insert into chunk_terms (chunk_terms) values ('rebuild')`.execute(db);
}

/**
 * Installs PostgreSQL's btree_gin extension (shipped with the server, trusted since PostgreSQL
 * 13) in `public`, where every schema's indexes find its operator classes; false where the
 * role may not, and search keeps a GIN index over the terms alone. Kysely runs a migration in a
 * transaction, so a refusal is rolled back to a savepoint.
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
async function withBtreeGin(db: Kysely<any>): Promise<boolean> {
  await sql`savepoint sift_btree_gin`.execute(db);
  try {
    await sql`create extension if not exists btree_gin schema public`.execute(db);
    await sql`release savepoint sift_btree_gin`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint sift_btree_gin`.execute(db);
    return false;
  }
}
