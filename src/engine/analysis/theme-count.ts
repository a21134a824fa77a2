import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { random, type SparseRows } from './nmf.js';
import { DEFAULT_PARAMS, type ThemeCountParams } from './params.js';

/**
 * How many themes a set of texts holds, by the eigengap of the normalised Laplacian of their
 * k-nearest-neighbour similarity graph (von Luxburg, "A tutorial on spectral clustering", §8.3):
 * a graph of c well-separated groups has c eigenvalues near 0 and then a jump, so the number
 * of themes is where the largest jump comes. Large projects are judged on a seeded sample
 * (params.ts `themeCount.sample`), which keeps the eigendecomposition small.
 */
function sample(n: number, seed: number, size: number): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  if (n <= size) return idx;
  const rand = random(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, size).sort((a, b) => a - b);
}

/** Cosine similarities of the (unit-length) rows. */
function similarities(x: SparseRows, rows: number[]): Float64Array[] {
  const dense = rows.map((r) => {
    const d = new Float64Array(x.columns);
    const row = x.rows[r]!;
    for (let t = 0; t < row.cols.length; t++) d[row.cols[t]!] = row.vals[t]!;
    return d;
  });
  const n = rows.length;
  const sim = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const row = x.rows[rows[i]!]!;
    for (let j = i + 1; j < n; j++) {
      let s = 0;
      const other = dense[j]!;
      for (let t = 0; t < row.cols.length; t++) s += row.vals[t]! * other[row.cols[t]!]!;
      sim[i]![j] = s;
      sim[j]![i] = s;
    }
  }
  return sim;
}

/** One row of each set of identical rows: repeated boilerplate would form cliques of its own. */
function distinct(x: SparseRows): number[] {
  const seen = new Set<string>();
  return x.rows
    .map((_, i) => i)
    .filter((i) => {
      const r = x.rows[i]!;
      const key = `${r.cols.join(',')}|${Array.from(r.vals, (v) => v.toFixed(6)).join(',')}`;
      if (r.cols.length === 0 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Eigenvalues of the symmetric normalised Laplacian of the (symmetrised) kNN graph of the distinct rows, ascending. */
export function laplacianSpectrum(x: SparseRows, seed: number, p: ThemeCountParams = DEFAULT_PARAMS.themeCount): number[] {
  const unique = distinct(x);
  const rows = sample(unique.length, seed, p.sample).map((i) => unique[i]!);
  const n = rows.length;
  const sim = similarities(x, rows);
  const neighbours = Math.min(p.neighbours, n - 1);
  const w = new Matrix(n, n);
  for (let i = 0; i < n; i++) {
    const nearest = [...sim[i]!.keys()]
      .filter((j) => j !== i)
      .sort((a, b) => sim[i]![b]! - sim[i]![a]! || a - b)
      .slice(0, neighbours);
    for (const j of nearest) {
      const s = Math.max(0, sim[i]![j]!);
      w.set(i, j, s);
      w.set(j, i, s);
    }
  }
  const degree = Array.from({ length: n }, (_, i) => w.getRow(i).reduce((s, v) => s + v, 0));
  const l = new Matrix(n, n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d = Math.sqrt(degree[i]! * degree[j]!);
      l.set(i, j, (i === j && degree[i]! > 0 ? 1 : 0) - (d > 0 ? w.get(i, j) / d : 0));
    }
  }
  return new EigenvalueDecomposition(l, { assumeSymmetric: true }).realEigenvalues.sort((a, b) => a - b);
}

/** The number of themes in [min, max] after which the spectrum jumps the most. */
export function themeCount(x: SparseRows, min: number, max: number, seed: number, p: ThemeCountParams = DEFAULT_PARAMS.themeCount): number {
  const ev = laplacianSpectrum(x, seed, p);
  if (ev.length <= min) return Math.max(1, Math.min(min, ev.length));
  let best = min;
  for (let k = min; k <= Math.min(max, ev.length - 1); k++) if (ev[k]! - ev[k - 1]! > ev[best]! - ev[best - 1]!) best = k;
  return best;
}
