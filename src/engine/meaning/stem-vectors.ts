import { stem } from '../text/index.js';
import { wordVectors } from './word-vectors.js';

/**
 * Word vectors looked up by stem, as search keeps its items' words: a stem stands for the most
 * frequent word of the vectors' list that has it ("deliveri" for "delivery"). A stem is its
 * words' beginning but for its last letter ("deliveri", "berri"), so only the words that begin
 * so are stemmed, found by binary search in the list sorted once per locale (stemming all
 * 100,000 words would cost a first search about a second).
 */
export interface StemVector {
  vector: Float32Array;
  /** The rank of the word that stands for the stem: 0 for the most frequent word of the language. */
  rank: number;
}

const sortedByLocale = new Map<string, { word: string; rank: number }[] | null>();
const found = new Map<string, number | null>();
const MEMORY = 100_000;

function sorted(locale: string): { word: string; rank: number }[] | null {
  let list = sortedByLocale.get(locale);
  if (list !== undefined) return list;
  const wv = wordVectors(locale);
  list = wv ? wv.words.map((word, rank) => ({ word, rank })).sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0)) : null;
  sortedByLocale.set(locale, list);
  return list;
}

/** The rank of the most frequent word whose stem is `s`, or null. */
function rankOf(s: string, locale: string): number | null {
  const key = `${locale}\u0000${s}`;
  const known = found.get(key);
  if (known !== undefined) return known;
  const list = sorted(locale);
  let best: number | null = null;
  if (list) {
    const prefix = s.length > 3 ? s.slice(0, -1) : s;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.word < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < list.length && list[i]!.word.startsWith(prefix); i++) {
      const { word, rank } = list[i]!;
      // Stemming takes a few letters off the end ("-ational"), never a dozen.
      if (word.length > s.length + 8) continue;
      if ((best === null || rank < best) && stem(word, locale) === s) best = rank;
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
