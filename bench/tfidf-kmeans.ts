import stopword from 'stopword';
import { random as seeded } from '../src/engine/analysis/nmf.js';

/**
 * The honest baseline of analysis speed (issue 45): what a practitioner would write to group a
 * project's interviews into themes, and nothing more. The participants' turns (every labelled
 * line but the interviewer's) as TF-IDF vectors in sparse rows of typed arrays (sublinear term
 * frequency, smoothed idf, unit length), grouped by spherical k-means (k-means++ starts, best of
 * five by cohesion, at most 50 rounds each), each group named by its centre's five strongest
 * words. It reads no sentences, finds no insights and names nothing well: it is the floor the
 * engine's time is measured against, not a rival in quality (eval/passages/baselines.ts is that).
 */

const LABELLED = /^([^\n:]{1,40}):[ \t]+(\S.*)$/gmu;
const INTERVIEWER = /^(interviewer|moderator|facilitator|q)$/i;
const STOP = new Set((stopword as unknown as Record<string, string[]>).eng);

interface Rows {
  /** Row r's terms are idx[start[r]..start[r + 1]), with their weights in val. */
  start: Int32Array;
  idx: Int32Array;
  val: Float32Array;
  vocabulary: string[];
}

function participantTurns(texts: readonly string[]): string[] {
  const turns: string[] = [];
  for (const text of texts) for (const m of text.matchAll(LABELLED)) if (!INTERVIEWER.test(m[1]!.trim())) turns.push(m[2]!);
  return turns;
}

function tfidf(turns: readonly string[]): Rows {
  const ids = new Map<string, number>();
  const counted = turns.map((turn) => {
    const counts = new Map<number, number>();
    for (const w of turn.toLowerCase().match(/\p{L}+/gu) ?? []) {
      if (w.length < 3 || STOP.has(w)) continue;
      if (!ids.has(w)) ids.set(w, ids.size);
      const id = ids.get(w)!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  });
  const df = new Int32Array(ids.size);
  for (const c of counted) for (const id of c.keys()) df[id]!++;
  const start = new Int32Array(turns.length + 1);
  for (let r = 0; r < counted.length; r++) start[r + 1] = start[r]! + counted[r]!.size;
  const idx = new Int32Array(start[turns.length]!);
  const val = new Float32Array(start[turns.length]!);
  counted.forEach((c, r) => {
    let at = start[r]!;
    let norm = 0;
    for (const [id, n] of c) {
      const w = (1 + Math.log(n)) * (Math.log((1 + turns.length) / (1 + df[id]!)) + 1);
      idx[at] = id;
      val[at++] = w;
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = start[r]!; k < at; k++) val[k]! /= norm;
  });
  return { start, idx, val, vocabulary: [...ids.keys()] };
}

function dot(rows: Rows, r: number, centres: Float32Array, c: number, dims: number): number {
  let s = 0;
  for (let k = rows.start[r]!; k < rows.start[r + 1]!; k++) s += rows.val[k]! * centres[c * dims + rows.idx[k]!]!;
  return s;
}

function sphericalKmeans(rows: Rows, k: number, seed: number): { assign: Int32Array; centres: Float32Array; cohesion: number } {
  const n = rows.start.length - 1;
  const dims = rows.vocabulary.length;
  const rnd = seeded(seed);
  let best: { assign: Int32Array; centres: Float32Array; cohesion: number } | null = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const centres = new Float32Array(k * dims);
    const place = (c: number, r: number) => {
      for (let j = rows.start[r]!; j < rows.start[r + 1]!; j++) centres[c * dims + rows.idx[j]!] = rows.val[j]!;
    };
    // k-means++: each next centre a turn far (1 - cosine) from those chosen, with odds by its squared distance.
    place(0, Math.floor(rnd() * n));
    const far = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    for (let c = 1; c < k; c++) {
      let total = 0;
      for (let r = 0; r < n; r++) {
        const d = 1 - dot(rows, r, centres, c - 1, dims);
        far[r] = Math.min(far[r]!, d * d);
        total += far[r]!;
      }
      let pick = rnd() * total;
      let r = 0;
      for (; r < n - 1 && pick > far[r]!; r++) pick -= far[r]!;
      place(c, r);
    }
    const assign = new Int32Array(n).fill(-1);
    let cohesion = 0;
    for (let round = 0; round < 50; round++) {
      let moved = 0;
      cohesion = 0;
      for (let r = 0; r < n; r++) {
        let to = 0;
        let sim = Number.NEGATIVE_INFINITY;
        for (let c = 0; c < k; c++) {
          const s = dot(rows, r, centres, c, dims);
          if (s > sim) [sim, to] = [s, c];
        }
        cohesion += sim;
        if (assign[r] !== to) [assign[r], moved] = [to, moved + 1];
      }
      if (moved === 0) break;
      centres.fill(0);
      for (let r = 0; r < n; r++) for (let j = rows.start[r]!; j < rows.start[r + 1]!; j++) centres[assign[r]! * dims + rows.idx[j]!]! += rows.val[j]!;
      for (let c = 0; c < k; c++) {
        let norm = 0;
        for (let d = 0; d < dims; d++) norm += centres[c * dims + d]! ** 2;
        norm = Math.sqrt(norm) || 1;
        for (let d = 0; d < dims; d++) centres[c * dims + d]! /= norm;
      }
    }
    if (!best || cohesion > best.cohesion) best = { assign, centres, cohesion };
  }
  return best!;
}

/** The themes of a set of transcripts as the baseline finds them: each group's size and its five strongest words. */
export function baselineThemes(texts: readonly string[], k = 8, seed = 42): { turns: number; words: string[]; size: number }[] {
  const turns = participantTurns(texts);
  const rows = tfidf(turns);
  const dims = rows.vocabulary.length;
  if (turns.length < k) return [];
  const { assign, centres } = sphericalKmeans(rows, k, seed);
  return Array.from({ length: k }, (_, c) => {
    const weights = centres.subarray(c * dims, (c + 1) * dims);
    const top = [...weights.keys()].sort((a, b) => weights[b]! - weights[a]!).slice(0, 5);
    return { turns: turns.length, words: top.map((d) => rows.vocabulary[d]!), size: assign.filter((a) => a === c).length };
  });
}
