import { sql, type RawBuilder } from 'kysely';
import type { Store } from './store.js';
import { inBatches } from './in-batches.js';
import { decodeAnalysed, type Analysed } from '../engine/search/analysed.js';

/**
 * Full-text queries over the chunks' search terms (migration 009): SQLite's FTS5 table
 * `chunk_terms`, PostgreSQL's `chunks.search_tsv` under a GIN index. The terms are the engine's
 * stems, so both indexes only split them and fold case; a query names stems the same way. Only
 * chunks of `ready` documents exist (a document's chunks are written in the transaction that
 * makes it ready), so no query joins the documents.
 */

/** A set of chunks by their terms: holding every stem of at least one group, and none of `without`. */
export interface TermQuery {
  groups: string[][];
  without?: string[];
  /** Only chunks of these documents (null: the whole project). */
  documentIds?: ReadonlySet<string> | null;
  /** Only chunks of this role (a transcript's participants' turns, issue 44); any role when absent. */
  role?: 'participant' | null;
  /** The share of the project's chunks expected to match, where the caller knows it (PostgreSQL then reads the first chunks in order before asking its index: migration 017). */
  share?: number;
}

/** A term the indexes can look up: one holding a letter or a digit (others would parse to nothing). */
const searchable = (t: string) => /[\p{L}\p{N}]/u.test(t);

const clean = (q: TermQuery): TermQuery | null => {
  const groups = q.groups.map((g) => g.filter(searchable)).filter((g) => g.length > 0);
  return groups.length === 0 ? null : { ...q, groups, without: (q.without ?? []).filter(searchable) };
};

const quoted = (t: string) => `"${t.replaceAll('"', '""')}"`;

/** An FTS5 query: the project's token and the groups, less `without`. */
function ftsQuery(projectId: string, q: TermQuery): string {
  const any = q.groups.map((g) => `(${g.map(quoted).join(' AND ')})`).join(' OR ');
  const base = `(project_id : ${quoted(projectId)} AND search_terms : (${any}))`;
  return q.without && q.without.length > 0 ? `${base} NOT search_terms : (${q.without.map(quoted).join(' OR ')})` : base;
}

/** A PostgreSQL tsquery built from parameters (each stem parsed as `phraseto_tsquery` parses a document's). */
function tsQuery(q: TermQuery): RawBuilder<unknown> {
  const term = (t: string) => sql`phraseto_tsquery('simple', ${t})`;
  const and = (g: string[]) => sql`(${sql.join(g.map(term), sql` && `)})`;
  const any = sql`(${sql.join(q.groups.map(and), sql` || `)})`;
  return q.without && q.without.length > 0 ? sql`(${any} && !!(${sql.join(q.without.map(term), sql` || `)}))` : any;
}

/** The most chunks PostgreSQL reads in order before it asks the GIN index (about 3 ms). */
const MAX_BUDGET = 2400;

/**
 * How many of the project's chunks PostgreSQL reads in order before it asks the GIN index
 * (migration 017): twice what should hold `limit` matches at the expected share, where that is
 * within MAX_BUDGET; otherwise none (the index at once), as where the share is unknown or only
 * some documents are searched (their chunks are not the first in order).
 */
function budgetFor(q: TermQuery, limit: number): number {
  if (!q.share || q.documentIds) return 0;
  const needed = Math.ceil((2 * limit) / q.share);
  return needed <= MAX_BUDGET ? needed : 0;
}

/**
 * The ids of the project's chunks that match (of some documents only, where given), up to
 * `limit`, in no particular order. On PostgreSQL the query runs on the GIN index whatever the
 * planner estimates (migration 010's function): given a LIMIT and a query of many words it cannot
 * estimate, it chose to read the project's rows in order (0.4-0.6 s to find none at 100,000
 * chunks), where the index answers in milliseconds; at worst the index costs a common word 35 ms
 * where reading would have 22. Where the caller expects dense matches (`share`), the function
 * reads a budget of the project's first chunks before the index (migration 017).
 */
function matching(store: Store, projectId: string, q: TermQuery, documentIds: string[] | null, limit: number): RawBuilder<{ id: string }> {
  if (store.kind === 'sqlite')
    return sql<{ id: string }>`select chunks.id as id from chunk_terms join chunks on chunks.rowid = chunk_terms.rowid
      where chunk_terms match ${ftsQuery(projectId, q)} ${documentIds ? sql`and chunks.document_id in (${sql.join(documentIds)})` : sql``}
      ${q.role ? sql`and chunks.role = ${q.role}` : sql``}
      limit ${limit}`;
  return sql<{
    id: string;
  }>`select sift_chunks_matching as id from sift_chunks_matching(${projectId}, ${tsQuery(q)}, ${documentIds}::text[], ${limit}, ${q.role ?? null}::text, ${budgetFor(q, limit)})`;
}

/**
 * What `countMatching` counts: on SQLite, with no filter by document or role, the full-text
 * table's own rows (each is a chunk's: triggers keep them so), without the chunk behind each
 * match looked up: 0.19 ms a count against 0.53 at 30,000 chunks (bench/term-counts.ts).
 */
function counted(store: Store, projectId: string, q: TermQuery, documentIds: string[] | null, cap: number): RawBuilder<unknown> {
  if (store.kind === 'sqlite' && !documentIds && !q.role)
    return sql`select rowid from chunk_terms where chunk_terms match ${ftsQuery(projectId, q)} limit ${cap}`;
  return matching(store, projectId, q, documentIds, cap);
}

async function matchingIds(store: Store, projectId: string, q: TermQuery, documentIds: string[] | null, limit: number): Promise<string[]> {
  return (await matching(store, projectId, q, documentIds, limit).execute(store.db)).rows.map((r) => r.id);
}

/**
 * How many chunks of the project match, counted up to `cap` (a common word can match most of a
 * large project, and PostgreSQL visits every matching row to count it: 0.5 s for 35,000 rows).
 * Counted in the store: a search's words new to the process were counted by reading up to `cap`
 * ids each (a first search's 5 ms of turning rows into objects, and their garbage).
 */
export async function countMatching(store: Store, projectId: string, query: TermQuery, cap: number): Promise<number> {
  const q = clean(query);
  if (!q || cap <= 0) return 0;
  const countOf = async (documentIds: string[] | null) =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from (${counted(store, projectId, q, documentIds, cap)}) as matched`.execute(store.db)).rows[0]!
        .n,
    );
  const counts = q.documentIds ? await inBatches([...q.documentIds], async (documents) => [await countOf(documents)]) : [await countOf(null)];
  return Math.min(
    cap,
    counts.reduce((a, b) => a + b, 0),
  );
}

/** Up to `limit` chunk ids of the project that match, in no particular order. */
export async function chunksMatching(store: Store, projectId: string, query: TermQuery, limit: number): Promise<string[]> {
  const q = clean(query);
  if (!q || limit <= 0) return [];
  const ids = q.documentIds
    ? await inBatches([...q.documentIds], (documents) => matchingIds(store, projectId, q, documents, limit))
    : await matchingIds(store, projectId, q, null, limit);
  return ids.slice(0, limit);
}

/** How many chunks of the project hold each term (BM25's document frequency), each counted up to `cap`. */
export async function termFrequencies(store: Store, projectId: string, terms: string[], cap: number): Promise<Map<string, number>> {
  // Concurrently: on PostgreSQL each count is a query of its own on the pool.
  const unique = [...new Set(terms)];
  const counts = await Promise.all(unique.map((t) => countMatching(store, projectId, { groups: [[t]] }, cap)));
  return new Map(unique.map((t, n) => [t, counts[n]!]));
}

/** Of `ids`, the chunks whose role is `role`. */
export async function chunksOfRole(store: Store, ids: string[], role: 'participant'): Promise<Set<string>> {
  const rows = await inBatches(ids, (s) => store.db.selectFrom('chunks').select('id').where('id', 'in', s).where('role', '=', role).execute());
  return new Set(rows.map((r) => r.id));
}

/** What search ranks chunks by, as stored beside them (their terms and vectors of meaning, engine/search/analysed.ts), by id. */
export async function chunkAnalyses(store: Store, ids: string[]): Promise<Map<string, Analysed>> {
  const rows = await inBatches(ids, (s) => store.db.selectFrom('chunks').select(['id', 'searchTerms', 'searchMeaning']).where('id', 'in', s).execute());
  return new Map(rows.map((r) => [r.id, decodeAnalysed(r.searchTerms ?? '', r.searchMeaning)]));
}
