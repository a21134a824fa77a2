import type { Sentence } from '../evidence.js';

/** `overview` keeps only each document's `most` chunks that bear most on their themes: their keys (`document:chunk`). */
export function overviewChunks(sentences: Sentence[], themeOf: (number | null)[], strength: number[], most: number): Set<string> {
  const best = new Map<string, number>();
  sentences.forEach((s, i) => {
    if (themeOf[i] === null) return;
    const key = `${s.documentId}:${s.chunkIdx}`;
    best.set(key, Math.max(best.get(key) ?? 0, strength[i]!));
  });
  const perDoc = new Map<string, [string, number][]>();
  for (const [key, v] of best) {
    const doc = key.slice(0, key.lastIndexOf(':'));
    perDoc.set(doc, [...(perDoc.get(doc) ?? []), [key, v]]);
  }
  return new Set(
    [...perDoc.values()].flatMap((list) =>
      list
        .sort((a, b) => b[1] - a[1])
        .slice(0, most)
        .map(([k]) => k),
    ),
  );
}
