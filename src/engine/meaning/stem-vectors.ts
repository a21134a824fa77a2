import { stem } from '../text/index.js';
import { wordVectors } from './word-vectors.js';

/**
 * Word vectors looked up by stem, as search keeps its items' words: a stem stands for the most
 * frequent word of the vectors' list that has it ("deliveri" for "delivery"). A stem is its
 * words' beginning but for its last letter ("deliveri", "berri"), so only the words that begin
 * so are stemmed, most frequent first, from lists by first letters built once per locale
 * (stemming all 100,000 words would cost a first search about a second).
 */
export interface StemVector {
  vector: Float32Array;
  /** The rank of the word that stands for the stem: 0 for the most frequent word of the language. */
  rank: number;
}

const bucketsByLocale = new Map<string, Map<string, number[]> | null>();
const found = new Map<string, number | null>();
const MEMORY = 100_000;
const KEY = 3;

/** The vectors' words by their first three letters, each list most frequent first (one pass; sorting them all cost a first search 0.1 s). */
function buckets(locale: string): Map<string, number[]> | null {
  let map = bucketsByLocale.get(locale);
  if (map !== undefined) return map;
  const wv = wordVectors(locale);
  map = wv ? new Map() : null;
  if (wv && map)
    for (const [rank, word] of wv.words.entries()) {
      const key = word.slice(0, KEY);
      const list = map.get(key);
      if (list) list.push(rank);
      else map.set(key, [rank]);
    }
  bucketsByLocale.set(locale, map);
  return map;
}

/** Whole tables of stem → rank, where one was built (stemRanks) and installed. */
const tables = new Map<string, Map<string, number>>();

/**
 * Every stem's rank as `rankOf` finds it, for all the vectors' words at once: the most frequent
 * word whose stem it is, that begins with the stem but for its last letter and is at most eight
 * letters longer. Stemming 100,000 words takes seconds: built in a worker thread
 * (engine/search/stem-table.ts), never where a request waits.
 */
export function stemRanks(locale: string): Map<string, number> {
  const table = new Map<string, number>();
  const wv = wordVectors(locale);
  if (!wv) return table;
  for (const [rank, word] of wv.words.entries()) {
    const s = stem(word, locale);
    if (table.has(s)) continue;
    const prefix = s.length > 3 ? s.slice(0, -1) : s;
    if (word.startsWith(prefix) && word.length <= s.length + 8) table.set(s, rank);
  }
  return table;
}

/** From now on `rankOf` looks stems up in `table` (stemRanks') rather than stemming words as they come. */
export function installStemRanks(locale: string, table: Map<string, number>): void {
  tables.set(locale, table);
}

/** The rank of the most frequent word whose stem is `s`, or null. */
function rankOf(s: string, locale: string): number | null {
  const table = tables.get(locale);
  if (table) return table.get(s) ?? null;
  const key = `${locale}\u0000${s}`;
  const known = found.get(key);
  if (known !== undefined) return known;
  const map = buckets(locale);
  let best: number | null = null;
  if (map) {
    const prefix = s.length > 3 ? s.slice(0, -1) : s;
    const words = wordVectors(locale)!.words;
    // A stem shorter than the lists' key (rare: "tv") is looked for among every word.
    const ranks = prefix.length >= KEY ? (map.get(prefix.slice(0, KEY)) ?? []) : words.keys();
    for (const rank of ranks) {
      const word = words[rank]!;
      // Stemming takes a few letters off the end ("-ational"), never a dozen.
      if (!word.startsWith(prefix) || word.length > s.length + 8) continue;
      if (stem(word, locale) === s) {
        best = rank;
        break;
      }
    }
  }
  if (found.size >= MEMORY) found.clear();
  found.set(key, best);
  return best;
}

export function stemVector(s: string, locale: string): StemVector | null {
  const rank = rankOf(s, locale);
  if (rank === null) return null;
  const wv = wordVectors(locale)!;
  const vector = wv.get(wv.words[rank]!);
  return vector ? { vector, rank } : null;
}
