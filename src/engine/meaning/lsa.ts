import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import type { Vec } from '../analysis/vectors.js';

/**
 * Meaning from a project's own statistics, for languages without word vectors: latent semantic
 * analysis (Deerwester et al. 1990), the texts' TF-IDF rows projected on the strongest singular
 * directions of the text-term matrix, so that words used in the same texts pull together.
 * Rows come back unit length.
 */
const DIMENSIONS = 50;

export function lsaVectors(rows: Vec[], vocab: string[]): Float32Array[] {
  const column = new Map(vocab.map((t, i) => [t, i]));
  const m = new Matrix(rows.length, vocab.length);
  rows.forEach((v, i) => {
    for (const [t, w] of v) {
      const j = column.get(t);
      if (j !== undefined) m.set(i, j, w);
    }
  });
  const svd = new SingularValueDecomposition(m, { computeLeftSingularVectors: true, computeRightSingularVectors: false, autoTranspose: true });
  const k = Math.min(DIMENSIONS, svd.diagonal.length);
  const u = svd.leftSingularVectors;
  return rows.map((_, i) => {
    const out = new Float32Array(k);
    for (let d = 0; d < k; d++) out[d] = u.get(i, d) * svd.diagonal[d]!;
    const norm = Math.sqrt(out.reduce((s, x) => s + x * x, 0)) || 1;
    return out.map((x) => x / norm);
  });
}
