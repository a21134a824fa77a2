import type { Pipeline } from '../store/tables.js';
import { pieces } from '../engine/text/index.js';

export interface Pricing {
  wordsPerCredit: number;
  anonymizedFactor: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The letters of Latin-1 and Latin Extended-A and -B (× and ÷ are not letters), and with ASCII's. */
const ACCENTED = '\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F';
const LATIN = `A-Za-z${ACCENTED}`;
/** A piece of text made only of ASCII, accented Latin letters and the typographic apostrophe. */
const PLAIN = new RegExp(`^[\\x00-\\x7F\\u2019${ACCENTED}]*$`);
/**
 * A word of such text as Unicode's word boundaries (UAX #29) draw it, which Intl.Segmenter
 * follows: runs of letters, digits and `_` joined by `.` `'` `’` `:` between two letters
 * ("don't", "e.g", "U.S.A") or by `.` `,` `;` `'` `’` between two digits ("1,000.5"). A lone
 * `_` is no word. Written by hand because the segmenter costs about 0.3 s a megabyte, and this
 * pattern 50 times less for the same count (test/domain/pricing.test.ts compares them).
 */
const WORD = new RegExp(`[${LATIN}0-9_]+(?:(?:(?<=[${LATIN}])[.':\\u2019](?=[${LATIN}])|(?<=[0-9])[.,;'\\u2019](?=[0-9]))[${LATIN}0-9_]+)*`, 'g');

/**
 * Words as Intl.Segmenter sees them, so that Chinese and Japanese text is counted too; in pieces
 * cut at white space, since the segmenter's time grows with the square of its input's length.
 * A piece of Latin script is counted by WORD, with the same result.
 */
export function countWords(text: string): number {
  let n = 0;
  for (const piece of pieces(text)) {
    if (PLAIN.test(piece)) {
      for (const m of piece.matchAll(WORD)) if (m[0] !== '_') n++;
    } else for (const s of segmenter.segment(piece)) if (s.isWordLike) n++;
  }
  return n;
}

/** decisions §5: ceil(words / 1000) per document in `standard`, times the factor in `anonymized`, at least 1 unless empty. */
export function priceOf(words: number, pipeline: Pipeline, pricing: Pricing): number {
  if (words <= 0) return 0;
  const base = Math.max(1, Math.ceil(words / pricing.wordsPerCredit));
  return pipeline === 'anonymized' ? Math.max(1, Math.ceil(base * pricing.anonymizedFactor)) : base;
}
