import fs from 'node:fs';
import { startThread } from '../thread.js';
import { ThreadPool } from '../thread-pool.js';
import { installStemRanks } from '../meaning/stem-vectors.js';
import { preloadWordVectors } from '../meaning/word-vectors.js';
import { preloadWordNet } from './wordnet.js';

/** Building a table (where the build wrote none) takes a few seconds of one core; past this, search goes on without it (stemming as it goes). */
const TIMEOUT_MS = 60_000;

const threads = new ThreadPool<{ locale: string }, { stems: string; ranks: Int32Array }>(() => startThread(import.meta.url, './stem-table-worker'), 0, 1);

const ready = new Map<string, Promise<void>>();

/**
 * What search reads of a language besides a project, made ready without holding the thread that
 * answers HTTP: the word vectors and WordNet's indexes read from disk asynchronously, and the
 * table from stems to the vectors' words built in a worker thread. Built as the first search of
 * a process needed it, they held every other request for 0.5-2 s. The first search of a locale
 * waits for them (once per process); a failure leaves search as it was, reading them as it goes.
 */
export function searchReady(locale: string): Promise<void> {
  let p = ready.get(locale);
  if (!p) {
    p = Promise.all([
      preloadWordVectors(locale),
      locale === 'en' ? preloadWordNet() : undefined,
      stemTable(locale).then(async ({ stems, ranks }) => installStemRanks(locale, await tableOf(stems, ranks))),
    ]).then(
      () => {},
      () => {},
    );
    ready.set(locale, p);
  }
  return p;
}

/** A locale's table as the build wrote it (scripts/derive-stem-table.mjs), or else as a thread builds it (from the sources, as tests run). */
async function stemTable(locale: string): Promise<{ stems: string; ranks: Int32Array }> {
  let file: Buffer;
  try {
    file = await fs.promises.readFile(new URL(`./stem-table-${locale}.bin`, import.meta.url));
  } catch {
    return threads.run({ locale }, TIMEOUT_MS, { timeout: () => new Error('stem table: timed out'), crash: () => new Error('stem table: the thread failed') });
  }
  const count = file.readUInt32LE(0);
  const ranks = new Int32Array(count);
  for (let i = 0; i < count; i++) ranks[i] = file.readInt32LE(4 + 4 * i);
  return { stems: file.toString('utf8', 4 + 4 * count), ranks };
}

/** The table from its two lists, 10,000 stems at a time with other requests let through between. */
async function tableOf(stems: string, ranks: Int32Array): Promise<Map<string, number>> {
  const table = new Map<string, number>();
  if (stems === '') return table;
  const list = stems.split('\n');
  for (let i = 0; i < list.length; i++) {
    table.set(list[i]!, ranks[i]!);
    if (i % 10_000 === 9_999) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return table;
}
