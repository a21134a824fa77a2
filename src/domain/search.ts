import type { ProjectScope } from './context.js';
import type { ReadBody } from '../schema/types.js';
import type { DbOrTx } from '../store/store.js';
import { SearchIndex } from '../engine/search/index.js';
import { chunksOf, insightTexts, sourceSignature, sourceVersions } from './search-freshness.js';
import { matchDocuments, matchInsights } from './filters.js';
import { invalid } from './errors.js';
import { inBatches } from './views/in-batches.js';

/**
 * `search` (decisions §7). Each process keeps one index per project and brings it up to date
 * before answering whenever the project's indexable data changed (a cheap signature query),
 * so a document is searchable once `ready`, an insight once written, and a deletion vanishes
 * at once, whichever process made the change.
 */
interface Cached {
  index: SearchIndex;
  signature: string;
  documents: Map<string, string>;
  insights: Map<string, string>;
  chunkIds: Map<string, string[]>;
}

const cache = new Map<string, Cached>();
const MAX_PROJECTS = 50;

async function freshIndex(db: DbOrTx, projectId: string, locale: string): Promise<SearchIndex> {
  const signature = await sourceSignature(db, projectId);
  let c = cache.get(projectId);
  if (c && c.signature === signature) return c.index;
  if (!c || c.index.locale !== locale) {
    if (cache.size >= MAX_PROJECTS) cache.delete(cache.keys().next().value!);
    c = { index: new SearchIndex(locale), signature: '', documents: new Map(), insights: new Map(), chunkIds: new Map() };
    cache.set(projectId, c);
  }
  const now = await sourceVersions(db, projectId);
  const changedDocs = [...now.documents].filter(([id, v]) => c!.documents.get(id) !== v).map(([id]) => id);
  for (const [id] of c.documents) if (!now.documents.has(id) || changedDocs.includes(id)) {
    for (const chunkId of c.chunkIds.get(id) ?? []) c.index.remove(chunkId);
    c.chunkIds.delete(id);
  }
  for (const chunk of await chunksOf(db, changedDocs)) {
    c.index.add({ id: chunk.id, kind: 'chunk', documentId: chunk.documentId, text: chunk.text });
    c.chunkIds.set(chunk.documentId, [...(c.chunkIds.get(chunk.documentId) ?? []), chunk.id]);
  }
  const changedInsights = [...now.insights].filter(([id, v]) => c!.insights.get(id) !== v).map(([id]) => id);
  for (const [id] of c.insights) if (!now.insights.has(id)) c.index.remove(id);
  for (const i of await insightTexts(db, changedInsights)) {
    c.index.add({ id: i.id, kind: 'insight', documentId: i.documentId, text: `${i.text}\n${i.description}` });
  }
  c.documents = now.documents;
  c.insights = now.insights;
  c.signature = signature;
  return c.index;
}

export async function search(scope: ProjectScope, body: ReadBody<'search'>): Promise<Record<string, unknown>> {
  if ((body.query === undefined) === (body.queries === undefined)) {
    throw invalid('send exactly one of query and queries', [{ path: '/query', message: 'send exactly one of query and queries' }]);
  }
  const db = scope.store.db;
  const projectId = scope.project.id;
  const queries = body.query !== undefined ? [body.query] : body.queries!;
  const index = await freshIndex(db, projectId, scope.project.locale);
  const docs = await matchDocuments(db, projectId, body.filters);
  const insights = await matchInsights(db, projectId, body.filters);
  const topK = body.topK ?? 10;
  const offset = body.offset ?? 0;
  const { hits, total } = index.search(queries, {
    topK, offset,
    kinds: body.onlyInsights ? ['insight'] : undefined,
    allow: (item) => (item.kind === 'insight' ? insights === null || insights.has(item.id) : docs === null || (item.documentId !== null && docs.has(item.documentId))),
  });
  const chunkRows = await inBatches(hits.filter((h) => h.kind === 'chunk').map((h) => h.id), (s) =>
    db.selectFrom('chunks').select(['id', 'idx', 'text', 'speaker', 'documentId']).where('id', 'in', s).execute());
  const insightRows = await inBatches(hits.filter((h) => h.kind === 'insight').map((h) => h.id), (s) =>
    db.selectFrom('insights').select(['id', 'counter', 'text', 'documentId']).where('id', 'in', s).execute());
  const docIds = [...new Set([...chunkRows.map((c) => c.documentId), ...insightRows.map((i) => i.documentId).filter((x): x is string => !!x)])];
  const counters = new Map((await inBatches(docIds, (s) => db.selectFrom('documents').select(['id', 'counter']).where('id', 'in', s).execute())).map((d) => [d.id, d.counter]));
  const chunkById = new Map(chunkRows.map((c) => [c.id, c]));
  const insightById = new Map(insightRows.map((i) => [i.id, i]));
  const results = hits.flatMap((h) => {
    if (h.kind === 'chunk') {
      const c = chunkById.get(h.id);
      if (!c) return [];
      const doc = `D${counters.get(c.documentId)}`;
      return [{ type: 'chunk', id: `${doc}:${c.idx}`, documentId: doc, chunkIndex: Number(c.idx), speaker: c.speaker, text: c.text, score: h.score }];
    }
    const i = insightById.get(h.id);
    if (!i) return [];
    return [{ type: 'insight', id: `I${i.counter}`, documentId: i.documentId ? `D${counters.get(i.documentId)}` : null, text: i.text, score: h.score }];
  });
  return { results, total, offset, topK };
}
