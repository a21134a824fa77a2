/**
 * Where an automatic analysis spends its time, by stage (issue 45): N distinct transcripts
 * (bench/distinct-transcripts.ts) analysed once in this process after the warm-up a worker runs
 * (warmUpAnalysis), each stage of the pipeline (src/engine/analysis/stages/) timed as it runs.
 *
 *   npx tsx bench/analysis-stages.ts            # N=50
 *   N=200 npx tsx bench/analysis-stages.ts
 */
import os from 'node:os';
import { automaticAnalysis, warmUpAnalysis } from '../src/engine/analysis/index.js';
import type { AutomaticStages } from '../src/engine/analysis/stages/index.js';
import { AUTOMATIC_STAGES } from '../src/engine/analysis/stages/index.js';
import { chunkText } from '../src/engine/chunk.js';
import { distinctTranscripts } from './distinct-transcripts.js';

const N = Number(process.env.N ?? 50);
const ms: Record<string, number> = {};
const timed = Object.fromEntries(
  Object.entries(AUTOMATIC_STAGES).map(([name, stage]) => [
    name,
    {
      run(input: never, context: never) {
        const t = performance.now();
        try {
          return (stage as { run(i: never, c: never): unknown }).run(input, context);
        } finally {
          ms[name] = (ms[name] ?? 0) + performance.now() - t;
        }
      },
    },
  ]),
) as unknown as Partial<AutomaticStages>;

warmUpAnalysis();
const docs = distinctTranscripts(N).map((text, i) => ({ id: `d${i}`, text, chunks: chunkText(text, { locale: 'en' }) }));
const load = os.loadavg()[0]!.toFixed(2);
const t = performance.now();
const result = automaticAnalysis(docs, { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 42, stages: timed });
const total = performance.now() - t;
console.log(`${N} transcripts: ${total.toFixed(0)} ms, ${result.categories.filter((c) => !c.parentKey).length} themes, 1-minute load ${load}\n`);
console.log('| stage | ms | share |\n|---|---:|---:|');
for (const [name, v] of Object.entries(ms)) console.log(`| ${name} | ${v.toFixed(0)} | ${((100 * v) / total).toFixed(0)}% |`);
