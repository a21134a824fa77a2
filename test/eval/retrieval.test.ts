import { describe, expect, it } from 'vitest';
import { terms } from '../../src/engine/text/index.js';
import { corpusChunks, evaluate, relevantIds } from './evaluate.js';
import { DOCUMENTS, QUERIES } from './corpus.js';

/** The figures recorded in test/eval/README.md; the engine may not fall below them. */
const RECORDED = { allHybridNdcg: 0.795, paraphrasedHybridNdcg: 0.591, paraphrasedHybridRecall: 0.783 };
const TOLERANCE = 0.01;

describe('retrieval evaluation set', () => {
  const chunks = corpusChunks();

  it('has at least 10 documents and 40 queries, half of them paraphrased, each with relevant passages', () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(10);
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(QUERIES.filter((q) => q.paraphrase).length * 2).toBe(QUERIES.length);
    for (const q of QUERIES) expect([q.q, relevantIds(q, chunks).size > 0]).toEqual([q.q, true]);
  });

  it('paraphrased queries share no content word with their relevant passages', () => {
    for (const q of QUERIES.filter((x) => x.paraphrase)) {
      const mine = new Set(terms(q.q));
      for (const c of chunks.filter((x) => relevantIds(q, chunks).has(x.id))) {
        const shared = terms(c.text).filter((t) => mine.has(t));
        expect([q.q, shared]).toEqual([q.q, []]);
      }
    }
  });

  it('hybrid ranking beats lexical on the paraphrased half and stays at its recorded figures', () => {
    const table = evaluate();
    expect(table.paraphrased.hybrid!.ndcg).toBeGreaterThan(table.paraphrased.lexical!.ndcg);
    expect(table.all.hybrid!.ndcg).toBeGreaterThanOrEqual(RECORDED.allHybridNdcg - TOLERANCE);
    expect(table.paraphrased.hybrid!.ndcg).toBeGreaterThanOrEqual(RECORDED.paraphrasedHybridNdcg - TOLERANCE);
    expect(table.paraphrased.hybrid!.recall).toBeGreaterThanOrEqual(RECORDED.paraphrasedHybridRecall - TOLERANCE);
  });
});
