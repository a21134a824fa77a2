import { Bm25, type CorpusStats } from './bm25.js';
import { expand, kinds } from './wordnet.js';
import { paraphrasesOf } from './lexicon.js';
import { stem, stopWords, terms, tokenize } from '../text/index.js';
import { analyseForSearch, type Analysed } from './analysed.js';
import { textVector } from '../meaning/sentence-vectors.js';
import { dot } from '../meaning/word-vectors.js';
import { stemVector } from '../meaning/stem-vectors.js';
import { clamp01, combined, RELEVANCE, type Match, type MatchedBy } from './relevance.js';

/**
 * The offline search engine of one project (issue 27). An item is a result when it matches the
 * query: by words (it holds one of the query's terms) or by meaning (it holds a WordNet synonym or
 * a research-lexicon paraphrase of a query word, or its sentence vector is close to the query's
 * by the bars of `RELEVANCE`, or, with a provider, its embedding is). Nothing else is returned,
 * so `total` counts what a client can page through. Each result's score is in [0, 1]: the
 * share of the query's terms it holds (weighted by how rare they are in the project), raised by
 * how closely it matches in meaning; results come best first. Several queries are fused by
 * reciprocal rank (decisions §7), each result keeping its best score.
 */
export interface SearchItem {
  id: string;
  kind: 'chunk' | 'insight';
  documentId: string | null;
  text: string;
}

export type SearchMode = 'lexical' | 'semantic' | 'hybrid';

export interface SearchOptions {
  topK?: number;
  offset?: number;
  mode?: SearchMode;
  kinds?: SearchItem['kind'][];
  allow?: (item: Omit<SearchItem, 'text'>) => boolean;
  /** Per query (by its place in `queries`), whether an item may answer it (a quoted phrase it must hold, phrases.ts). */
  allowFor?: (id: string, query: number) => boolean;
  /** Use the research lexicon for matches by meaning (on by default). */
  lexicon?: boolean;
  /** Per query, the cosine of each item's embedding to the query's (from a provider), where there is one. */
  embeddings?: Map<string, number>[];
  /**
   * Per query, the cosine of each item's vector from the built-in sentence encoder to the query's
   * (`SIFT_EMBEDDING_MODEL=builtin`), read beside the offline sentence vectors' (issue 44): an item
   * the words found counts the closer of the two; another matches by it only with one of the
   * query's words close to one of its own, as by the offline vectors (the encoder's cosine alone
   * cannot tell a paraphrase from a word the project never speaks of: test/eval/README.md).
   */
  encoder?: Map<string, number>[];
  /** Per query, its words as `queryWords` read them, where the caller has read them already (with the same lexicon setting). */
  words?: QueryWord[][];
}

export interface Hit {
  id: string;
  kind: SearchItem['kind'];
  documentId: string | null;
  score: number;
  by: MatchedBy;
  /** The item's terms (stems) that matched: the query's own, or their synonyms. */
  terms: string[];
}

const RRF_K = 60;

/** What the index keeps of an item: not its text, which answers read from the store. */
interface Kept {
  id: string;
  kind: SearchItem['kind'];
  documentId: string | null;
  terms: string[];
  meaning: Float32Array | null;
}

/** A query word: its stem and the stems of its synonyms and paraphrases (each a phrase of one or more stems). */
export interface QueryWord {
  /** The word as typed, lower case. */
  word: string;
  term: string;
  expansions: string[][];
}

/**
 * Words a query does not match by, though texts keep them among their terms (issue 44): "no"
 * stands in most turns of a transcript ("no, I ...", "no idea"), and a query holding it ("no pay
 * rise") matched nearly every turn by that word alone. A quoted phrase keeps it: `"no pay rise"`
 * answers the passages holding those words in that order (phrases.ts, domain/search.ts).
 */
const QUERY_STOPS: Record<string, ReadonlySet<string>> = { en: new Set(['no']) };

/** The stems of each word's kinds, by locale, bar and word (SearchIndex.kindTerms). */
const kindTermsOf = new Map<string, Set<string>>();

/** A query's words' vectors, and per stem met while matching its closest similarity to them (SearchIndex.closestTo). */
interface QueryVectors {
  vectors: Float32Array[];
  closest: Map<string, { similarity: number; rank: number } | null>;
}

export class SearchIndex {
  private readonly items = new Map<string, Kept>();
  private readonly bm25: Bm25;
  private bytes = 0;
  /** `stats`: the corpus the items are candidates from, where the index holds only candidates (store-ranked search). */
  constructor(
    readonly locale = 'en',
    private readonly params = RELEVANCE,
    stats?: CorpusStats,
  ) {
    this.bm25 = new Bm25(stats);
  }

  /** How many items hold a term, and how many terms the items hold together: the index's own corpus statistics. */
  documentFrequency(term: string): number {
    return this.bm25.holders(term)?.size ?? 0;
  }

  get totalTerms(): number {
    return this.bm25.totalTerms;
  }

  get size(): number {
    return this.items.size;
  }

  /**
   * Roughly the memory the index holds — texts (UTF-16), terms with their postings, meaning
   * vectors — so that a cache of indexes can keep to a ceiling (bench/search-memory.ts checks
   * the estimate against the heap).
   */
  get approxBytes(): number {
    return this.bytes;
  }

  private static costOf(item: Kept): number {
    return 80 * item.terms.length + (item.meaning?.byteLength ?? 0) + 200;
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** Adds (or replaces) an item, from its text or from what was read of it in this index's locale beforehand. */
  add(item: SearchItem | (Omit<SearchItem, 'text'> & { analysed: Analysed })): void {
    this.remove(item.id);
    const a = 'analysed' in item ? item.analysed : analyseForSearch(item.text, this.locale);
    const stored: Kept = { id: item.id, kind: item.kind, documentId: item.documentId, terms: a.terms, meaning: a.meaning };
    this.items.set(item.id, stored);
    this.bm25.add(item.id, a.terms);
    this.bytes += SearchIndex.costOf(stored);
  }

  remove(id: string): void {
    const old = this.items.get(id);
    if (!old) return;
    this.items.delete(id);
    this.bm25.remove(id);
    this.bytes -= SearchIndex.costOf(old);
  }

  ids(): string[] {
    return [...this.items.keys()];
  }

  /** Every item as it is kept (its terms and vector of meaning), to be added to another index. */
  *entries(): IterableIterator<Omit<SearchItem, 'text'> & { analysed: Analysed }> {
    for (const k of this.items.values()) yield { id: k.id, kind: k.kind, documentId: k.documentId, analysed: { terms: k.terms, meaning: k.meaning } };
  }

  /** The query's content words, once each, with what they mean beyond themselves (synonyms, paraphrases). */
  queryWords(query: string, useLexicon = true): QueryWord[] {
    const stops = stopWords(this.locale);
    const queryStops = QUERY_STOPS[this.locale];
    // An expansion left with only the language's most common words ("go after", a synonym of "dog", read as "go") would find everything.
    const common = (t: string) => (stemVector(t, this.locale)?.rank ?? Infinity) < this.params.commonWords;
    const out = new Map<string, QueryWord>();
    for (const w of tokenize(query, this.locale)) {
      const bare = w.replace(/'s$|n't$/, '');
      if (bare.length === 0 || stops.has(bare) || stops.has(w) || queryStops?.has(bare) || out.has(stem(bare, this.locale))) continue;
      const term = stem(bare, this.locale);
      const phrases = [...(useLexicon ? [...paraphrasesOf(bare), ...paraphrasesOf(term)] : []), ...(this.locale === 'en' ? expand(bare).synonyms : [])];
      const expansions = phrases.map((p) => terms(p, this.locale)).filter((t) => t.length > 0 && !t.includes(term) && !t.every(common));
      out.set(term, { word: bare.toLowerCase(), term, expansions });
    }
    return [...out.values()];
  }

  /** The items holding every stem of a phrase. */
  private holdersOf(phrase: string[]): string[] {
    const [first, ...rest] = phrase;
    const holders = this.bm25.holders(first!);
    if (!holders) return [];
    return [...holders.keys()].filter((id) => rest.every((t) => this.bm25.holders(t)?.has(id)));
  }

  /**
   * How close in meaning the query's closest word is to the item's closest (the cosine of their
   * word vectors, by stem), the language's most common words left out of the item's side, as
   * they are near everything.
   */
  private closestWords(query: QueryVectors, item: Kept, only?: Set<string>): { similarity: number; term: string; rank: number } {
    let best = { similarity: 0, term: '', rank: 0 };
    for (const t of new Set(item.terms)) {
      if (only && !only.has(t)) continue;
      const close = this.closestTo(query, t);
      if (close && close.similarity > best.similarity) best = { similarity: close.similarity, term: t, rank: close.rank };
    }
    return best;
  }

  /** The closest of the query's words to the stem `t` (null for a stem without a vector or among the most common), remembered for the query: its items share most of their words. */
  private closestTo(query: QueryVectors, t: string): { similarity: number; rank: number } | null {
    const known = query.closest.get(t);
    if (known !== undefined) return known;
    const v = stemVector(t, this.locale);
    let close: { similarity: number; rank: number } | null = null;
    if (v && v.rank >= this.params.commonWords) {
      close = { similarity: Number.NEGATIVE_INFINITY, rank: v.rank };
      for (const q of query.vectors) close.similarity = Math.max(close.similarity, dot(q, v.vector));
    }
    query.closest.set(t, close);
    return close;
  }

  /**
   * The stems of a word's kinds (wordnet.ts `kinds`). A word of a kind of several words stands for
   * it only where it is rare ("diesel" of "diesel oil"); a common one would stand for anything
   * ("book" of "comic book", a kind of magazine).
   */
  private kindTerms(word: string): Set<string> {
    const key = `${this.locale}\u0000${this.params.kindWordRank}\u0000${word}`;
    const known = kindTermsOf.get(key);
    if (known) return known;
    const out = new Set<string>();
    for (const kind of kinds(word)) {
      const several = kind.includes(' ');
      for (const t of terms(kind, this.locale)) if (!several || (stemVector(t, this.locale)?.rank ?? 0) >= this.params.kindWordRank) out.add(t);
    }
    // A search builds an index of its own (domain/search.ts), so what a word's kinds are is kept here: "person" has 2,200.
    if (kindTermsOf.size >= 10_000) kindTermsOf.clear();
    kindTermsOf.set(key, out);
    return out;
  }

  /** Every item that matches one query, with its score, how it matched and the terms that did. */
  private matches(
    query: string,
    mode: SearchMode,
    allow: (id: string) => boolean,
    useLexicon: boolean,
    embedding?: Map<string, number>,
    read?: QueryWord[],
    encoder?: Map<string, number>,
  ): Map<string, Match> {
    const p = this.params;
    const words = read ?? this.queryWords(query, useLexicon);
    const idf = new Map(words.map((w) => [w.term, this.bm25.idf(w.term)]));
    const totalIdf = [...idf.values()].reduce((a, b) => a + b, 0);
    const lexical = new Map<string, { idf: number; frequency: number; terms: Set<string> }>();
    if (mode !== 'semantic' && totalIdf > 0) {
      for (const w of words) {
        for (const [id, tf] of this.bm25.holders(w.term) ?? []) {
          if (!allow(id)) continue;
          const e = lexical.get(id) ?? { idf: 0, frequency: 0, terms: new Set<string>() };
          e.idf += idf.get(w.term)!;
          e.frequency += idf.get(w.term)! * this.bm25.saturation(id, tf, p.k1, p.b);
          e.terms.add(w.term);
          lexical.set(id, e);
        }
      }
    }
    // `matches`: whether the meaning alone makes the item a match (it passed a bar, or holds a synonym).
    const meaning = new Map<string, { score: number; terms: Set<string>; matches: boolean }>();
    const mean = (id: string, score: number, found: string[] = [], matches = true) => {
      const e = meaning.get(id) ?? { score: 0, terms: new Set<string>(), matches: false };
      e.score = Math.max(e.score, score);
      e.matches ||= matches;
      for (const t of found) e.terms.add(t);
      meaning.set(id, e);
    };
    if (mode !== 'lexical' && totalIdf > 0) {
      // A query word found through its synonyms, where the item does not hold the word itself.
      const bySynonym = new Map<string, { idf: number; terms: string[] }>();
      for (const w of words) {
        const reached = new Map<string, string[]>();
        for (const phrase of w.expansions) for (const id of this.holdersOf(phrase)) if (!reached.has(id)) reached.set(id, phrase);
        for (const [id, phrase] of reached) {
          if (!allow(id) || this.bm25.holders(w.term)?.has(id)) continue;
          const e = bySynonym.get(id) ?? { idf: 0, terms: [] };
          e.idf += idf.get(w.term)!;
          e.terms.push(...phrase);
          bySynonym.set(id, e);
        }
      }
      for (const [id, e] of bySynonym) mean(id, (p.synonymWeight * e.idf) / totalIdf, e.terms);
      const q = textVector(query, this.locale);
      const queryVectors: QueryVectors = {
        vectors: words.map((w) => stemVector(w.term, this.locale)?.vector).filter((v): v is Float32Array => !!v),
        closest: new Map(),
      };
      // A word alone has no context to tell its kinds from its siblings, which its vector holds as
      // close ("thirteen" and "twelve", "tomorrow" and "today"): it matches by meaning only where
      // the item's close word is one of its kinds, "petrol" for "fuel".
      const only = words.length === 1 && this.locale === 'en' ? this.kindTerms(words[0]!.word) : undefined;
      if (q && queryVectors.vectors.length > 0) {
        for (const [id, item] of this.items) {
          if (!item.meaning || !allow(id)) continue;
          const cosine = dot(q, item.meaning);
          const encoded = encoder?.get(id) ?? 0;
          // An item the query's words found counts its meaning whatever it is; the bars decide only what else matches.
          if (lexical.has(id)) {
            const sentence = Math.max(clamp01(cosine / p.meaningFull), clamp01(encoded / p.encoderWordsFull));
            if (sentence > 0) mean(id, sentence, [], false);
            continue;
          }
          const byVectors = cosine >= p.meaningBar;
          // A word alone is matched by the encoder only where its words hold it: one word of a kind
          // near one of the item's reached the encoder's bar for a word the project never speaks of.
          const byEncoder = words.length > 1 && encoded >= p.encoderBar;
          if (!byVectors && !byEncoder) continue;
          const closest = this.closestWords(queryVectors, item, only);
          // The meaning of the sentence: by the offline vectors, or by the encoder's where it is closer.
          const sentence = Math.max(
            byVectors && closest.similarity >= p.wordBar ? clamp01(cosine / p.meaningFull) : 0,
            byEncoder && closest.similarity >= p.encoderWordBar ? clamp01(encoded / p.encoderFull) : 0,
          );
          // The word that carried the match is shown only when it says something ("recycling", not "keep").
          if (sentence > 0) mean(id, sentence, closest.rank >= p.shownWords ? [closest.term] : []);
        }
      }
      for (const [id, cosine] of embedding ?? []) {
        if (cosine >= p.embeddingBar && this.items.has(id) && allow(id)) mean(id, clamp01(cosine / p.embeddingFull));
      }
    }
    const out = new Map<string, Match>();
    const wordsScoreOf = (l: { idf: number; frequency: number }) =>
      (l.idf / totalIdf) ** p.coveragePower * (1 - p.frequencyShare + (p.frequencyShare * l.frequency) / l.idf);
    // Meaning counts as much as the query's words are missing from its best match by words, and at
    // least `meaningBesideWords`: where an item holds them all, the words rank first and meaning
    // orders what they leave level. A long query's sentence vector sits near most turns, and ranked
    // a turn holding two of its five words below turns that only resemble it (test/eval/README.md).
    let bestWords = 0;
    for (const l of lexical.values()) bestWords = Math.max(bestWords, wordsScoreOf(l));
    const meaningWeight = Math.max(p.meaningBesideWords, 1 - bestWords);
    for (const id of new Set([...lexical.keys(), ...meaning.keys()])) {
      const l = lexical.get(id);
      const m = meaning.get(id);
      const wordsScore = l ? wordsScoreOf(l) : 0;
      const score = combined(wordsScore, (m?.score ?? 0) * meaningWeight);
      const by: MatchedBy = l && m?.matches ? 'both' : l ? 'words' : 'meaning';
      out.set(id, { score, by, terms: new Set([...(l?.terms ?? []), ...(m?.terms ?? [])]) });
    }
    return out;
  }

  search(queries: string[], opts: SearchOptions = {}): { hits: Hit[]; total: number } {
    const mode = opts.mode ?? 'hybrid';
    const useLexicon = opts.lexicon ?? true;
    const allow = (id: string) => {
      const item = this.items.get(id)!;
      return (!opts.kinds || opts.kinds.includes(item.kind)) && (!opts.allow || opts.allow(item));
    };
    const offset = opts.offset ?? 0;
    const topK = opts.topK ?? 10;
    const allowFor = opts.allowFor;
    const perQuery = queries.map((q, n) =>
      this.matches(q, mode, allowFor ? (id) => allow(id) && allowFor(id, n) : allow, useLexicon, opts.embeddings?.[n], opts.words?.[n], opts.encoder?.[n]),
    );
    const best = new Map<string, Match>();
    for (const matches of perQuery) {
      for (const [id, m] of matches) {
        const seen = best.get(id);
        if (!seen) best.set(id, { ...m, terms: new Set(m.terms) });
        else {
          seen.score = Math.max(seen.score, m.score);
          if (seen.by !== m.by) seen.by = 'both';
          for (const t of m.terms) seen.terms.add(t);
        }
      }
    }
    const order =
      perQuery.length === 1
        ? firstOf(
            [...best].map(([id, m]) => [id, m.score] as const),
            offset + topK,
            byScoreThenId,
          ).map(([id]) => id)
        : fuse(
            perQuery.map((matches) =>
              [...matches]
                .map(([id, m]) => [id, m.score] as const)
                .sort(byScoreThenId)
                .map(([id]) => id),
            ),
          ).map(([id]) => id);
    const hits = order.slice(offset, offset + topK).map((id) => {
      const item = this.items.get(id)!;
      const m = best.get(id)!;
      return { id, kind: item.kind, documentId: item.documentId, score: Number(m.score.toFixed(4)), by: m.by, terms: [...m.terms] };
    });
    return { hits, total: best.size };
  }
}

const byScoreThenId = (a: readonly [string, number], b: readonly [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

/**
 * The first `n` entries in the order `cmp` sorts them (the same as sorting them all and taking
 * the first `n`, ties included), where `cmp` puts higher scores first: the n-th best score is
 * found on a typed array, and only the entries that reach it are sorted.
 */
export function firstOf<T extends readonly [string, number]>(entries: T[], n: number, cmp: (a: T, b: T) => number): T[] {
  if (entries.length <= n) return entries.sort(cmp);
  const scores = Float64Array.from(entries, (e) => e[1]).sort();
  const bar = scores[scores.length - n]!;
  return entries
    .filter((e) => e[1] >= bar)
    .sort(cmp)
    .slice(0, n);
}

/** Reciprocal-rank fusion of ranked id lists, each counting as much as its weight (1 by default). */
export function fuse(lists: string[][], weights: number[] = []): [string, number][] {
  const scores = new Map<string, number>();
  for (const [n, list] of lists.entries()) {
    const w = weights[n] ?? 1;
    for (const [i, id] of list.entries()) scores.set(id, (scores.get(id) ?? 0) + w / (RRF_K + i + 1));
  }
  return [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}
