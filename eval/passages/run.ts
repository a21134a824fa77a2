/**
 * The passage-level benchmark: sift's automatic and predefined analysis on interview studies
 * whose participant sentences are marked with the themes they speak to, beside two baselines
 * run on the same studies in the same run:
 *   npx tsx eval/passages/run.ts            (all studies; STUDY=name for one; DETAIL=1 per theme; SEED=n)
 */
import { automaticAnalysis, predefinedAnalysis } from '../../src/engine/analysis/index.js';
import { chunkText } from '../../src/engine/chunk.js';
import { loadStudies, type Study } from './load.js';
import { bestCategories, coverage, distractorPromoted, goldCoverage, goldUnits, prf, type Category, type Quoted } from './score.js';
import { descriptionBaseline, kmeansBaseline } from './baselines.js';

interface Row {
  study: string;
  split: string;
  method: string;
  found?: string;
  meanF1?: number;
  coverage?: number;
  distractor?: boolean;
  predefinedF1?: number;
  verbatim?: number;
  misplaced?: number;
  themes?: number;
  ms?: number;
}

function automaticRow(study: Study, method: string, categories: Category[], insights: Quoted[], ms?: number): Row {
  const c = coverage(study, insights);
  const best = bestCategories(study, categories, c.covered);
  if (process.env.DETAIL) {
    for (const b of best) console.error(`  ${method} | ${b.theme} → ${b.category}: P ${b.p.toFixed(2)} R ${b.r.toFixed(2)} F1 ${b.f1.toFixed(2)}`);
    console.error(`  ${method} categories: ${categories.map((x) => (x.parentKey ? `  └ ${x.name}` : x.name)).join(' | ')}`);
  }
  return {
    study: study.name,
    split: study.split,
    method,
    found: `${best.filter((b) => b.f1 >= 0.5).length}/${best.length}`,
    meanF1: best.reduce((s, b) => s + b.f1, 0) / best.length,
    coverage: goldCoverage(study, c.covered),
    distractor: distractorPromoted(study, categories, c.covered),
    verbatim: c.quotes ? c.verbatim / c.quotes : 1,
    misplaced: c.misplaced,
    themes: categories.filter((x) => !x.parentKey).length,
    ms,
  };
}

function predefinedF1(study: Study, insights: Quoted[]): number {
  const c = coverage(study, insights);
  const real = study.themes.filter((t) => !t.distractor);
  const scores = real.map((t) => prf(c.covered.get(t.name) ?? new Set(), goldUnits(study, t.id)));
  if (process.env.DETAIL)
    for (const [i, t] of real.entries())
      console.error(`  predefined | ${t.name}: P ${scores[i]!.p.toFixed(2)} R ${scores[i]!.r.toFixed(2)} F1 ${scores[i]!.f1.toFixed(2)}`);
  return scores.reduce((s, x) => s + x.f1, 0) / scores.length;
}

function evaluate(study: Study): Row[] {
  const docs = study.transcripts.map((t) => ({ id: t.id, text: t.text, chunks: chunkText(t.text, { locale: study.locale }) }));
  const real = study.themes.filter((t) => !t.distractor);
  console.error(`${study.name} (${study.split}, ${study.locale}): ${docs.length} transcripts, ${real.length} themes`);
  const started = Date.now();
  const auto = automaticAnalysis(docs, {
    locale: study.locale,
    granularity: 'default',
    strictMode: false,
    existingCategories: [],
    seed: Number(process.env.SEED ?? 42),
  });
  const ms = Date.now() - started;
  const pre = predefinedAnalysis(
    docs,
    real.map((t) => ({ name: t.name, description: t.description })),
    { locale: study.locale, granularity: 'default', strictMode: false },
  );
  const sift = automaticRow(study, 'sift', auto.categories, auto.insights, ms);
  sift.predefinedF1 = predefinedF1(study, pre.insights);
  const preQuotes = coverage(study, pre.insights);
  sift.verbatim =
    (sift.verbatim! * coverage(study, auto.insights).quotes + preQuotes.verbatim) / Math.max(1, coverage(study, auto.insights).quotes + preQuotes.quotes);
  sift.misplaced! += preQuotes.misplaced;
  const km = kmeansBaseline(study, real.length);
  const kmeans = automaticRow(study, 'k-means (gold k)', km.categories, km.insights);
  const desc: Row = { study: study.name, split: study.split, method: 'nearest description', predefinedF1: predefinedF1(study, descriptionBaseline(study)) };
  return [sift, kmeans, desc];
}

const only = process.env.STUDY;
const studies = loadStudies().filter((s) => !only || s.name === only);
const rows = studies.flatMap(evaluate);
const f = (x: number | undefined) => (x === undefined ? '' : x.toFixed(3));
console.log(
  '| study | split | method | themes found (F1 ≥ 0.5) | mean best-category F1 | coverage | distractor a theme | predefined macro-F1 | verbatim | quotes from interviewer or header | top-level themes | ms |',
);
console.log('|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.study} | ${r.split} | ${r.method} | ${r.found ?? ''} | ${f(r.meanF1)} | ${f(r.coverage)} | ${r.distractor === undefined ? '' : r.distractor ? 'yes' : 'no'} | ${f(r.predefinedF1)} | ${r.verbatim === undefined ? '' : `${(r.verbatim * 100).toFixed(1)}%`} | ${r.misplaced ?? ''} | ${r.themes ?? ''} | ${r.ms ?? ''} |`,
  );
}
