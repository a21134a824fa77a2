import { tokenize, stopWords } from '../text/index.js';
import { dot, wordVectors } from './word-vectors.js';

/**
 * Texts as dense vectors of meaning (Arora, Liang & Ma 2017, "A simple but tough-to-beat
 * baseline for sentence embeddings"): the average of the words' vectors, each weighted
 * a / (a + p(w)) by its general frequency p (here from its rank in the vectors' list, which is
 * sorted by frequency), less the projection on the texts' first principal component (what all
 * texts share). Null where the locale has no word vectors.
 */
const SIF_A = 1e-4;

export function sentenceVectors(texts: string[], locale: string): Float32Array[] | null {
  if (!wordVectors(locale)) return null;
  const x = texts.map((text) => weightedAverage(text, locale)!);
  removeFirstComponent(x);
  for (const v of x) normalise(v);
  return x;
}

/** One text's vector of meaning on its own (no component shared with others removed), unit length; null without word vectors. */
export function textVector(text: string, locale: string): Float32Array | null {
  const v = weightedAverage(text, locale);
  if (v) normalise(v);
  return v;
}

function weightedAverage(text: string, locale: string): Float32Array | null {
  const wv = wordVectors(locale);
  if (!wv) return null;
  const stops = stopWords(locale);
  const v = new Float32Array(wv.dims);
  for (const w of tokenize(text, locale)) {
    if (stops.has(w)) continue;
    const vec = wv.get(w);
    const rank = wv.rank(w);
    if (!vec || rank === undefined) continue;
    // Zipf: the word of rank r has a frequency of about 0.1 / (r + 10).
    const weight = SIF_A / (SIF_A + 0.1 / (rank + 10));
    for (let d = 0; d < v.length; d++) v[d]! += weight * vec[d]!;
  }
  return v;
}

function normalise(v: Float32Array): void {
  const n = Math.sqrt(dot(v, v)) || 1;
  for (let d = 0; d < v.length; d++) v[d]! /= n;
}

/** The first principal component (uncentred, as SIF does) by power iteration, projected out of every row. */
function removeFirstComponent(x: Float32Array[]): void {
  if (x.length < 2) return;
  const dims = x[0]!.length;
  let pc = new Float32Array(dims).fill(1 / Math.sqrt(dims));
  for (let it = 0; it < 30; it++) {
    const next = new Float32Array(dims);
    for (const v of x) {
      const s = dot(v, pc);
      for (let d = 0; d < dims; d++) next[d]! += s * v[d]!;
    }
    normalise(next);
    pc = next;
  }
  for (const v of x) {
    const s = dot(v, pc);
    for (let d = 0; d < dims; d++) v[d]! -= s * pc[d]!;
  }
}
