import { describe, expect, it } from 'vitest';
import { terms } from '../../src/engine/text/index.js';
import { corpusChunks, development, evaluate, oneWord, relevantIds, studyChunks } from './evaluate.js';
import { ONE_WORD } from './one-word-queries.js';
import { DEVELOPMENT } from './development-queries.js';
import { DOCUMENTS, QUERIES } from './corpus.js';

/** The figures recorded in test/eval/README.md; the engine may not fall below them. */
const RECORDED = { allHybridNdcg: 0.795, paraphrasedHybridNdcg: 0.591, paraphrasedHybridRecall: 0.783 };
/** The development studies' queries, hybrid nDCG@10 by study: literal, paraphrased. */
const DEVELOPMENT_RECORDED: Record<string, [number, number]> = {
  'gym-members-short': [0.874, 0.185],
  'school-meals-names': [0.868, 0.195],
  'care-workers': [0.848, 0.193],
};
/** One-word queries, hybrid nDCG@10 by study: literal, concept. */
const ONE_WORD_RECORDED: Record<string, [number, number]> = { 'school-meals-names': [1, 0.205], 'care-workers': [1, 0.228], 'library-users': [1, 0.049] };
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

describe('one-word queries', () => {
  it('name passages that are in their study; a concept query names passages without its word, and its word is nowhere in the study', () => {
    for (const [study, queries] of Object.entries(ONE_WORD)) {
      const chunks = studyChunks(study);
      const inStudy = new Set(chunks.flatMap((c) => terms(c.text)));
      for (const q of queries) {
        for (const phrase of q.relevant) expect([study, phrase, chunks.some((c) => c.text.includes(phrase))]).toEqual([study, phrase, true]);
        if (q.concept) expect([study, q.q, terms(q.q).filter((t) => inStudy.has(t))]).toEqual([study, q.q, []]);
        else for (const phrase of q.relevant) expect([q.q, phrase, terms(phrase).some((t) => terms(q.q).includes(t))]).toEqual([q.q, phrase, true]);
      }
    }
  });

  it('stay at their recorded figures', () => {
    for (const { study, table } of oneWord()) {
      const [literal, concept] = ONE_WORD_RECORDED[study]!;
      expect([study, table['lexical-phrased'].hybrid!.ndcg >= literal - TOLERANCE]).toEqual([study, true]);
      expect([study, table.paraphrased.hybrid!.ndcg >= concept - TOLERANCE]).toEqual([study, true]);
    }
  });
});

describe('queries over the development studies', () => {
  it('name passages that are in their study, and a paraphrase shares no content word with the turns it should find', () => {
    for (const [study, queries] of Object.entries(DEVELOPMENT)) {
      const chunks = studyChunks(study);
      for (const q of queries) {
        for (const phrase of q.relevant) expect([study, phrase, chunks.some((c) => c.text.includes(phrase))]).toEqual([study, phrase, true]);
        if (!q.paraphrase) continue;
        const mine = new Set(terms(q.q));
        for (const c of chunks.filter((x) => relevantIds(q, chunks).has(x.id))) expect([q.q, terms(c.text).filter((t) => mine.has(t))]).toEqual([q.q, []]);
      }
    }
  });

  it('stay at their recorded figures', () => {
    for (const { study, table } of development()) {
      const [literal, paraphrased] = DEVELOPMENT_RECORDED[study]!;
      expect([study, table['lexical-phrased'].hybrid!.ndcg >= literal - TOLERANCE]).toEqual([study, true]);
      expect([study, table.paraphrased.hybrid!.ndcg >= paraphrased - TOLERANCE]).toEqual([study, true]);
    }
  });
});
