import { chunkText } from '../../src/engine/chunk.js';
import { SearchIndex, type SearchMode } from '../../src/engine/search/index.js';
import { DOCUMENTS, QUERIES, type Query } from './corpus.js';

export interface Scores {
  ndcg: number;
  recall: number;
}
export type Table = Record<'all' | 'paraphrased' | 'lexical-phrased', Record<string, Scores>>;

/** The corpus as chunks: every paragraph (speaker turn) is its own chunk, as short answers are. */
export function corpusChunks() {
  return DOCUMENTS.flatMap((paragraphs, d) =>
    chunkText(paragraphs.join('\n\n'), { targetWords: 1 }).map((c) => ({ id: `d${d}:${c.idx}`, kind: 'chunk' as const, documentId: `d${d}`, text: c.text })),
  );
}

export function relevantIds(q: Query, chunks: { id: string; text: string }[]): Set<string> {
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

export function evaluate(): Table {
  const chunks = corpusChunks();
  const index = new SearchIndex('en');
  for (const c of chunks) index.add(c);
  const configs: Record<string, { mode: SearchMode; lexicon: boolean }> = {
    lexical: { mode: 'lexical', lexicon: false },
    semantic: { mode: 'semantic', lexicon: true },
    hybrid: { mode: 'hybrid', lexicon: true },
    'hybrid, no lexicon': { mode: 'hybrid', lexicon: false },
  };
  const table = { all: {}, paraphrased: {}, 'lexical-phrased': {} } as Table;
  for (const [name, cfg] of Object.entries(configs)) {
    const per = QUERIES.map((q) => {
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
