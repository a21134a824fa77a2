/**
 * An incremental BM25 index over pre-analysed terms. Written here rather than taken from a
 * library because the semantic side scores weighted query expansions (synonyms below the
 * original words), which the BM25 libraries tried (minisearch, wink-bm25) do not accept, and
 * because items must be added and removed one at a time as documents and insights change.
 */
const K1 = 1.2;
const B = 0.75;

/**
 * What BM25's weights are computed over, where that is more than the items held: a search that
 * ranks only the candidates a store's full-text index found still weighs terms by the project.
 */
export interface CorpusStats {
  count: number;
  averageLength: number;
  documentFrequency(term: string): number;
}

export class Bm25 {
  constructor(private readonly stats?: CorpusStats) {}

  private readonly postings = new Map<string, Map<string, number>>();
  private readonly lengths = new Map<string, number>();
  private totalLength = 0;

  get size(): number {
    return this.lengths.size;
  }

  /** How many terms the items hold together. */
  get totalTerms(): number {
    return this.totalLength;
  }

  add(id: string, terms: string[]): void {
    if (this.lengths.has(id)) this.remove(id);
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let p = this.postings.get(t);
      if (!p) {
        p = new Map();
        this.postings.set(t, p);
      }
      p.set(id, n);
    }
    this.lengths.set(id, terms.length);
    this.totalLength += terms.length;
  }

  remove(id: string): void {
    const len = this.lengths.get(id);
    if (len === undefined) return;
    // Postings are found by scanning: removals are rare next to searches.
    for (const [t, p] of this.postings) {
      if (p.delete(id) && p.size === 0) this.postings.delete(t);
    }
    this.lengths.delete(id);
    this.totalLength -= len;
  }

  /** Scores every item holding a query term; `weights` maps term → weight. */
  score(weights: Map<string, number>, allow?: (id: string) => boolean): Map<string, number> {
    const n = this.lengths.size;
    const avg = n === 0 ? 1 : this.totalLength / n;
    const scores = new Map<string, number>();
    for (const [term, w] of weights) {
      const p = this.postings.get(term);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.size + 0.5) / (p.size + 0.5));
      for (const [id, tf] of p) {
        if (allow && !allow(id)) continue;
        const len = this.lengths.get(id)!;
        const s = w * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avg)));
        scores.set(id, (scores.get(id) ?? 0) + s);
      }
    }
    return scores;
  }

  documentFrequency(term: string): number {
    return this.stats ? this.stats.documentFrequency(term) : (this.postings.get(term)?.size ?? 0);
  }

  private get count(): number {
    return this.stats ? this.stats.count : this.lengths.size;
  }

  private get averageLength(): number {
    if (this.stats) return this.stats.averageLength || 1;
    return this.lengths.size === 0 ? 1 : this.totalLength / this.lengths.size;
  }

  /** The items holding a term, with how often each holds it. */
  holders(term: string): ReadonlyMap<string, number> | undefined {
    return this.postings.get(term);
  }

  /** BM25's inverse document frequency of a term; a term no item holds gets the highest. */
  idf(term: string): number {
    const n = this.count;
    const df = this.documentFrequency(term);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** How saturated a term's count in an item is, in (0, 1): BM25's term-frequency factor over its ceiling. */
  saturation(id: string, tf: number, k1 = K1, b = B): number {
    const avg = this.averageLength;
    const len = this.lengths.get(id) ?? avg;
    return tf / (tf + k1 * (1 - b + (b * len) / avg));
  }
}
