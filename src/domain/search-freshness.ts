import type { DbOrTx } from '../store/store.js';
import { decodeAnalysed, type Analysed } from '../engine/search/analysed.js';

/**
 * What the search index of a project is built from, and a cheap signature of it: every process
 * compares the signature before answering, so an index built by one process never answers
 * from data another process has changed since (deletions vanish at once).
 */
export async function sourceSignature(db: DbOrTx, projectId: string): Promise<string> {
  const docs = await db
    .selectFrom('documents')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updatedAt').as('latest')])
    .where('projectId', '=', projectId)
    .where('status', '=', 'ready')
    .executeTakeFirstOrThrow();
  const insights = await db
    .selectFrom('insights')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updatedAt').as('latest')])
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return `${docs.n}|${docs.latest ?? ''}|${insights.n}|${insights.latest ?? ''}`;
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

/** A chunk to index: what was read of it for search when it was written, or its text where that is missing or in another locale. */
export type IndexableChunk = { id: string; documentId: string } & ({ analysed: Analysed } | { text: string });

export async function chunksOf(db: DbOrTx, documentIds: string[], locale: string): Promise<IndexableChunk[]> {
  const out: IndexableChunk[] = [];
  for (let i = 0; i < documentIds.length; i += 500) {
    const rows = await db
      .selectFrom('chunks')
      .select(['id', 'documentId', 'searchTerms', 'searchMeaning', 'searchLocale'])
      .where('documentId', 'in', documentIds.slice(i, i + 500))
      .execute();
    const stale = rows.filter((r) => r.searchTerms === null || r.searchLocale !== locale).map((r) => r.id);
    const texts = new Map<string, string>();
    for (let j = 0; j < stale.length; j += 500)
      for (const r of await db
        .selectFrom('chunks')
        .select(['id', 'text'])
        .where('id', 'in', stale.slice(j, j + 500))
        .execute())
        texts.set(r.id, r.text);
    for (const r of rows) {
      const text = texts.get(r.id);
      out.push(
        text !== undefined
          ? { id: r.id, documentId: r.documentId, text }
          : { id: r.id, documentId: r.documentId, analysed: decodeAnalysed(r.searchTerms!, r.searchMeaning) },
      );
    }
  }
  return out;
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
