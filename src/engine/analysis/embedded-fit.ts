import { dot } from '../meaning/word-vectors.js';

/**
 * With a provider's embeddings (meaning/embedded.ts; `vectors`, one a unit, unit length): the
 * units whose vector is not closer to their theme's mean vector than to the whole project's (by
 * `margin`), which count as no evidence for it, as a turn far from its theme's words does
 * (automatic.ts, `relevance`). Such a unit came into its
 * group through its words or its neighbours, but says what every participant says (an aside on
 * their own work, an introduction) more than what the theme says, and is left unfiled.
 *
 * Measured on the English development studies, seeds 42 and 1-5 (eval/README.md): school-meals-names'
 * "Payment and cost" had taken in such asides (21 of 41 passages on no theme at seed 1); with the
 * check at a margin of 0 its mean F1 0.668 → 0.676 and themes found 4.3 → 4.7, the five studies'
 * mean F1 0.583 either way (margins 0.03 and 0.06 lowered care-workers to 0.552 and 0.545).
 */
export function offTheme(vectors: Float32Array[] | null, themeOf: number[], margin: number): Set<number> {
  const out = new Set<number>();
  if (!vectors || vectors.length === 0) return out;
  const dims = vectors[0]!.length;
  const mean = (rows: number[]) => {
    const s = new Float32Array(dims);
    for (const n of rows) for (let d = 0; d < dims; d++) s[d]! += vectors[n]![d]!;
    const norm = Math.sqrt(dot(s, s)) || 1;
    return s.map((x) => x / norm);
  };
  const project = mean(vectors.map((_, n) => n));
  const members = new Map<number, number[]>();
  themeOf.forEach((t, n) => {
    if (t < 0) return;
    const rows = members.get(t);
    if (rows) rows.push(n);
    else members.set(t, [n]);
  });
  const themes = new Map([...members].map(([t, rows]) => [t, mean(rows)]));
  themeOf.forEach((t, n) => {
    if (t >= 0 && dot(vectors[n]!, themes.get(t)!) < dot(vectors[n]!, project) + margin) out.add(n);
  });
  return out;
}
