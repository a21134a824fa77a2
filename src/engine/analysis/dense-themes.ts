import { random, type SparseRows } from './nmf.js';
import { centroid, type Vec } from './vectors.js';
import type { Themes } from './themes.js';
import { DEFAULT_PARAMS, type GroupingParams } from './params.js';

/**
 * Themes of texts given as rows of meaning (sparse, unit length: see meaning/neighbours.ts), by
 * evidence accumulation (Fred & Jain 2005, "Combining multiple clusterings using evidence
 * accumulation"): many seeded spherical k-means runs, over a range of k, vote on which texts
 * belong together; texts grouped together in more than a share of the runs (`together`; average
 * linkage over that co-association) form a theme. The number of themes is thus what stays stable
 * across runs, not a count fixed beforehand, and a text that no theme holds consistently is left out.
 * Each theme's component is the TF-IDF centroid of its texts (class-based TF-IDF, as BERTopic
 * names its clusters), so that naming and the placing of single sentences work on words as
 * before; a text's loading is its similarity to each theme's centre, kept for themes near its best.
 */
export interface DenseSettings {
  /** How often two texts must be grouped together to share a theme (params.ts `automatic.together`). */
  together?: number;
  grouping?: GroupingParams;
}

type Row = SparseRows['rows'][number];

interface Partition {
  assign: number[];
  centres: Float64Array[];
}

/** A sparse row's dot product with a dense centre. */
function dot(r: Row, c: Float64Array): number {
  let s = 0;
  for (let p = 0; p < r.cols.length; p++) s += r.vals[p]! * c[r.cols[p]!]!;
  return s;
}

/** The unit-length mean direction of some rows (zero where they cancel out or there are none). */
function centre(rows: Row[], columns: number): Float64Array {
  const c = new Float64Array(columns);
  for (const r of rows) for (let p = 0; p < r.cols.length; p++) c[r.cols[p]!]! += r.vals[p]!;
  let n = 0;
  for (const z of c) n += z * z;
  n = Math.sqrt(n);
  if (n > 0) for (let d = 0; d < columns; d++) c[d]! /= n;
  return c;
}

function kmeans(x: Row[], columns: number, k: number, rand: () => number, iterations: number): Partition {
  const centres: Float64Array[] = [centre([x[Math.floor(rand() * x.length)]!], columns)];
  while (centres.length < k) {
    const d2 = x.map((v) => (1 - Math.max(...centres.map((c) => dot(v, c)))) ** 2);
    let r = rand() * d2.reduce((s, d) => s + d, 0);
    let pick = 0;
    for (; pick < d2.length - 1 && r > d2[pick]!; pick++) r -= d2[pick]!;
    centres.push(centre([x[pick]!], columns));
  }
  let assign = x.map(() => -1);
  for (let it = 0; it < iterations; it++) {
    const next = x.map((v) => {
      let best = 0;
      let bestSim = dot(v, centres[0]!);
      for (let j = 1; j < k; j++) {
        const sim = dot(v, centres[j]!);
        if (sim > bestSim) [best, bestSim] = [j, sim];
      }
      return best;
    });
    const moved = next.some((a, i) => a !== assign[i]);
    assign = next;
    for (let j = 0; j < k; j++) {
      const members = x.filter((_, i) => assign[i] === j);
      if (members.length > 0) centres[j] = centre(members, columns);
    }
    if (!moved) break;
  }
  return { assign, centres };
}

/** Average-linkage agglomeration on a similarity matrix, merging while the best pair is at least `min` similar. */
function agglomerate(sim: Float32Array[], min: number): number[][] {
  const n = sim.length;
  const groups: (number[] | null)[] = Array.from({ length: n }, (_, i) => [i]);
  const s = sim.map((row) => Float32Array.from(row));
  for (;;) {
    let best = -Infinity;
    let a = -1;
    let b = -1;
    for (let i = 0; i < n; i++) {
      if (!groups[i]) continue;
      const row = s[i]!;
      for (let j = i + 1; j < n; j++) if (groups[j] && row[j]! > best) [best, a, b] = [row[j]!, i, j];
    }
    if (a < 0 || best < min) break;
    const na = groups[a]!.length;
    const nb = groups[b]!.length;
    for (let k = 0; k < n; k++) {
      if (!groups[k] || k === a || k === b) continue;
      const merged = (s[a]![k]! * na + s[b]![k]! * nb) / (na + nb);
      s[a]![k] = merged;
      s[k]![a] = merged;
    }
    groups[a] = [...groups[a]!, ...groups[b]!];
    groups[b] = null;
  }
  return groups.filter((g): g is number[] => g !== null);
}

function sampleOf(n: number, rand: () => number, size: number): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  if (n <= size) return idx;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, size).sort((p, q) => p - q);
}

export function denseThemes(x: SparseRows, sparse: Vec[], range: { min: number; max: number }, seed: number, settings: DenseSettings = {}): Themes {
  const together = settings.together ?? DEFAULT_PARAMS.automatic.together;
  const p = settings.grouping ?? DEFAULT_PARAMS.grouping;
  const rand = random(seed);
  const sample = sampleOf(x.rows.length, rand, p.sample);
  const xs = sample.map((i) => x.rows[i]!);
  const coAssociation = xs.map(() => new Float32Array(xs.length));
  let runs = 0;
  for (let k = range.min; k <= Math.min(range.max, xs.length); k++) {
    for (let r = 0; r < p.runsPerK; r++, runs++) {
      const { assign } = kmeans(xs, x.columns, k, rand, p.iterations);
      for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) if (assign[i] === assign[j]) coAssociation[i]![j]! += 1;
    }
  }
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) coAssociation[j]![i] = coAssociation[i]![j]! /= Math.max(1, runs);
  const groups = agglomerate(coAssociation, together).filter((g) => g.length >= 2);
  const centres = groups.map((g) =>
    centre(
      g.map((i) => xs[i]!),
      x.columns,
    ),
  );
  // A sampled text belongs where the runs put it; any other text, to the nearest centre.
  const groupOf = new Map<number, number>();
  for (const [j, g] of groups.entries()) for (const i of g) groupOf.set(sample[i]!, j);
  const inSample = new Set(sample);
  const loadings = x.rows.map((v, i) => {
    const sims = centres.map((c) => Math.max(0, dot(v, c)));
    const own = groupOf.get(i);
    if (inSample.has(i) && own === undefined) return new Float64Array(centres.length);
    const most = own !== undefined ? sims[own]! : Math.max(...sims);
    return Float64Array.from(sims, (sv, j) => (j === own || sv >= p.nearBest * most ? sv : 0));
  });
  const members = centres.map((_, j) => x.rows.map((_, i) => i).filter((i) => strongestOf(loadings[i]!) === j));
  return { components: distinctive(members.map((m) => centroid(m.map((i) => sparse[i]!)))), loadings };
}

/** Each centroid less the mean of the others, clipped at 0 and unit length: what sets a theme apart, not what every theme says. */
function distinctive(centroids: Vec[]): Vec[] {
  if (centroids.length < 2) return centroids;
  const total: Vec = new Map();
  for (const c of centroids) for (const [t, w] of c) total.set(t, (total.get(t) ?? 0) + w);
  return centroids.map((c) => {
    const out: Vec = new Map();
    for (const [t, w] of c) {
      const rest = (total.get(t)! - w) / (centroids.length - 1);
      if (w > rest) out.set(t, w - rest);
    }
    const norm = Math.sqrt([...out.values()].reduce((sum, w) => sum + w * w, 0)) || 1;
    for (const [t, w] of out) out.set(t, w / norm);
    return out;
  });
}

function strongestOf(l: Float64Array): number {
  let best = -1;
  for (let j = 0; j < l.length; j++) if (l[j]! > 0 && (best < 0 || l[j]! > l[best]!)) best = j;
  return best;
}
