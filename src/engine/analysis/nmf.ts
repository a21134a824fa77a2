import { DEFAULT_PARAMS } from './params.js';

/**
 * Non-negative matrix factorisation X ≈ W·H of a sparse, non-negative rows × terms matrix, by
 * hierarchical alternating least squares (HALS, Cichocki & Phan 2009).
 *
 * Written here because no maintained npm package factorises a sparse matrix: ml-matrix is
 * dense, and a dense 4,000 × 1,000 product per iteration would cost more than the whole rest of
 * an analysis. Each iteration here costs O(nnz·k + (rows + terms)·k²).
 */
export interface SparseRows {
  /** For each row, its non-zero columns and their values. */
  rows: { cols: Int32Array; vals: Float64Array }[];
  columns: number;
}

export interface Factorisation {
  /** rows × k loadings. */
  w: Float64Array[];
  /** k × columns components. */
  h: Float64Array[];
  /** ‖X − W·H‖², the squared error left. */
  error: number;
}

/** A seeded generator (mulberry32), so that an analysis answers the same for the same input. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rowDot(r: { cols: Int32Array; vals: Float64Array }, h: Float64Array): number {
  let s = 0;
  for (let i = 0; i < r.cols.length; i++) s += r.vals[i]! * h[r.cols[i]!]!;
  return s;
}

/**
 * Components seeded on k rows chosen k-means++-style (each next one far, in cosine, from those
 * already chosen): a deterministic start near distinct groups that needs no SVD.
 */
function seedComponents(x: SparseRows, k: number, rand: () => number): Float64Array[] {
  const n = x.rows.length;
  const norms = x.rows.map((r) => Math.sqrt(r.vals.reduce((s, v) => s + v * v, 0)) || 1);
  const dense = (i: number) => {
    const out = new Float64Array(x.columns);
    const r = x.rows[i]!;
    for (let j = 0; j < r.cols.length; j++) out[r.cols[j]!] = r.vals[j]! / norms[i]!;
    return out;
  };
  const chosen: Float64Array[] = [dense(Math.floor(rand() * n))];
  const nearest = new Float64Array(n).fill(Infinity);
  while (chosen.length < k) {
    const last = chosen[chosen.length - 1]!;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = Math.max(0, 1 - rowDot(x.rows[i]!, last) / norms[i]!);
      nearest[i] = Math.min(nearest[i]!, d * d);
      total += nearest[i]!;
    }
    let pick = Math.floor(rand() * n);
    if (total > 0) {
      let target = rand() * total;
      for (let i = 0; i < n; i++) {
        target -= nearest[i]!;
        if (target <= 0) {
          pick = i;
          break;
        }
      }
    }
    chosen.push(dense(pick));
  }
  // A little of every term, so that no component starts blind to the words it may need.
  return chosen.map((c) => c.map((v) => v + (0.01 * rand()) / Math.sqrt(x.columns)));
}

export interface NmfOptions {
  k: number;
  seed: number;
  /** params.ts `factorisation`'s, where left out. */
  iterations?: number;
  tolerance?: number;
  epsilon?: number;
}

export function nmf(x: SparseRows, opts: NmfOptions): Factorisation {
  const { k } = opts;
  const n = x.rows.length;
  const m = x.columns;
  const rand = random(opts.seed);
  const h = seedComponents(x, k, rand);
  const w = Array.from({ length: n }, () => new Float64Array(k));
  const iterations = opts.iterations ?? DEFAULT_PARAMS.factorisation.iterations;
  const tolerance = opts.tolerance ?? DEFAULT_PARAMS.factorisation.tolerance;
  const epsilon = opts.epsilon ?? DEFAULT_PARAMS.factorisation.epsilon;
  let previous = Infinity;
  for (let it = 0; it < iterations; it++) {
    // W step: C = X·Hᵀ (n × k), D = H·Hᵀ (k × k).
    const d = gram(h);
    let change = 0;
    for (let i = 0; i < n; i++) {
      const row = x.rows[i]!;
      const wi = w[i]!;
      const c = new Float64Array(k);
      for (let j = 0; j < k; j++) c[j] = rowDot(row, h[j]!);
      for (let j = 0; j < k; j++) {
        let wd = 0;
        for (let l = 0; l < k; l++) wd += wi[l]! * d[l]![j]!;
        const next = Math.max(epsilon, wi[j]! + (c[j]! - wd) / Math.max(d[j]![j]!, epsilon));
        change += (next - wi[j]!) ** 2;
        wi[j] = next;
      }
    }
    // H step: A = Wᵀ·X (k × m), B = Wᵀ·W (k × k).
    const a = Array.from({ length: k }, () => new Float64Array(m));
    for (let i = 0; i < n; i++) {
      const row = x.rows[i]!;
      const wi = w[i]!;
      for (let t = 0; t < row.cols.length; t++) {
        const col = row.cols[t]!;
        const v = row.vals[t]!;
        for (let j = 0; j < k; j++) a[j]![col]! += wi[j]! * v;
      }
    }
    const b = gramColumns(w, k);
    for (let j = 0; j < k; j++) {
      const hj = h[j]!;
      const bjj = Math.max(b[j]![j]!, epsilon);
      for (let col = 0; col < m; col++) {
        let bh = 0;
        for (let l = 0; l < k; l++) bh += b[j]![l]! * h[l]![col]!;
        const next = Math.max(epsilon, hj[col]! + (a[j]![col]! - bh) / bjj);
        change += (next - hj[col]!) ** 2;
        hj[col] = next;
      }
    }
    if (it > 0 && change / (previous || 1) < tolerance) break;
    if (it === 0) previous = change;
  }
  // Components of unit length, loadings scaled to match: W·H is unchanged.
  for (let j = 0; j < k; j++) {
    const norm = Math.sqrt(h[j]!.reduce((s, v) => s + v * v, 0)) || 1;
    for (let col = 0; col < m; col++) h[j]![col]! /= norm;
    for (let i = 0; i < n; i++) w[i]![j]! *= norm;
  }
  return { w, h, error: residual(x, w, h) };
}

/** ‖X − W·H‖² = ‖X‖² − 2·Σ W∘(X·Hᵀ) + Σ (WᵀW)∘(H·Hᵀ), without forming W·H. */
function residual(x: SparseRows, w: Float64Array[], h: Float64Array[]): number {
  const k = h.length;
  let total = 0;
  x.rows.forEach((row, i) => {
    for (const v of row.vals) total += v * v;
    for (let j = 0; j < k; j++) total -= 2 * w[i]![j]! * rowDot(row, h[j]!);
  });
  const hh = gram(h);
  const ww = gramColumns(w, k);
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) total += ww[a]![b]! * hh[a]![b]!;
  return total;
}

/** The best of several seeded starts (least error): one start can settle in a poor local optimum. */
export function bestNmf(x: SparseRows, opts: NmfOptions & { starts: number }): Factorisation {
  let best: Factorisation | null = null;
  for (let s = 0; s < opts.starts; s++) {
    const f = nmf(x, { ...opts, seed: opts.seed + s });
    if (!best || f.error < best.error) best = f;
  }
  return best!;
}

function gram(h: Float64Array[]): Float64Array[] {
  const k = h.length;
  const out = Array.from({ length: k }, () => new Float64Array(k));
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) {
      let s = 0;
      const ha = h[a]!;
      const hb = h[b]!;
      for (let c = 0; c < ha.length; c++) s += ha[c]! * hb[c]!;
      out[a]![b] = s;
      out[b]![a] = s;
    }
  }
  return out;
}

function gramColumns(w: Float64Array[], k: number): Float64Array[] {
  const out = Array.from({ length: k }, () => new Float64Array(k));
  for (const wi of w) for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) out[a]![b]! += wi[a]! * wi[b]!;
  return out;
}
