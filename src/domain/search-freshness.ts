import { sql } from 'kysely';
import type { DbOrTx } from '../store/store.js';
import type { Store } from '../store/store.js';
import { analyseForSearch, decodeAnalysed, documentSearchRow, rankedText, type Analysed } from '../engine/search/analysed.js';

/**
 * What the search index of a project is built from, and a cheap signature of it: every process
 * compares the signature before answering, so an index built by one process never answers
 * from data another process has changed since (deletions vanish at once).
 */
export async function sourceSignature(db: DbOrTx, projectId: string): Promise<string> {
  // One query, not one a table: every search asks it first, and on PostgreSQL a round trip wakes the server's process.
  const signatureOf = (table: 'documents' | 'insights') => {
    const rows = db.selectFrom(table).select(sql<string>`count(*) || '|' || coalesce(max(updated_at), '')`.as('signature')).where('projectId', '=', projectId);
    return (table === 'documents' ? rows.where('status', '=', 'ready') : rows).as(table);
  };
  const row = await db.selectNoFrom([signatureOf('documents'), signatureOf('insights')]).executeTakeFirstOrThrow();
  return `${row.documents}|${row.insights}`;
}

/** Versions of every indexable item, to diff against what an index holds. */
export async function sourceVersions(db: DbOrTx, projectId: string): Promise<{ documents: Map<string, string>; insights: Map<string, string> }> {
  const docs = await db.selectFrom('documents').select(['id', 'updatedAt']).where('projectId', '=', projectId).where('status', '=', 'ready').execute();
  const insights = await db.selectFrom('insights').select(['id', 'updatedAt']).where('projectId', '=', projectId).execute();
  return {
    documents: new Map(docs.map((d) => [d.id, d.updatedAt])),
    insights: new Map(insights.map((i) => [i.id, i.updatedAt])),
  };
}

/** What search holds in memory of a ready document's chunks: their ids, term counts and vectors (`document_search`). */
export interface DocumentVectors {
  documentId: string;
  chunkIds: string[];
  termCounts: number[];
  vectors: Uint8Array | null;
}

const readRow = (r: { documentId: string; chunkIds: string; termCounts: string; vectors: Uint8Array | null }): DocumentVectors => ({
  documentId: r.documentId,
  chunkIds: r.chunkIds === '' ? [] : r.chunkIds.split(' '),
  termCounts: r.termCounts === '' ? [] : r.termCounts.split(' ').map(Number),
  vectors: r.vectors,
});

/**
 * The `document_search` rows of these documents. A document without one (processed before it
 * was kept) or read in another locale than the project's is read now, from its chunks, in memory
 * only (a search changes nothing; the worker's `search-backfill` writes it): its chunks whose
 * stored terms are missing or in another locale come back in `loose`, read again from their
 * text, for search to score beside what the store's full-text index finds.
 */
export async function documentVectors(
  store: Store,
  projectId: string,
  documentIds: string[],
  locale: string,
  all = false,
): Promise<{ documents: DocumentVectors[]; loose: Map<string, Analysed> }> {
  const db = store.db;
  const documents: DocumentVectors[] = [];
  const loose = new Map<string, Analysed>();
  const columns = ['documentId', 'locale', 'chunkIds', 'termCounts', 'vectors'] as const;
  // A project read whole (a process's first search of it) is read in one pass.
  const whole = all ? await db.selectFrom('documentSearch').select(columns).where('projectId', '=', projectId).execute() : null;
  const byDocument = whole && new Map(whole.map((r) => [r.documentId, r]));
  for (let i = 0; i < documentIds.length; i += 500) {
    const slice = documentIds.slice(i, i + 500);
    const rows = byDocument
      ? slice.flatMap((d) => byDocument.get(d) ?? [])
      : await db.selectFrom('documentSearch').select(columns).where('documentId', 'in', slice).execute();
    const kept = rows.filter((r) => r.locale === locale);
    documents.push(...kept.map(readRow));
    const have = new Set(kept.map((r) => r.documentId));
    for (const documentId of slice.filter((d) => !have.has(d))) {
      const read = await readAgain(db, documentId, locale);
      if (!read) continue;
      documents.push(readRow({ documentId, ...documentSearchRow(read.chunks, locale) }));
      for (const c of read.chunks) if (read.stale.has(c.id)) loose.set(c.id, c.analysed);
    }
  }
  return { documents, loose };
}

/** A document's chunks as search reads them in `locale`: from what is stored where it is current, from their text otherwise (`stale`). */
export async function readAgain(
  db: DbOrTx,
  documentId: string,
  locale: string,
): Promise<{ projectId: string; chunks: { id: string; analysed: Analysed }[]; stale: Set<string> } | null> {
  const rows = await db
    .selectFrom('chunks')
    .select(['id', 'projectId', 'text', 'speaker', 'searchTerms', 'searchMeaning', 'searchLocale'])
    .where('documentId', '=', documentId)
    .orderBy('idx')
    .execute();
  if (rows.length === 0) return null;
  const stale = new Set<string>();
  const chunks = rows.map((c) => {
    if (c.searchTerms !== null && c.searchLocale === locale) return { id: c.id, analysed: decodeAnalysed(c.searchTerms, c.searchMeaning) };
    stale.add(c.id);
    return { id: c.id, analysed: analyseForSearch(rankedText(c), locale) };
  });
  return { projectId: rows[0]!.projectId, chunks, stale };
}

export async function insightTexts(db: DbOrTx, ids: string[]): Promise<{ id: string; documentId: string | null; text: string }[]> {
  const out: { id: string; documentId: string | null; text: string }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('insights')
        .select(['id', 'documentId', 'text'])
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}
