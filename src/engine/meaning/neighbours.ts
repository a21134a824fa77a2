import type { SparseRows } from '../analysis/nmf.js';
import { FloatPool } from './float-dots.js';

/**
 * Texts as their nearest neighbours (shared-nearest-neighbour similarity, Jarvis & Patrick 1973;
 * Ertöz, Steinbach & Kumar 2003): each text becomes a sparse row over all texts, holding its
 * similarity to its `k` nearest texts of *other* documents and, in its own column, its best such
 * similarity. Two texts are then close when they are close to the same texts elsewhere, which is
 * what a theme is (a subject that recurs across participants), while a participant's own
 * idiosyncrasies (their job, their family, their way of speaking) find no partner elsewhere and
 * drop out. Neighbours come from the text's own document only where the project has one document.
 *
 * Similarity is the weighted mean of the cosines in each view (dense rows, or sparse rows), every
 * row unit length or empty; each view says its weight (analysis/unit-meaning.ts). Neighbours are
 * looked for among at most 1,500 texts (evenly spread over the project), so that the cost grows
 * with the project, not with its square.
 *
 * Measured on the development studies (means over seeds 1, 2, 3 and 42): grouping
 * these rows instead of the views they are made of (analysis/unit-meaning.ts) took mean
 * best-category F1 from 0.47 to 0.56 (library-users), 0.41 to 0.50 (care-workers) and 0.24 to
 * 0.52 (kita-eltern-de). With the views of the time, k = 10 did better than 5 or 20 (0.56
 * against 0.54 and 0.51 on library-users, 0.51 against 0.47 and 0.45 on care-workers), and
 * neighbours from any document did about as well as from other documents (0.58, 0.50, 0.49
 * against 0.56, 0.51, 0.47): the rule follows what a theme is.
 */
export interface View {
  dense?: Float32Array[];
  sparse?: SparseRows;
  /** How much the view's cosine counts in the mean (1 unless said). */
  weight?: number;
}

const K = 10;
const POOL = 1500;

/** Column → rows of the pool holding it, with their values. */
function postings(x: SparseRows, pool: number[]): { rows: Int32Array; vals: Float64Array }[] {
  const count = new Int32Array(x.columns);
  for (const i of pool) for (const c of x.rows[i]!.cols) count[c]!++;
  const out = Array.from(count, (c) => ({ rows: new Int32Array(c), vals: new Float64Array(c) }));
  const fill = new Int32Array(x.columns);
  pool.forEach((i) => {
    const r = x.rows[i]!;
    for (let p = 0; p < r.cols.length; p++) {
      const c = r.cols[p]!;
      out[c]!.rows[fill[c]!] = i;
      out[c]!.vals[fill[c]!] = r.vals[p]!;
      fill[c]!++;
    }
  });
  return out;
}

/** A text's similarity to every text of the pool, in the weighted mean of the views' cosines. */
function similarities(
  views: View[],
  dense: (FloatPool | null)[],
  pool: number[],
  i: number,
  lists: ({ rows: Int32Array; vals: Float64Array }[] | null)[],
  acc: Float64Array,
): void {
  acc.fill(0);
  const total = views.reduce((sum, view) => sum + (view.weight ?? 1), 0);
  views.forEach((view, v) => {
    const share = (view.weight ?? 1) / total;
    const rows = dense[v];
    if (rows) {
      rows.dotsOfRow(i);
      for (let p = 0; p < pool.length; p++) acc[pool[p]!]! += rows.out[p]! * share;
    } else if (view.sparse) {
      const r = view.sparse.rows[i]!;
      for (let p = 0; p < r.cols.length; p++) {
        const post = lists[v]![r.cols[p]!]!;
        const w = r.vals[p]! * share;
        for (let q = 0; q < post.rows.length; q++) acc[post.rows[q]!]! += w * post.vals[q]!;
      }
    }
  });
}

export function sharedNeighbours(views: View[], documentOf: string[], k = K): SparseRows {
  const n = documentOf.length;
  const pool = n <= POOL ? documentOf.map((_, i) => i) : Array.from({ length: POOL }, (_, p) => Math.floor((p * n) / POOL));
  const lists = views.map((v) => (v.sparse ? postings(v.sparse, pool) : null));
  const dense = views.map((v) => {
    if (!v.dense) return null;
    const dims = v.dense[0]?.length ?? 0;
    const flat = new Float32Array(n * dims);
    for (const [i, row] of v.dense.entries()) flat.set(row, i * dims);
    return new FloatPool(flat, dims, pool);
  });
  const oneDocument = new Set(documentOf).size < 2;
  const acc = new Float64Array(n);
  const rows = documentOf.map((doc, i) => {
    similarities(views, dense, pool, i, lists, acc);
    // The k best, kept in descending order by insertion.
    const best: { j: number; s: number }[] = [];
    for (const j of pool) {
      if (j === i || acc[j]! <= 0 || (!oneDocument && documentOf[j] === doc)) continue;
      const s = acc[j]!;
      if (best.length === k && s <= best[k - 1]!.s) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.s < s) at--;
      best.splice(at, 0, { j, s });
      if (best.length > k) best.pop();
    }
    const self = best[0]?.s ?? 1;
    const cols = Int32Array.from([...best.map((b) => b.j), i]);
    const vals = Float64Array.from([...best.map((b) => b.s), self]);
    const norm = Math.sqrt(vals.reduce((s, v) => s + v * v, 0)) || 1;
    return { cols, vals: vals.map((v) => v / norm) };
  });
  return { rows, columns: n };
}
