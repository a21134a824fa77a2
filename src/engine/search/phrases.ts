import { tokenize } from '../text/index.js';

/**
 * Quoted phrases in a query (issue 44): `"no pay rise"` asks for those words in that order.
 * Matching reads a query's content words alone ("the" is a stop word, and a query does not match
 * by "no": index.ts, QUERY_STOPS), so a phrase is checked on the text itself, every word kept:
 * "no pay rise" is not "a pay rise".
 */

const QUOTES = /["“”„«»]([^"“”„«»]+)["“”„«»]/g;

/** A query's quoted phrases of two words or more, each as its words (lower case, as `tokenize` reads them). */
export function quotedPhrases(query: string, locale: string): string[][] {
  const out: string[][] = [];
  for (const m of query.matchAll(QUOTES)) {
    const words = tokenize(m[1]!, locale);
    if (words.length >= 2) out.push(words);
  }
  return out;
}

/** Whether `text` holds the phrase's words one after another (punctuation and case aside). */
export function holdsPhrase(text: string, phrase: string[], locale: string): boolean {
  const words = tokenize(text, locale);
  for (let i = 0; i + phrase.length <= words.length; i++) {
    let k = 0;
    while (k < phrase.length && words[i + k] === phrase[k]) k++;
    if (k === phrase.length) return true;
  }
  return false;
}
