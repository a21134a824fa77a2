import path from 'node:path';
import { chunkText } from '../../src/engine/chunk.js';
import { rankedText } from '../../src/engine/search/analysed.js';
import { SearchIndex, type SearchMode } from '../../src/engine/search/index.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { DOCUMENTS, QUERIES, type Query } from './corpus.js';
import { HELD_OUT } from './heldout-queries.js';
import { ONE_WORD } from './one-word-queries.js';
import { DEVELOPMENT } from './development-queries.js';
import { nonsenseWords } from './nonsense.js';

export interface Scores {
  ndcg: number;
  recall: number;
}
export type Table = Record<'all' | 'paraphrased' | 'lexical-phrased', Record<string, Scores>>;
type Chunk = { id: string; kind: 'chunk'; documentId: string; text: string };

/**
 * Documents as chunks: every paragraph (speaker turn) is its own chunk, as short answers are;
 * each ranked as search ranks a stored chunk (its speaker's label before its words, `rankedText`).
 */
function chunksOf(documents: string[]): Chunk[] {
  return documents.flatMap((text, d) =>
    chunkText(text, { targetWords: 1 }).map((c) => ({ id: `d${d}:${c.idx}`, kind: 'chunk' as const, documentId: `d${d}`, text: rankedText(c) })),
  );
}

/** The tuning set (corpus.ts) as chunks. */
export const corpusChunks = () => chunksOf(DOCUMENTS.map((paragraphs) => paragraphs.join('\n\n')));

/** A held-out project: one of the passage benchmark's studies, its transcripts without the gold markup. */
export function studyChunks(name: string): Chunk[] {
  return chunksOf(loadStudy(path.join(STUDIES_DIR, name)).transcripts.map((t) => t.text));
}

export function relevantIds(q: Pick<Query, 'relevant'>, chunks: { id: string; text: string }[]): Set<string> {
  return new Set(chunks.filter((c) => q.relevant.some((p) => c.text.includes(p))).map((c) => c.id));
}

function ndcgAt10(ranked: string[], relevant: Set<string>): number {
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

const CONFIGS: Record<string, { mode: SearchMode; lexicon: boolean }> = {
  lexical: { mode: 'lexical', lexicon: false },
  semantic: { mode: 'semantic', lexicon: true },
  hybrid: { mode: 'hybrid', lexicon: true },
  'hybrid, no lexicon': { mode: 'hybrid', lexicon: false },
};

function indexOf(chunks: Chunk[]): SearchIndex {
  const index = new SearchIndex('en');
  for (const c of chunks) index.add(c);
  return index;
}

/** nDCG@10 and recall@10 of each ranking, over all queries and over each half. */
export function evaluate(chunks: Chunk[] = corpusChunks(), queries: Pick<Query, 'q' | 'relevant' | 'paraphrase'>[] = QUERIES): Table {
  const index = indexOf(chunks);
  const table = { all: {}, paraphrased: {}, 'lexical-phrased': {} } as Table;
  for (const [name, cfg] of Object.entries(CONFIGS)) {
    const per = queries.map((q) => {
      const rel = relevantIds(q, chunks);
      const ranked = index.search([q.q], { topK: 10, mode: cfg.mode, lexicon: cfg.lexicon }).hits.map((h) => h.id);
      return { q, ndcg: ndcgAt10(ranked, rel), recall: ranked.filter((id) => rel.has(id)).length / rel.size };
    });
    const avg = (xs: typeof per): Scores => ({
      ndcg: Number((xs.reduce((s, x) => s + x.ndcg, 0) / xs.length).toFixed(3)),
      recall: Number((xs.reduce((s, x) => s + x.recall, 0) / xs.length).toFixed(3)),
    });
    table.all[name] = avg(per);
    table.paraphrased[name] = avg(per.filter((x) => x.q.paraphrase));
    table['lexical-phrased'][name] = avg(per.filter((x) => !x.q.paraphrase));
  }
  return table;
}

/** The held-out studies' queries, one table per study (never tuned on). */
export const heldOut = () => Object.entries(HELD_OUT).map(([study, queries]) => ({ study, table: evaluate(studyChunks(study), queries) }));

/** The one-word queries, one table per study (concept queries in the paraphrased rows). */
export const oneWord = () =>
  Object.entries(ONE_WORD).map(([study, queries]) => ({
    study,
    table: evaluate(
      studyChunks(study),
      queries.map((q) => ({ ...q, paraphrase: q.concept })),
    ),
  }));

/** The queries over the passage benchmark's development studies, one table per study (a second tuning set). */
export const development = () => Object.entries(DEVELOPMENT).map(([study, queries]) => ({ study, table: evaluate(studyChunks(study), queries) }));

/** Nonsense words (a seed's fifty) that answer anything in a project, each with how many results. */
export function nonsenseAnswered(chunks: Chunk[], seed: number): { word: string; total: number }[] {
  const index = indexOf(chunks);
  return nonsenseWords(
    chunks.map((c) => c.text),
    seed,
  )
    .map((word) => ({ word, total: index.search([word]).total }))
    .filter((x) => x.total > 0);
}

/** Every project of the evaluation: the tuning set and the held-out studies. */
export const projects = (): { name: string; chunks: Chunk[] }[] => [
  { name: 'grocery (tuning)', chunks: corpusChunks() },
  ...Object.keys(HELD_OUT).map((study) => ({ name: study, chunks: studyChunks(study) })),
];
