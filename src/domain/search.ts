import type { ProjectScope } from './context.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import type { DbOrTx } from '../store/store.js';
import { LRUCache } from 'lru-cache';
import { SearchIndex } from '../engine/search/index.js';
import { chunksOf, insightTexts, sourceSignature, sourceVersions } from './search-freshness.js';
import { matchDocuments, matchInsights } from './filters.js';
import { invalid } from './errors.js';
import { inBatches } from './views/in-batches.js';
import { cosineDense, type LlmProvider } from '../engine/llm/provider.js';
import { highlights, snippetOf } from '../engine/search/snippet.js';

async function indexedTexts(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const r of await inBatches(ids, (s) => db.selectFrom('chunks').select(['id', 'text']).where('id', 'in', s).execute())) out.set(r.id, r.text);
  for (const r of await inBatches(ids, (s) => db.selectFrom('insights').select(['id', 'text']).where('id', 'in', s).execute())) out.set(r.id, r.text);
  return out;
}

/**
 * `search` (decisions §7). Each process keeps one index per project and brings it up to date
 * before answering whenever the project's indexable data changed (a cheap signature query),
 * so a document is searchable once `ready`, an insight once written, and a deletion vanishes
 * at once, whichever process made the change.
 */
interface Cached {
  index: SearchIndex;
  /** Embeddings of items by id, when a provider is configured (filled lazily, dropped with the item). */
  embeddings: Map<string, number[]>;
  signature: string;
  documents: Map<string, string>;
  insights: Map<string, string>;
  chunkIds: Map<string, string[]>;
}

/** Bytes a cached project costs beyond its index: its version maps and embeddings. */
const overheadOf = (c: Cached) => 200 * (c.documents.size + c.insights.size) + 8 * 1536 * c.embeddings.size;

/**
 * The indexes of the projects searched lately, least recently used first out once their
 * estimated size passes `SIFT_SEARCH_CACHE_MB` (a project larger than the whole ceiling is still
 * searched, and dropped right after).
 */
let cache = newCache(256);
function newCache(megabytes: number) {
  return new LRUCache<string, Cached>({ maxSize: megabytes * 1024 * 1024, sizeCalculation: (c) => Math.max(1, c.index.approxBytes + overheadOf(c)) });
}

/** Sets the ceiling (from configuration, once at start; tests and benches set their own). */
export function setSearchCacheMegabytes(megabytes: number): void {
  if (cache.maxSize !== megabytes * 1024 * 1024) cache = newCache(megabytes);
}

/** What the cache holds now: how many projects, and their estimated bytes. */
export const searchCacheUse = () => ({ projects: cache.size, bytes: cache.calculatedSize });

async function freshIndex(db: DbOrTx, projectId: string, locale: string): Promise<Cached> {
  const signature = await sourceSignature(db, projectId);
  let c = cache.get(projectId);
  if (c && c.signature === signature) return c;
  if (!c || c.index.locale !== locale) {
    c = { index: new SearchIndex(locale), embeddings: new Map(), signature: '', documents: new Map(), insights: new Map(), chunkIds: new Map() };
  }
  const now = await sourceVersions(db, projectId);
  const changedDocs = [...now.documents].filter(([id, v]) => c!.documents.get(id) !== v).map(([id]) => id);
  const changed = new Set(changedDocs);
  for (const [id] of c.documents)
    if (!now.documents.has(id) || changed.has(id)) {
      for (const chunkId of c.chunkIds.get(id) ?? []) c.index.remove(chunkId);
      c.chunkIds.delete(id);
    }
  for (const chunk of await chunksOf(db, changedDocs, locale)) {
    c.index.add({ ...chunk, kind: 'chunk' });
    const ids = c.chunkIds.get(chunk.documentId);
    if (ids) ids.push(chunk.id);
    else c.chunkIds.set(chunk.documentId, [chunk.id]);
  }
  const changedInsights = [...now.insights].filter(([id, v]) => c!.insights.get(id) !== v).map(([id]) => id);
  for (const [id] of c.insights) if (!now.insights.has(id)) c.index.remove(id);
  for (const i of await insightTexts(db, changedInsights)) {
    // An insight matches by its statement alone: its description names its category, which must not make it match on its own.
    c.index.add({ id: i.id, kind: 'insight', documentId: i.documentId, text: i.text });
  }
  c.documents = now.documents;
  c.insights = now.insights;
  c.signature = signature;
  for (const id of c.embeddings.keys()) if (!c.index.has(id)) c.embeddings.delete(id);
  // Set again after every change, so that the cache weighs the index as it now is.
  cache.set(projectId, c);
  return c;
}

/**
 * With an embedding provider: per query, the cosine of each item's embedding to the query's. A
 * provider failure leaves search to the offline engine.
 */
async function embeddingSimilarities(db: DbOrTx, c: Cached, llm: LlmProvider, queries: string[]): Promise<Map<string, number>[] | undefined> {
  try {
    const missing = c.index.ids().filter((id) => !c.embeddings.has(id));
    if (missing.length > 0) {
      const texts = await indexedTexts(db, missing);
      const vectors = await llm.embed!(missing.map((id) => texts.get(id) ?? ''));
      for (const [i, id] of missing.entries()) c.embeddings.set(id, vectors[i]!);
    }
    const qv = await llm.embed!(queries);
    return qv.map((q) => new Map([...c.embeddings].map(([id, v]) => [id, cosineDense(q, v)] as const)));
  } catch {
    return undefined;
  }
}

export async function search(scope: ProjectScope, body: ReadBody<'search'>): Promise<ReadAnswer<'search'>> {
  if ((body.query === undefined) === (body.queries === undefined)) {
    throw invalid('send exactly one of query and queries', [{ path: '/query', message: 'send exactly one of query and queries' }]);
  }
  const db = scope.store.db;
  const projectId = scope.project.id;
  const queries = body.query !== undefined ? [body.query] : body.queries!;
  const cached = await freshIndex(db, projectId, scope.project.locale);
  const index = cached.index;
  const docs = await matchDocuments(db, projectId, body.filters);
  const insights = await matchInsights(db, projectId, body.filters);
  const topK = body.topK ?? 10;
  const offset = body.offset ?? 0;
  const embeddings = scope.llm?.embed ? await embeddingSimilarities(db, cached, scope.llm, queries) : undefined;
  const { hits, total } = index.search(queries, {
    topK,
    offset,
    embeddings,
    kinds: body.onlyInsights ? ['insight'] : undefined,
    allow: (item) =>
      item.kind === 'insight' ? insights === null || insights.has(item.id) : docs === null || (item.documentId !== null && docs.has(item.documentId)),
  });
  const chunkRows = await inBatches(
    hits.filter((h) => h.kind === 'chunk').map((h) => h.id),
    (s) => db.selectFrom('chunks').select(['id', 'idx', 'text', 'speaker', 'documentId']).where('id', 'in', s).execute(),
  );
  const insightRows = await inBatches(
    hits.filter((h) => h.kind === 'insight').map((h) => h.id),
    (s) => db.selectFrom('insights').select(['id', 'counter', 'text', 'documentId']).where('id', 'in', s).execute(),
  );
  const docIds = [...new Set([...chunkRows.map((c) => c.documentId), ...insightRows.map((i) => i.documentId).filter((x): x is string => !!x)])];
  const counters = new Map(
    (await inBatches(docIds, (s) => db.selectFrom('documents').select(['id', 'counter']).where('id', 'in', s).execute())).map((d) => [d.id, d.counter]),
  );
  const chunkById = new Map(chunkRows.map((c) => [c.id, c]));
  const insightById = new Map(insightRows.map((i) => [i.id, i]));
  const matched = (h: (typeof hits)[number], text: string) => ({
    score: h.score,
    matchedBy: h.by,
    snippet: snippetOf(text, highlights(text, h.terms, index.locale)),
  });
  const results: ReadAnswer<'search'>['results'] = hits.flatMap((h): ReadAnswer<'search'>['results'] => {
    if (h.kind === 'chunk') {
      const c = chunkById.get(h.id);
      if (!c) return [];
      const doc = `D${counters.get(c.documentId)}`;
      return [
        { type: 'chunk' as const, id: `${doc}:${c.idx}`, documentId: doc, chunkIndex: Number(c.idx), speaker: c.speaker, text: c.text, ...matched(h, c.text) },
      ];
    }
    const i = insightById.get(h.id);
    if (!i) return [];
    return [
      {
        type: 'insight' as const,
        id: `I${i.counter}`,
        documentId: i.documentId ? `D${counters.get(i.documentId)}` : null,
        text: i.text,
        ...matched(h, i.text),
      },
    ];
  });
  return { results, total, offset, topK };
}
