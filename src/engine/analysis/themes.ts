import { bestNmf } from './nmf.js';
import { themeCount } from './theme-count.js';
import { cosine, sparseRows, type Vec } from './vectors.js';
import { DEFAULT_PARAMS, type FactorisationParams, type ThemeCountParams } from './params.js';

/**
 * Themes of a set of texts: their TF-IDF rows factorised (NMF) into a few components, each a
 * weighted set of terms; how many by the eigengap unless the range is a single number.
 */
export interface Themes {
  /** Each theme's terms, unit length, strongest carrying the most weight. */
  components: Vec[];
  /** Each text's loading on each theme. */
  loadings: Float64Array[];
}

/** What finding themes by NMF is set by (params.ts). */
export interface FactorisationSettings {
  factorisation: FactorisationParams;
  themeCount: ThemeCountParams;
}

export function findThemes(vecs: Vec[], vocab: string[], range: { min: number; max: number }, seed: number, p: FactorisationSettings = DEFAULT_PARAMS): Themes {
  const x = sparseRows(vecs, vocab);
  const k = range.min >= range.max ? range.min : themeCount(x, range.min, range.max, seed, p.themeCount);
  const { w, h } = bestNmf(x, { k, seed, starts: p.factorisation.starts, epsilon: p.factorisation.epsilon });
  const components = h.map((row) => {
    const v: Vec = new Map();
    row.forEach((weight, col) => {
      if (weight > p.factorisation.componentFloor) v.set(vocab[col]!, weight);
    });
    return v;
  });
  return { components, loadings: w };
}

/** The theme a text loads on most, or -1 when it loads on none. */
export function strongest(loadings: Float64Array): number {
  let best = -1;
  for (let j = 0; j < loadings.length; j++) if (loadings[j]! > 0 && (best < 0 || loadings[j]! > loadings[best]!)) best = j;
  return best;
}

/** The themes a text loads on at least `share` as much as on its strongest. */
export function eligible(loadings: Float64Array, share: number): number[] {
  const top = strongest(loadings);
  if (top < 0) return [];
  return [...loadings.keys()]
    .filter((j) => loadings[j]! > 0 && loadings[j]! >= share * loadings[top]!)
    .sort((a, b) => (a === top ? -1 : b === top ? 1 : a - b));
}

/** Of the given themes, the one a sentence is closest to (the first on a tie). */
export function closest(v: Vec, candidates: number[], components: Vec[]): number {
  let best = candidates[0]!;
  let sim = -1;
  for (const j of candidates) {
    const s = cosine(v, components[j]!);
    if (s > sim) [best, sim] = [j, s];
  }
  return best;
}
