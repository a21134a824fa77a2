import type { Pipeline } from '../store/tables.js';
import { pieces } from '../engine/text/index.js';
import { latinWords } from '../engine/text/latin-words.js';

export interface Pricing {
  wordsPerCredit: number;
  anonymizedFactor: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Words as Intl.Segmenter sees them, so that Chinese and Japanese text is counted too; in pieces
 * cut at white space, since the segmenter's time grows with the square of its input's length.
 * A piece of Latin script is counted by its own pattern (`latinWords`), with the same result.
 */
export function countWords(text: string): number {
  let n = 0;
  for (const piece of pieces(text)) {
    for (const s of latinWords(piece) ?? segmenter.segment(piece)) if (s.isWordLike) n++;
  }
  return n;
}

/** decisions §5: ceil(words / 1000) per document in `standard`, times the factor in `anonymized`, at least 1 unless empty. */
export function priceOf(words: number, pipeline: Pipeline, pricing: Pricing): number {
  if (words <= 0) return 0;
  const base = Math.max(1, Math.ceil(words / pricing.wordsPerCredit));
  return pipeline === 'anonymized' ? Math.max(1, Math.ceil(base * pricing.anonymizedFactor)) : base;
}
