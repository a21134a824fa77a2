import { dot } from '../meaning/word-vectors.js';

/**
 * With a provider's embeddings (meaning/embedded.ts; `vectors`, one a unit, unit length): the
 * units whose vector is not closer to their theme's mean vector than to the whole project's (by
 * `margin`), which count as no evidence for it, as a turn far from its theme's words does
 * (automatic.ts, `relevance`). Such a unit came into its
 * group through its words or its neighbours, but says what every participant says (an aside on
 * their own work, an introduction) more than what the theme says, and is left unfiled (what it
 * did to a theme that had taken in such asides: eval/README.md).
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
