import { sentences } from '../text/index.js';

/**
 * The sentences of a chunk the built-in encoder also reads in search (issue 44): a chunk of several
 * sentences matches a query by its closest sentence as well as by its whole text, for the
 * encoder's vector of a long turn dilutes the one sentence a paraphrase matches (held-out
 * paraphrase nDCG@10 0.262 → 0.283, chosen on the tuning and development sets: test/eval/README.md).
 * None for a chunk of one sentence (its text is that sentence).
 */
export function chunkSentences(text: string, locale: string): string[] {
  const out = [...sentences(text, locale)].map((s) => s.segment.trim()).filter((s) => s.length > 0);
  return out.length > 1 ? out : [];
}
