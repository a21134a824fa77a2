import type { Sentence } from '../evidence.js';
import type { AnalysisDocument } from '../types.js';
import { chunkSections } from '../../chunk.js';

/** Each chunk's section (`document:chunk` → `document:section`): runs of a document's chunks of up to `words` words (chunk.ts, `chunkSections`). */
export function sectionsOf(docs: AnalysisDocument[], words: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of docs)
    for (const [n, places] of chunkSections(d.chunks, words).entries()) for (const i of places) out.set(`${d.id}:${d.chunks[i]!.idx}`, `${d.id}:${n}`);
  return out;
}

/** A sentence's section (its chunk's where the document has no chunks: one of its own). */
export const sectionOf = (sections: Map<string, string>, s: Sentence): string =>
  sections.get(`${s.documentId}:${s.chunkIdx}`) ?? `${s.documentId}:chunk ${s.chunkIdx}`;

/** `overview` keeps only each document's `most` sections that bear most on their themes: their keys (`sectionOf`). */
export function overviewChunks(
  sentences: Sentence[],
  themeOf: (number | null)[],
  strength: number[],
  most: number,
  sections: Map<string, string>,
): Set<string> {
  const best = new Map<string, number>();
  sentences.forEach((s, i) => {
    if (themeOf[i] === null) return;
    const key = sectionOf(sections, s);
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
