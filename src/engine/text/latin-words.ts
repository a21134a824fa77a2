/** The letters of Latin-1 and Latin Extended-A and -B (× and ÷ are not letters), and with ASCII's. */
const ACCENTED = '\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F';
const LATIN = `A-Za-z${ACCENTED}`;
/**
 * A piece of text made only of ASCII, accented Latin letters, the typographic apostrophes and the
 * signs typed text is full of that join no words (no-break space, en and em dashes, double quotes,
 * ellipsis).
 */
const PLAIN = new RegExp(`^[\\x00-\\x7F\\u00A0\\u2013\\u2014\\u2018\\u2019\\u201C\\u201D\\u2026${ACCENTED}]*$`);
/**
 * A word of such text as Unicode's word boundaries (UAX #29) draw it, which Intl.Segmenter
 * follows: runs of letters, digits and `_` joined by `.` `'` `‘` `’` `:` between two letters
 * ("don't", "e.g", "U.S.A") or by `.` `,` `;` `'` `‘` `’` between two digits ("1,000.5"). A lone
 * `_` is no word. Written by hand because the segmenter costs about 0.3 s a megabyte, and this
 * pattern 50 times less (test/domain/pricing.test.ts and test/engine/text-processing.test.ts
 * compare them, counts and words).
 */
const WORD = new RegExp(`[${LATIN}0-9_]+(?:(?:(?<=[${LATIN}])[.':\\u2018\\u2019](?=[${LATIN}])|(?<=[0-9])[.,;'\\u2018\\u2019](?=[0-9]))[${LATIN}0-9_]+)*`, 'g');

/** A word and where it starts, as Intl.Segmenter gives its word-like segments. */
export interface WordSegment {
  segment: string;
  index: number;
  isWordLike: true;
}

/** The words of `text` as Intl.Segmenter's word-like segments, in order; null where it holds more than Latin script (the segmenter's to read). */
export function latinWords(text: string): WordSegment[] | null {
  if (!PLAIN.test(text)) return null;
  const out: WordSegment[] = [];
  for (const m of text.matchAll(WORD)) if (m[0] !== '_') out.push({ segment: m[0], index: m.index, isWordLike: true });
  return out;
}
