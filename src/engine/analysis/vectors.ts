import { terms } from '../text/index.js';
import type { SparseRows } from './nmf.js';

/** Words too general to name or separate themes in English interviews (the stop-word list keeps them). */
const WEAK = new Set([
  'not',
  'just',
  'realli',
  'also',
  'would',
  'could',
  'get',
  'got',
  'one',
  'like',
  'even',
  'thing',
  'lot',
  'time',
  'way',
  'honest',
  'actual',
  'still',
  'everi',
  'much',
  'sure',
  'mayb',
  'make',
  'use',
  'want',
  'need',
  'know',
  'think',
  'said',
  'say',
  'day',
  'week',
  'go',
  'tri',
  'first',
  'two',
  'three',
  'mani',
  'thank',
  'yes',
  'yeah',
  'okay',
  'well',
  'right',
  'someth',
  'noth',
  'anyth',
  'everyth',
  'bit',
  'back',
  'minut',
  'month',
  'year',
  'half',
  'best',
  'fine',
  'good',
  'great',
  'nobodi',
  'somebodi',
  'anyon',
  'everyon',
  'someon',
  'stuff',
  'kind',
  'sort',
  'place',
  'cours',
  'guess',
  'mean',
  'pretti',
  'quit',
  'proper',
  'bloodi',
  'absolut',
  'definit',
  'basic',
  'probabl',
]);
export const contentTerms = (text: string, locale: string) => terms(text, locale).filter((t) => locale !== 'en' || !WEAK.has(t));

/**
 * Sparse TF-IDF vectors over a shared vocabulary, L2-normalised, with cosine similarity. A text
 * may be given as its `contentTerms`, so that a caller who needs them several times tokenises once.
 */
export type Vec = Map<string, number>;

export class Vectorizer {
  readonly df = new Map<string, number>();
  n = 0;
  constructor(readonly locale: string) {}

  private terms(text: string | string[]): string[] {
    return typeof text === 'string' ? contentTerms(text, this.locale) : text;
  }

  fit(texts: (string | string[])[]): void {
    for (const t of texts) {
      this.n++;
      for (const term of new Set(this.terms(t))) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    }
  }

  idf(term: string): number {
    return Math.log((1 + this.n) / (1 + (this.df.get(term) ?? 0))) + 1;
  }

  vector(text: string | string[]): Vec {
    const v: Vec = new Map();
    for (const t of this.terms(text)) v.set(t, (v.get(t) ?? 0) + 1);
    let norm = 0;
    for (const [t, tf] of v) {
      const w = (1 + Math.log(tf)) * this.idf(t);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of v) v.set(t, w / norm);
    return v;
  }

  /**
   * Terms worth clustering on: in at least two texts and at most half of them (a term in most
   * texts separates nothing), the `max` most widespread of those.
   */
  vocabulary(max: number): string[] {
    return [...this.df]
      .filter(([, d]) => d >= 2 && d <= Math.max(2, this.n * 0.5))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, max)
      .map(([t]) => t);
  }
}

/** Rows over a fixed vocabulary, each re-normalised to unit length, for the factorisation. */
export function sparseRows(vs: Vec[], vocab: string[]): SparseRows {
  const index = new Map(vocab.map((t, i) => [t, i]));
  return {
    columns: vocab.length,
    rows: vs.map((v) => {
      const cols: number[] = [];
      const vals: number[] = [];
      for (const [t, w] of v) {
        const i = index.get(t);
        if (i === undefined) continue;
        cols.push(i);
        vals.push(w);
      }
      const norm = Math.sqrt(vals.reduce((s, x) => s + x * x, 0)) || 1;
      return { cols: Int32Array.from(cols), vals: Float64Array.from(vals, (x) => x / norm) };
    }),
  };
}

export function cosine(a: Vec, b: Vec): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [t, w] of small) s += w * (large.get(t) ?? 0);
  return s;
}

export function centroid(vs: Vec[]): Vec {
  const c: Vec = new Map();
  for (const v of vs) for (const [t, w] of v) c.set(t, (c.get(t) ?? 0) + w / vs.length);
  let norm = 0;
  for (const w of c.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of c) c.set(t, w / norm);
  return c;
}
