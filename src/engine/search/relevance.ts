/**
 * When an item matches a query, and how closely, in [0, 1] (issue 27). Calibrated on test/eval
 * (the grocery-delivery set's forty tuning queries, and generated nonsense words: see
 * test/eval/README.md); the held-out queries were not used.
 */
export const RELEVANCE = {
  /** BM25's term-frequency saturation and length normalisation. */
  k1: 1.2,
  b: 0.75,
  /** Share of a words match's score that rewards how often and how densely the terms occur; the rest is which terms occur. */
  frequencyShare: 0.2,
  /**
   * The share of the query's terms an item holds counts to this power: an item that shares one
   * word of three with a query by chance ranks below a close paraphrase.
   */
  coveragePower: 2,
  /** A query word found through a synonym or a research-lexicon paraphrase counts this much of finding the word itself. */
  synonymWeight: 0.8,
  /**
   * A match by the meaning of the whole text: the cosine of the query's and the item's sentence
   * vectors at least `meaningBar`, and one of the query's words close in meaning to one of the
   * item's words (cosine of their word vectors at least `wordBar`; the `commonWords` most frequent
   * words of the language, which are close to everything, left out of the item's side). The
   * sentence vectors alone cannot tell a paraphrase from an unrelated word that sits near
   * everything ("individual", "progress"): both reach 0.55-0.65.
   */
  meaningBar: 0.5,
  wordBar: 0.65,
  commonWords: 200,
  /**
   * A query of one word matches by meaning only through its kinds (search/index.ts); a word of a
   * kind named in several words counts only beyond the language's this many most frequent words.
   */
  kindWordRank: 2000,
  /** The closest word of a match by meaning is marked in its snippet only beyond the language's this many most frequent words. */
  shownWords: 2000,
  /** The sentence cosine that scores 1; a literal match of a passage reaches 0.7-0.9. */
  meaningFull: 0.9,
  /**
   * How much an item's meaning counts where some item holds every word of the query: its meaning
   * score is weighed by 1 less the best words score, and at least by this. 1 (meaning always in
   * full) ranked a turn holding two of a query's five words below turns that only resemble it; 0
   * (the words alone) gave the same gain but lost ties meaning broke (test/eval/README.md).
   */
  meaningBesideWords: 0.5,
  /** With a provider's embeddings: the cosine at which an item matches by meaning, and the one that scores 1. */
  embeddingBar: 0.5,
  embeddingFull: 0.85,
  /**
   * With the built-in encoder (search/index.ts `encoder`): the cosine at which an item with a
   * word close to one of the query's matches by meaning, and the one that scores 1. Chosen on the
   * tuning and development sets (test/eval/README.md).
   */
  encoderBar: 0.25,
  encoderFull: 0.6,
  /** The closeness of a query word to one of the item's that a match by the encoder needs (`wordBar` for the offline vectors). */
  encoderWordBar: 0.6,
  /** With the built-in encoder, the cosine that scores 1 in the meaning of an item the query's words found (Infinity: the offline vectors' alone). */
  encoderWordsFull: 0.7,
};

export type MatchedBy = 'words' | 'meaning' | 'both';

/** One item's match to a query: its score, how it matched, and the item's terms (stems) that matched. */
export interface Match {
  score: number;
  by: MatchedBy;
  terms: Set<string>;
}

/**
 * Words and meaning together: the words' score, raised towards 1 by the meaning's in the part
 * the words leave. An item that holds every query term scores about 1 whatever its meaning; one
 * that shares a word or two by chance ranks below a close paraphrase.
 */
export function combined(words: number, meaning: number): number {
  return words + (1 - words) * meaning;
}

export const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
