/**
 * Time of an automatic analysis on 50, 200 and 400 distinct synthetic transcripts of about 1,000
 * words (bench/distinct-transcripts.ts), beside a baseline in the same process: TF-IDF vectors of
 * the participants' turns grouped by spherical k-means (eval/passages/baselines.ts, eight groups,
 * five starts), the simplest analysis that groups anything; and the share of the analysis that
 * reading the transcripts' turns takes (transcript/read.ts). Also the start-up of a fresh process to the word vectors being loaded, and the memory
 * before and after loading them and after the 200-transcript run:
 *   npx tsx bench/analysis.ts
 */
import { spawnSync } from 'node:child_process';
import type { AutomaticOptions } from '../src/engine/analysis/automatic.js';
import { automaticAnalysis } from '../src/engine/analysis/index.js';
import { Vectorizer } from '../src/engine/analysis/vectors.js';
import { chunkText } from '../src/engine/chunk.js';
import { wordVectors } from '../src/engine/meaning/word-vectors.js';
import { distinctTranscripts } from './distinct-transcripts.js';
import { readTranscript } from '../src/engine/transcript/index.js';
import { kmeans } from '../eval/passages/baselines.js';

const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
function memory(): string {
  const m = process.memoryUsage();
  return `RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}, buffers ${mb(m.arrayBuffers)}`;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Start-up, in fresh processes (5 runs, median): `performance.now()` counts from the process's start.
const probe = `
  const ready = performance.now();
  const before = process.memoryUsage();
  const { wordVectors } = await import(${JSON.stringify(new URL('../src/engine/meaning/word-vectors.ts', import.meta.url).href)});
  const imported = performance.now();
  wordVectors('en');
  const loaded = performance.now();
  console.log(JSON.stringify({ ready, imported, loaded, before, after: process.memoryUsage() }));`;
const runs = Array.from({ length: 5 }, () => {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return { ...JSON.parse(child.stdout), wall: performance.now() - t0 };
});
const bare = median(
  Array.from({ length: 5 }, () => Number(spawnSync(process.execPath, ['-e', 'console.log(performance.now())'], { encoding: 'utf8' }).stdout)),
);
const pick = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(
  `Fresh process (median of 5): node alone ready at ${ms(bare)}; node with tsx ready at ${ms(pick((r) => r.ready))}, ` +
    `module imported at ${ms(pick((r) => r.imported))}, word vectors loaded at ${ms(pick((r) => r.loaded))} ` +
    `(the first wordVectors('en') call: ${ms(pick((r) => r.loaded - r.imported))}); spawn to exit ${ms(pick((r) => r.wall))}.`,
);
const mid = runs.sort((a, b) => a.loaded - b.loaded)[2]!;
console.log(
  `Fresh process memory: before loading RSS ${mb(mid.before.rss)}, heap ${mb(mid.before.heapUsed)}; ` +
    `after RSS ${mb(mid.after.rss)}, heap ${mb(mid.after.heapUsed)}, buffers ${mb(mid.after.arrayBuffers)}.`,
);

// The same in this process, before anything else uses the vectors.
console.log(`This process, before loading the word vectors: ${memory()}`);
const t0 = performance.now();
wordVectors('en');
console.log(`This process, after loading them (${ms(performance.now() - t0)}): ${memory()}`);

// 400 transcripts for the table and 10 more for the warm-up, all distinct.
const SIZES = [50, 200, 400];
const LARGEST = SIZES[SIZES.length - 1]!;
const t1 = performance.now();
const texts = distinctTranscripts(LARGEST + 10);
const answers = (t: string) =>
  t
    .split('\n\n')
    .slice(1)
    .filter((p) => !p.startsWith('Interviewer:'));
const turns = texts.flatMap(answers);
if (new Set(turns).size !== turns.length) throw new Error('a participant turn is repeated');
const counts = texts.slice(0, LARGEST).map((t) => t.split(/\s+/).length);
console.log(
  `Transcripts: ${LARGEST} (+10 for the warm-up) in ${ms(performance.now() - t1)}, ${Math.min(...counts)}-${Math.max(...counts)} words each, ` +
    `${texts.slice(0, LARGEST).flatMap(answers).length} participant turns, none repeated.\n`,
);

/** The baseline: the participants' turns as TF-IDF vectors, grouped by spherical k-means. */
function baseline(texts: string[]): void {
  const turns = texts.flatMap(answers);
  const v = new Vectorizer('en');
  v.fit(turns);
  kmeans(
    turns.map((t) => v.vector(t)),
    8,
    42,
  );
}
const options: AutomaticOptions = { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 42 };

// Warm-up, not reported: module loading and the JIT would otherwise fall on the first row.
const warm = texts.slice(200);
automaticAnalysis(
  warm.map((text, i) => ({ id: `w${i}`, text, chunks: chunkText(text) })),
  options,
);
baseline(warm);

console.log(
  '| transcripts | words | seconds | baseline seconds (TF-IDF + k-means) | ratio to baseline | seconds per 50 transcripts | reading turns, share of the analysis | themes | insights |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const n of SIZES) {
  const docs = texts.slice(0, n).map((text, i) => ({ id: `t${i}`, text, chunks: chunkText(text) }));
  const words = docs.reduce((s, d) => s + d.text.split(/\s+/).length, 0);
  const t0 = performance.now();
  const r = automaticAnalysis(docs, options);
  const secs = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  baseline(docs.map((d) => d.text));
  const base = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  for (const d of docs) readTranscript(d.text);
  const reading = (performance.now() - t2) / 1000;
  console.log(
    `| ${n} | ${words} | ${secs.toFixed(1)} | ${base.toFixed(2)} | ${(secs / base).toFixed(1)}x | ${((secs * 50) / n).toFixed(2)} | ${((100 * reading) / secs).toFixed(1)}% | ${r.categories.filter((c) => !c.parentKey).length} | ${r.insights.length} |`,
  );
}
console.log(`\nAfter the ${LARGEST}-transcript run: ${memory()}; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}.`);
