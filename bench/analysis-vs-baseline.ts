/**
 * Automatic analysis beside the honest baseline (issue 45): bench/tfidf-kmeans.ts (TF-IDF of the
 * participants' turns in typed arrays, spherical k-means, k = 8, best of five starts), each in a
 * process of its own on the same N distinct transcripts (bench/distinct-transcripts.ts), the two
 * alternated three times; the 1-minute load printed beside each. sift's figure is its first
 * analysis in the process after the warm-up a worker runs before it claims work
 * (warmUpAnalysis) and, beside it, one after a run on 8 other transcripts (what a worker that has
 * analysed before does).
 *
 *   npx tsx bench/analysis-vs-baseline.ts            # N=8,50,200
 *   N=50 npx tsx bench/analysis-vs-baseline.ts
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

type Side = 'baseline' | 'sift-first' | 'sift-warm';
const SIDES: Side[] = ['baseline', 'sift-first', 'sift-warm'];
const ROUNDS = 3;

async function child(side: Side, n: number): Promise<void> {
  const { distinctTranscripts } = await import('./distinct-transcripts.js');
  const texts = distinctTranscripts(n + 8);
  const set = texts.slice(0, n);
  if (side === 'baseline') {
    const { baselineThemes } = await import('./tfidf-kmeans.js');
    const t = performance.now();
    const themes = baselineThemes(set);
    console.log(JSON.stringify({ ms: performance.now() - t, themes: themes.length }));
    return;
  }
  const { automaticAnalysis, warmUpAnalysis } = await import('../src/engine/analysis/index.js');
  const { chunkText } = await import('../src/engine/chunk.js');
  const docs = (list: string[], prefix: string) => list.map((text, i) => ({ id: `${prefix}${i}`, text, chunks: chunkText(text, { locale: 'en' }) }));
  const opts = { locale: 'en', granularity: 'default' as const, strictMode: false, existingCategories: [], seed: 42 };
  // What a worker does before it claims work (src/worker/thread-main.ts); then, for 'sift-warm', a run on other transcripts.
  warmUpAnalysis();
  if (side === 'sift-warm') automaticAnalysis(docs(texts.slice(n), 'w'), opts);
  const input = docs(set, 'd');
  const t = performance.now();
  const result = automaticAnalysis(input, opts);
  console.log(JSON.stringify({ ms: performance.now() - t, themes: result.categories.filter((c) => !c.parentKey).length }));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function parent(): void {
  const self = fileURLToPath(import.meta.url);
  const sizes = (process.env.N ?? '8,50,200').split(',').map(Number);
  console.log(
    `| transcripts | baseline ms (rounds) | sift, first analysis ms (rounds) | ratio | sift, after one ms (rounds) | ratio | themes (baseline / sift) | 1-minute load |`,
  );
  console.log('| ---: | --- | --- | ---: | --- | ---: | --- | --- |');
  for (const n of sizes) {
    const ms: Record<Side, number[]> = { baseline: [], 'sift-first': [], 'sift-warm': [] };
    const themes: Record<Side, number> = { baseline: 0, 'sift-first': 0, 'sift-warm': 0 };
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 ? [...SIDES].reverse() : SIDES) {
        loads.push(os.loadavg()[0]!);
        const out = execFileSync(process.execPath, ['--import', 'tsx', self, side, String(n)], { encoding: 'utf8', maxBuffer: 1 << 24 });
        const answer = JSON.parse(out.trim().split('\n').pop()!) as { ms: number; themes: number };
        ms[side].push(answer.ms);
        themes[side] = answer.themes;
      }
    }
    const cell = (side: Side) => `${median(ms[side]).toFixed(0)} (${ms[side].map((x) => x.toFixed(0)).join(', ')})`;
    const ratio = (side: Side) => (median(ms[side]) / median(ms.baseline)).toFixed(1);
    console.log(
      `| ${n} | ${cell('baseline')} | ${cell('sift-first')} | ${ratio('sift-first')}x | ${cell('sift-warm')} | ${ratio('sift-warm')}x | ${themes.baseline} / ${themes['sift-first']} | ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} |`,
    );
  }
  console.log(`(${os.cpus().length} cores; medians of ${ROUNDS}, each a process of its own, alternated)`);
}

const [side, n] = process.argv.slice(2);
if (side) await child(side as Side, Number(n));
else parent();
