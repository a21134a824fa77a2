import type { ProjectScope } from './context.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import type { DbOrTx, Store } from '../store/store.js';
import { LRUCache } from 'lru-cache';
import { followSearchCacheMegabytes } from './search-settings.js';
import { SearchIndex, type Hit, type QueryWord } from '../engine/search/index.js';
import type { Analysed } from '../engine/search/analysed.js';
import { documentVectors, insightTexts, sourceSignature, sourceVersions } from './search-freshness.js';
import { chunkAnalyses, chunksMatching, chunksOfRole, countMatching, termFrequencies } from '../store/chunk-terms.js';
import { VectorPack } from '../engine/search/quantised.js';
import { RELEVANCE } from '../engine/search/relevance.js';
import { textVector } from '../engine/meaning/sentence-vectors.js';
import { wordVectors } from '../engine/meaning/word-vectors.js';
import { matchDocuments, matchInsights } from './filters.js';
import { invalid } from './errors.js';
import { inBatches } from '../store/in-batches.js';
import { cosineDense, type LlmProvider } from '../engine/llm/provider.js';
import { embeddingKey } from '../engine/meaning/embedded.js';
import { textVectors } from './text-vectors.js';
import { highlights, snippetOf } from '../engine/search/snippet.js';
import { searchReady } from '../engine/search/ready.js';
import { holdsPhrase, quotedPhrases } from '../engine/search/phrases.js';
import { terms as termsOf } from '../engine/text/index.js';
import { runOf } from './analysis-runs.js';
import { encodedChunks, encodeQueries, noneEncoded, searchEncoderReads, type Encoded } from './search-encoder.js';

async function indexedTexts(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const r of await inBatches(ids, (s) => db.selectFrom('chunks').select(['id', 'text']).where('id', 'in', s).execute())) out.set(r.id, r.text);
  for (const r of await inBatches(ids, (s) => db.selectFrom('insights').select(['id', 'text']).where('id', 'in', s).execute())) out.set(r.id, r.text);
  return out;
}

/**
 * `search` (decisions §7, issue 27). The lexical leg runs in the store's full-text index
 * (store/chunk-terms.ts), so no process loads a project's chunk terms to answer a query; the
 * meaning leg scans the project's chunk vectors, held in each process in their compact form
 * (engine/search/quantised.ts) and brought up to date before answering whenever the project's
 * indexable data changed (a cheap signature query), so a document is searchable once `ready`,
 * an insight once written, and a deletion vanishes at once, whichever process made the change.
 * The candidates both legs find are then scored exactly as the offline engine scores a whole
 * project (engine/search/index.ts), with BM25 weighed over the whole project. Insights, far
 * fewer, are kept whole in memory.
 */
interface Cached {
  locale: string;
  /** The chunks' vectors of meaning, and each chunk's document. */
  vectors: VectorPack;
  documentOf: Map<string, string>;
  chunkIds: Map<string, string[]>;
  /** Chunks the store's full-text index cannot find yet (their stored terms missing or in another locale), as read again from their text. */
  loose: Map<string, Analysed>;
  /** How many search terms each document's chunks hold together. */
  termsOf: Map<string, number>;
  insights: SearchIndex;
  /** Embeddings of items by id, when a provider is configured (filled lazily, dropped with the item). */
  embeddings: Map<string, ArrayLike<number>>;
  /** The chunks' vectors from the built-in encoder, with `SIFT_EMBEDDING_MODEL=builtin` (search-encoder.ts; read when first searched). */
  encoded: Encoded;
  signature: string;
  documents: Map<string, string>;
  insightVersions: Map<string, string>;
  /** BM25's statistics of the chunks as of `signature`. */
  totals: { count: number; terms: number };
  frequencies: Map<string, number>;
  /** Of a sample of the chunks, as of `signature`, read when first needed: how many there are and how many hold each term. */
  sample: { chunks: number; holders: Map<string, number>; bytes: number } | null;
}

/** Bytes a cached project costs: its vectors, its insights' index, its version maps and embeddings. */
const sizeOf = (c: Cached) =>
  c.vectors.approxBytes +
  60 * c.documentOf.size +
  c.insights.approxBytes +
  200 * (c.documents.size + c.insightVersions.size) +
  8 * 1536 * c.embeddings.size +
  c.encoded.pack.approxBytes +
  (c.sample?.bytes ?? 0);

/**
 * The projects searched lately, least recently used first out once their estimated size passes
 * `SIFT_SEARCH_CACHE_MB` (a project larger than the whole ceiling is still searched, and dropped
 * right after).
 */
let cache = newCache(256);
function newCache(megabytes: number) {
  return new LRUCache<string, Cached>({ maxSize: megabytes * 1024 * 1024, sizeCalculation: (c) => Math.max(1, sizeOf(c)) });
}

/** Sets the ceiling (from configuration, once at start; tests and benches set their own). */
export function setSearchCacheMegabytes(megabytes: number): void {
  if (cache.maxSize !== megabytes * 1024 * 1024) cache = newCache(megabytes);
}
followSearchCacheMegabytes(setSearchCacheMegabytes);

/** What the cache holds now: how many projects, and their estimated bytes. */
export const searchCacheUse = () => ({ projects: cache.size, bytes: cache.calculatedSize });

function emptyCache(locale: string): Cached {
  const dims = wordVectors(locale)?.dims ?? 0;
  return {
    locale,
    vectors: new VectorPack(dims),
    documentOf: new Map(),
    chunkIds: new Map(),
    termsOf: new Map(),
    loose: new Map(),
    insights: new SearchIndex(locale),
    embeddings: new Map(),
    encoded: noneEncoded(),
    signature: '',
    documents: new Map(),
    insightVersions: new Map(),
    totals: { count: 0, terms: 0 },
    frequencies: new Map(),
    sample: null,
  };
}

async function freshIndex(store: Store, projectId: string, locale: string): Promise<Cached> {
  const db = store.db;
  const signature = await sourceSignature(db, projectId);
  let c = cache.get(projectId);
  if (c && c.signature === signature) return c;
  if (!c || c.locale !== locale) c = emptyCache(locale);
  const now = await sourceVersions(db, projectId);
  const changedDocs = [...now.documents].filter(([id, v]) => c!.documents.get(id) !== v).map(([id]) => id);
  const changed = new Set(changedDocs);
  for (const [id] of c.documents)
    if (!now.documents.has(id) || changed.has(id)) {
      for (const chunkId of c.chunkIds.get(id) ?? []) {
        c.documentOf.delete(chunkId);
        c.loose.delete(chunkId);
      }
      c.vectors.removeDocument(id);
      c.chunkIds.delete(id);
      c.termsOf.delete(id);
    }
  const read = await documentVectors(store, projectId, changedDocs, locale, c.documents.size === 0);
  await letOthersThrough();
  for (const [id, a] of read.loose) c.loose.set(id, a);
  for (const d of read.documents) {
    if (d.vectors) c.vectors.setDocument(d.documentId, d.chunkIds, d.vectors);
    for (const id of d.chunkIds) c.documentOf.set(id, d.documentId);
    c.chunkIds.set(d.documentId, d.chunkIds);
    c.termsOf.set(
      d.documentId,
      d.termCounts.reduce((a, b) => a + b, 0),
    );
  }
  const changedInsights = [...now.insights].filter(([id, v]) => c!.insightVersions.get(id) !== v).map(([id]) => id);
  for (const [id] of c.insightVersions) if (!now.insights.has(id)) c.insights.remove(id);
  for (const i of await insightTexts(db, changedInsights)) {
    // An insight matches by its statement alone: its description names its category, which must not make it match on its own.
    c.insights.add({ id: i.id, kind: 'insight', documentId: i.documentId, text: i.text });
  }
  c.documents = now.documents;
  c.insightVersions = now.insights;
  c.signature = signature;
  c.totals = { count: c.documentOf.size, terms: [...c.termsOf.values()].reduce((a, b) => a + b, 0) };
  c.frequencies = new Map();
  c.sample = null;
  for (const id of c.embeddings.keys()) if (!c.documentOf.has(id) && !c.insights.has(id)) c.embeddings.delete(id);
  // Set again after every change, so that the cache weighs the project as it now is.
  cache.set(projectId, c);
  return c;
}

/** The query a start answers for each project it warms (`warmProjectSearch`). */
export const WARM_QUERY: ReadBody<'search'> = { action: 'search', query: 'problem with the price' };

/**
 * Loads what a project's first search in this process reads (its language's word lists, its
 * chunks' vectors, a sample of their terms), then answers WARM_QUERY, unused but for the
 * request path's warm-up: the first reads of WordNet's data files and the first runs of this
 * code cost a first search 0.1-0.4 s more.
 */
export async function warmProjectSearch(store: Store, project: ProjectScope['project']): Promise<ReadAnswer<'search'>> {
  await searchReady(project.locale);
  const c = await freshIndex(store, project.id, project.locale);
  c.sample ??= await readSample(store, [...c.documentOf.keys()]);
  return await search({ store, project, userId: null }, WARM_QUERY);
}

/**
 * With an embedding provider: per query, the cosine of each item's embedding to the query's. A
 * provider failure leaves search to the offline engine.
 */
async function embeddingSimilarities(
  store: Store,
  projectId: string,
  c: Cached,
  llm: LlmProvider,
  queries: string[],
): Promise<Map<string, number>[] | undefined> {
  try {
    const missing = [...c.documentOf.keys(), ...c.insights.ids()].filter((id) => !c.embeddings.has(id));
    if (missing.length > 0) {
      // Kept in the store (text_vectors): chunks were embedded when their document was
      // processed, and what a search embeds no other process or restart embeds again.
      const texts = await indexedTexts(store.db, missing);
      const vectors = await textVectors(store, llm, llm.embeddingModel ?? '', projectId, [...texts.values()]);
      for (const id of missing) {
        const v = vectors.get(embeddingKey(texts.get(id) ?? ''));
        if (v) c.embeddings.set(id, v);
      }
    }
    const qv = await llm.embed!(queries);
    return qv.map((q) => new Map([...c.embeddings].map(([id, v]) => [id, cosineDense(q, v)] as const)));
  } catch {
    return undefined;
  }
}

/** The chunks' encoder vectors brought up to date, beside the queries' vectors to come; none where no chunk has a vector. */
async function encoderOf(store: Store, projectId: string, c: Cached, encoding: Promise<Float32Array[] | null>): Promise<RankOptions['encoder']> {
  const before = c.encoded.pack.approxBytes;
  const pack = await encodedChunks(store, projectId, c.encoded, c.documents, c.chunkIds, c.locale);
  // Weighed again where its vectors were read.
  if (pack.approxBytes !== before && cache.get(projectId) === c) cache.set(projectId, c);
  return pack.size > 0 ? { pack, queries: encoding } : undefined;
}

/**
 * The most results a query answers: `total` counts at most this many, all of which a client can
 * page through (counting every match of a common word in a large project would cost PostgreSQL
 * a visit to every matching row).
 */
export const MAX_MATCHES = 1000;
/** A term's document frequency is counted up to this many chunks, and estimated beyond from a sample of the project's chunks. */
const FREQUENCY_CAP = 1000;
const SAMPLE = 2000;
const SAMPLE_SLICE = 250;

/** How many candidates each leg brings beyond the page asked for: the exact scores reorder them. */
const SLACK = 50;
/** Of the holders of a query's words, this many per candidate are looked at (their ids only) to choose the closest in meaning. */
const HOLDERS_PER_CANDIDATE = 5;
/** A match by meaning is looked for among the chunks whose compact vector is this close below the bar (quantisation moves a cosine by under 0.01). */
const VECTOR_MARGIN = 0.02;

interface Ranked {
  hits: Hit[];
  total: number;
  locale: string;
}

interface RankOptions {
  topK: number;
  offset: number;
  onlyInsights: boolean;
  /** Passages of participants' turns alone (a transcript's interviewer turns, its header and prose left out). */
  participantsOnly: boolean;
  documents: Set<string> | null;
  insights: Set<string> | null;
  embeddings?: Map<string, number>[];
  /**
   * With the built-in encoder: the chunks' vectors, and per query its vector (null where the
   * encoder failed: search goes on offline), awaited only where needed, so that the store's
   * indexes are asked while the encoder's thread encodes.
   */
  encoder?: { pack: VectorPack; queries: Promise<Float32Array[] | null> };
  /** Per query, its quoted phrases (engine/search/phrases.ts): what answers it holds each. */
  phrases: string[][][];
}

/**
 * The page of results: the chunks the store's indexes and the vectors bring as candidates,
 * scored exactly together with the project's insights by the offline engine, BM25 weighed over
 * the whole project. `total` adds the matches by words beyond the candidates, counted in the store.
 */
async function rank(store: Store, projectId: string, c: Cached, queries: string[], opts: RankOptions): Promise<Ranked> {
  const words = queries.map((q) => c.insights.queryWords(q));
  await letOthersThrough();
  await knowFrequencies(
    store,
    projectId,
    c,
    words.flatMap((ws) => ws.map((w) => w.term)),
  );
  // On PostgreSQL the sample tells how common a query's synonyms are (shareOf).
  if (store.kind !== 'sqlite' && !opts.onlyInsights && c.documentOf.size > 0) c.sample ??= await readSample(store, [...c.documentOf.keys()]);
  await letOthersThrough();
  const chunks =
    opts.onlyInsights || c.documentOf.size === 0
      ? { analysed: new Map<string, Analysed>(), outside: 0 }
      : await chunkCandidates(store, projectId, c, queries, words, opts);
  await letOthersThrough();
  // A quoted phrase is checked on the text, every word kept ("no pay rise"): the candidates' texts and the insights' are read.
  const phrased = opts.phrases.some((p) => p.length > 0);
  const texts = phrased ? await indexedTexts(store.db, [...chunks.analysed.keys(), ...c.insights.ids()]) : null;
  const count = c.totals.count + c.insights.size;
  const index = new SearchIndex(c.locale, RELEVANCE, {
    count,
    averageLength: count === 0 ? 1 : (c.totals.terms + c.insights.totalTerms) / count,
    documentFrequency: (t) => (c.frequencies.get(t) ?? 0) + c.insights.documentFrequency(t),
  });
  // Scored by the stored vector itself: the compact one only chose the candidates.
  for (const [id, analysed] of chunks.analysed) index.add({ id, kind: 'chunk', documentId: c.documentOf.get(id) ?? null, analysed });
  // The encoder's cosine of each candidate chunk to each query, read beside the offline vectors' (engine/search/index.ts).
  const encoder = (await opts.encoder?.queries)?.map((q) => opts.encoder!.pack.cosines(q, chunks.analysed.keys()));
  for (const item of c.insights.entries()) index.add(item);
  await letOthersThrough();
  const { hits, total } = index.search(queries, {
    topK: opts.topK,
    offset: opts.offset,
    embeddings: opts.embeddings,
    encoder,
    // Read once per search: reading a word's synonyms and paraphrases is most of a short query's cost.
    words,
    kinds: opts.onlyInsights ? ['insight'] : undefined,
    allow: (item) => (item.kind === 'insight' ? opts.insights === null || opts.insights.has(item.id) : true),
    allowFor: texts ? (id, n) => opts.phrases[n]!.every((p) => holdsPhrase(texts.get(id) ?? '', p, c.locale)) : undefined,
  });
  return { hits: opts.offset >= MAX_MATCHES ? [] : hits, total: Math.min(MAX_MATCHES, total + chunks.outside), locale: c.locale };
}

/**
 * The chunks worth scoring, with what they are ranked by: per query, those holding every word,
 * then the holders of each word, rarest first, and the closest by their compact vectors above
 * the bar; then some holding a synonym of a query word and none of the words. `outside`: the
 * matches by words (or synonyms) the candidates leave out, counted in the store up to
 * MAX_MATCHES, which `total` still counts.
 */
async function chunkCandidates(
  store: Store,
  projectId: string,
  c: Cached,
  queries: string[],
  words: QueryWord[][],
  opts: RankOptions,
): Promise<{ analysed: Map<string, Analysed>; outside: number }> {
  const terms = [...new Set(words.flatMap((ws) => ws.map((w) => w.term)))];
  const expansions = uniquePhrases(words.flatMap((ws) => ws.flatMap((w) => w.expansions)));
  const window = opts.offset + opts.topK + SLACK;
  const documentIds = opts.documents;
  const role = opts.participantsOnly ? ('participant' as const) : null;
  const candidates = new Set<string>();
  // The store's queries run side by side (on PostgreSQL each is a connection of the pool's) while the vectors are scanned.
  // The project's document frequencies are known (knowFrequencies, each counted up to MAX_MATCHES):
  // where a query term is held by MAX_MATCHES chunks or more, `total` is the cap whatever else
  // matches, so the matches by words need no count and those by synonyms only the candidates;
  // a single term's count is its frequency. (The frequencies count every role: with one role alone, the store counts.)
  const wholeProject = documentIds === null && role === null;
  const most = wholeProject ? Math.max(0, ...terms.map((t) => c.frequencies.get(t) ?? 0)) : 0;
  const capped = most >= MAX_MATCHES;
  // Each of the store's queries in a turn of its own (on SQLite each holds the thread while it runs; on PostgreSQL they still run side by side).
  const synonymsAsked =
    expansions.length > 0
      ? afterOthers(store, () =>
          chunksMatching(
            store,
            projectId,
            { groups: expansions, without: terms, documentIds, role, share: shareOf(store, c, expansions) },
            capped ? window : MAX_MATCHES,
          ),
        )
      : [];
  const lexicalAsked =
    terms.length === 0
      ? 0
      : capped
        ? MAX_MATCHES
        : wholeProject && terms.length === 1
          ? most
          : afterOthers(store, () => countMatching(store, projectId, { groups: terms.map((t) => [t]), documentIds, role }, MAX_MATCHES));
  const perQuery = words.map(async (ws, n) => {
    const q = textVector(queries[n]!, c.locale);
    // Holders of the same words score alike by their words, and meaning orders them (engine/search/relevance.ts,
    // `meaningBesideWords`): of more holders than the page needs, the closest by their compact vectors are scored.
    const holders = async (terms: string[]) => {
      const ids = await afterOthers(store, () =>
        chunksMatching(
          store,
          projectId,
          { groups: [terms], documentIds, role, share: shareOf(store, c, [terms]) },
          q ? window * HOLDERS_PER_CANDIDATE : window,
        ),
      );
      return q && ids.length > window ? c.vectors.closestOf(q, ids, window) : ids;
    };
    const rarestFirst = [...ws].sort((a, b) => c.frequencies.get(a.term)! - c.frequencies.get(b.term)!);
    const [every, rarest] = await Promise.all([
      ws.length > 1 ? holders(ws.map((w) => w.term)) : [],
      rarestFirst.length > 0 ? holders([rarestFirst[0]!.term]) : [],
    ]);
    const own = new Set([...every, ...rarest]);
    // A quoted phrase: every chunk holding its words is a candidate (up to MAX_MATCHES), for the phrase is checked on the text.
    for (const phrase of opts.phrases[n]!) {
      const needed = [...new Set(termsOf(phrase.join(' '), c.locale))];
      if (needed.length > 0)
        for (const id of await afterOthers(store, () => chunksMatching(store, projectId, { groups: [needed], documentIds, role }, MAX_MATCHES))) own.add(id);
    }
    for (const w of rarestFirst.slice(1)) {
      if (own.size >= window) break;
      for (const id of await holders([w.term])) own.add(id);
    }
    await letOthersThrough();
    // (With participants only, twice as many by meaning: the other roles' are left out below.)
    if (q && c.vectors.size > 0)
      for (const m of c.vectors.within(q, RELEVANCE.meaningBar - VECTOR_MARGIN, role ? 2 * window : window, documentIds)) own.add(m.id);
    // The closest by the built-in encoder, for a query of several words (a word alone is not matched by it: engine/search/index.ts).
    const encoded = opts.encoder && ws.length > 1 ? (await opts.encoder.queries)?.[n] : undefined;
    if (encoded)
      for (const m of opts.encoder!.pack.within(encoded, RELEVANCE.encoderBar - VECTOR_MARGIN, role ? 2 * window : window, documentIds)) own.add(m.id);
    return own;
  });
  const [owns, synonymOnly, lexical] = await Promise.all([Promise.all(perQuery), synonymsAsked, lexicalAsked]);
  for (const own of owns) for (const id of own) candidates.add(id);
  for (const id of synonymOnly.slice(0, window)) candidates.add(id);
  for (const m of opts.embeddings ?? [])
    for (const [id, cosine] of m)
      if (cosine >= RELEVANCE.embeddingBar && c.documentOf.has(id) && (documentIds === null || documentIds.has(c.documentOf.get(id)!))) candidates.add(id);
  // Chunks the full-text index cannot find yet are scored whatever they hold, as read from their text.
  for (const id of c.loose.keys()) if (documentIds === null || documentIds.has(c.documentOf.get(id)!)) candidates.add(id);
  if (role) {
    // The store's matches by words were of the role already; those by meaning and the loose ones are read here.
    const kept = await afterOthers(store, () => chunksOfRole(store, [...candidates], role));
    for (const id of candidates) if (!kept.has(id)) candidates.delete(id);
  }
  await letOthersThrough();
  const analysed = await chunkAnalyses(
    store,
    [...candidates].filter((id) => !c.loose.has(id)),
  );
  for (const [id, a] of c.loose) if (candidates.has(id)) analysed.set(id, a);
  let lexicalIn = 0;
  let synonymIn = 0;
  for (const [id, a] of analysed) {
    // (The store counted what its index holds: not the loose chunks.)
    if (c.loose.has(id)) continue;
    const have = new Set(a.terms);
    if (terms.some((t) => have.has(t))) lexicalIn++;
    else if (expansions.some((p) => p.every((t) => have.has(t)))) synonymIn++;
  }
  // Where every query has a phrase, each of its matches is a candidate already (the store counts words, not phrases).
  if (opts.phrases.every((p) => p.length > 0)) return { analysed, outside: 0 };
  return { analysed, outside: Math.max(0, lexical - lexicalIn) + Math.max(0, synonymOnly.length - synonymIn) };
}

/**
 * The project's document frequency of each term, remembered until its data changes: counted in
 * the store up to FREQUENCY_CAP, and beyond that estimated from how many of a sample of its
 * chunks hold the term (where the sample is read already and shows a term at twice the cap or
 * more, from the sample alone: a sample of 2,000 chunks misses a count below the cap for such a
 * term by over seven standard deviations).
 */
async function knowFrequencies(store: Store, projectId: string, c: Cached, terms: string[]): Promise<void> {
  // A term the sample shows far above the cap is not counted (a count reads up to FREQUENCY_CAP matches: 5-15 ms on SQLite at 30,000 chunks).
  if (c.sample)
    for (const t of terms)
      if (!c.frequencies.has(t)) {
        const estimate = Math.round(sampleShare(c.sample, t) * c.totals.count);
        if (estimate >= 2 * FREQUENCY_CAP) c.frequencies.set(t, estimate);
      }
  const missing = terms.filter((t) => !c.frequencies.has(t));
  if (missing.length === 0) return;
  // Each term counted in a turn of its own (side by side on PostgreSQL).
  const counted = await Promise.all([...new Set(missing)].map((t) => afterOthers(store, () => termFrequencies(store, projectId, [t], FREQUENCY_CAP))));
  for (const [t, n] of counted.flatMap((m) => [...m])) {
    if (n < FREQUENCY_CAP) {
      c.frequencies.set(t, n);
      continue;
    }
    c.sample ??= await readSample(store, [...c.documentOf.keys()]);
    c.frequencies.set(t, Math.max(FREQUENCY_CAP, Math.round(sampleShare(c.sample, t) * c.totals.count)));
  }
}

/**
 * The stored terms of SAMPLE of the chunks, spread over the project, read SAMPLE_SLICE at a time
 * with other requests let through between two (on SQLite a read holds the thread answering
 * HTTP): a project's first search whose words are common reads them, and read at once (and
 * counted into a map of every term) they held everyone for 150 ms at 14,000 chunks.
 */
async function readSample(store: Store, ids: string[]): Promise<NonNullable<Cached['sample']>> {
  const step = Math.max(1, Math.floor(ids.length / SAMPLE));
  const picked = ids.filter((_, i) => i % step === 0).slice(0, SAMPLE);
  // Counted once, as read: each of a query's forty-odd words and synonyms new to the process was
  // looked for in every sampled chunk's terms (0.2-0.5 ms a term, 10-15 ms a first query).
  const holders = new Map<string, number>();
  let chunks = 0;
  for (let i = 0; i < picked.length; i += SAMPLE_SLICE) {
    await letOthersThrough();
    const rows = await store.db
      .selectFrom('chunks')
      .select('searchTerms')
      .where('id', 'in', picked.slice(i, i + SAMPLE_SLICE))
      .execute();
    for (const r of rows) {
      chunks++;
      for (const t of new Set((r.searchTerms ?? '').split(' '))) if (t !== '') holders.set(t, (holders.get(t) ?? 0) + 1);
    }
  }
  let bytes = 0;
  for (const t of holders.keys()) bytes += 2 * t.length + 60;
  return { chunks, holders, bytes };
}

/**
 * On PostgreSQL, the share of the project's chunks expected to hold one of `groups` (each group
 * every one of its terms), from the project's frequencies or its sample: the largest group's, a
 * group's that of its rarest term. Where matches are dense the store reads the first chunks in
 * order before asking its index (store/chunk-terms.ts).
 */
function shareOf(store: Store, c: Cached, groups: string[][]): number | undefined {
  if (store.kind === 'sqlite' || c.totals.count === 0) return undefined;
  const sample = c.sample;
  const termShare = (t: string) => {
    const known = c.frequencies.get(t);
    if (known !== undefined) return known / c.totals.count;
    return sample ? sampleShare(sample, t) : 0;
  };
  return Math.max(0, ...groups.map((g) => Math.min(...g.map(termShare))));
}

/** The share of the sample's chunks that hold `term`. */
const sampleShare = (sample: NonNullable<Cached['sample']>, term: string): number =>
  sample.chunks === 0 ? 0 : (sample.holders.get(term) ?? 0) / sample.chunks;

/** Lets the requests waiting on the event loop run before going on (a search reads much, and on SQLite every read is synchronous). */
const letOthersThrough = () => new Promise<void>((resolve) => setImmediate(resolve));
let reads: Promise<unknown> = Promise.resolve();
/**
 * A read of the store's, run after the requests waiting on the event loop. On SQLite every read
 * holds the thread while it runs, so search's reads go one after another, each in a turn of the
 * event loop of its own (reads queued at once would all run in one turn); on PostgreSQL they run
 * side by side, the thread free meanwhile.
 */
function afterOthers<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.kind !== 'sqlite') return work();
  const run = reads.then(letOthersThrough).then(work);
  reads = run.catch(() => {});
  return run;
}

/** Phrases (lists of stems) once each. */
function uniquePhrases(phrases: string[][]): string[][] {
  const seen = new Map<string, string[]>();
  for (const p of phrases) seen.set(p.join(' '), p);
  return [...seen.values()];
}

/**
 * The insights a search may answer: with `analysisId`, the run's alone (within what the filters
 * keep); a run of another project or none is a 404, as `get_insights` answers.
 */
async function runsInsights(db: DbOrTx, projectId: string, analysisId: string | undefined, kept: Set<string> | null): Promise<Set<string> | null> {
  if (analysisId === undefined) return kept;
  const run = await runOf(db, projectId, analysisId);
  const rows = await db.selectFrom('insights').select('id').where('projectId', '=', projectId).where('analysisId', '=', run.id).execute();
  return new Set(rows.map((r) => r.id).filter((id) => kept === null || kept.has(id)));
}

/**
 * Each hit once, by its id (an insight's UUID). The engine keys what it ranks by id, so today a
 * page never brings one twice; this keeps "an insight at most once per page" a property of the
 * answer, not of the engine's internals. Two runs' insights are two insights, even where they
 * say the same thing: both may appear, each with its run (`analysisId`).
 */
function onceEach<T extends { id: string }>(hits: T[]): T[] {
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.id) && !!seen.add(h.id));
}

export async function search(scope: ProjectScope, body: ReadBody<'search'>): Promise<ReadAnswer<'search'>> {
  if ((body.query === undefined) === (body.queries === undefined)) {
    throw invalid('send exactly one of query and queries', [{ path: '/query', message: 'send exactly one of query and queries' }]);
  }
  const db = scope.store.db;
  const projectId = scope.project.id;
  const queries = body.query !== undefined ? [body.query] : body.queries!;
  // With the built-in encoder, the queries are encoded in its thread while the rest is read.
  const encoding = searchEncoderReads(scope.project.locale) ? encodeQueries(queries) : null;
  await searchReady(scope.project.locale);
  const cached = await freshIndex(scope.store, projectId, scope.project.locale);
  await letOthersThrough();
  const docs = await matchDocuments(db, projectId, body.filters);
  const insights = await runsInsights(db, projectId, body.analysisId, await matchInsights(db, projectId, body.filters));
  const topK = body.topK ?? 10;
  const offset = body.offset ?? 0;
  const embeddings = scope.llm?.embed ? await embeddingSimilarities(scope.store, projectId, cached, scope.llm, queries) : undefined;
  // A failure of the encoder or of reading its vectors leaves search offline (the queries' vectors are awaited in rank).
  const encoder = encoding ? await encoderOf(scope.store, projectId, cached, encoding).catch(() => undefined) : undefined;
  const participantsOnly = body.participantsOnly ?? false;
  const { hits, total, locale } = await rank(scope.store, projectId, cached, queries, {
    topK,
    offset,
    onlyInsights: body.onlyInsights ?? false,
    participantsOnly,
    phrases: queries.map((q) => quotedPhrases(q, scope.project.locale)),
    documents: docs,
    insights,
    embeddings,
    encoder,
  });
  // The page's rows with their documents' numbers, chunks and insights side by side (on PostgreSQL each round trip wakes the server's process).
  const [chunkRows, insightRows] = await Promise.all([
    inBatches(
      hits.filter((h) => h.kind === 'chunk').map((h) => h.id),
      (s) =>
        db
          .selectFrom('chunks')
          .innerJoin('documents', 'documents.id', 'chunks.documentId')
          .select(['chunks.id', 'chunks.idx', 'chunks.text', 'chunks.speaker', 'chunks.role', 'documents.counter as documentCounter'])
          .where('chunks.id', 'in', s)
          .execute(),
    ),
    inBatches(
      hits.filter((h) => h.kind === 'insight').map((h) => h.id),
      (s) =>
        db
          .selectFrom('insights')
          .leftJoin('documents', 'documents.id', 'insights.documentId')
          .select(['insights.id', 'insights.counter', 'insights.text', 'insights.analysisId', 'documents.counter as documentCounter'])
          .where('insights.id', 'in', s)
          .execute(),
    ),
  ]);
  const chunkById = new Map(chunkRows.map((c) => [c.id, c]));
  const insightById = new Map(insightRows.map((i) => [i.id, i]));
  const matched = (h: (typeof hits)[number], text: string) => ({
    score: h.score,
    matchedBy: h.by,
    snippet: snippetOf(text, highlights(text, h.terms, locale)),
  });
  await letOthersThrough();
  // An insight once per page, whatever brought it (see onceEach).
  const results: ReadAnswer<'search'>['results'] = onceEach(hits).flatMap((h): ReadAnswer<'search'>['results'] => {
    if (h.kind === 'chunk') {
      const c = chunkById.get(h.id);
      if (!c) return [];
      const doc = `D${c.documentCounter}`;
      return [
        {
          type: 'chunk' as const,
          id: `${doc}:${c.idx}`,
          documentId: doc,
          chunkIndex: Number(c.idx),
          speaker: c.speaker,
          role: c.role,
          text: c.text,
          ...matched(h, c.text),
        },
      ];
    }
    const i = insightById.get(h.id);
    if (!i) return [];
    return [
      {
        type: 'insight' as const,
        id: `I${i.counter}`,
        documentId: i.documentCounter === null ? null : `D${i.documentCounter}`,
        analysisId: i.analysisId,
        text: i.text,
        ...matched(h, i.text),
      },
    ];
  });
  return { results, total, offset, topK };
}
