/**
 * The passage-level benchmark: sift's automatic and predefined analysis on interview studies
 * whose participant sentences are marked with the themes they speak to, each laid out as the
 * tools researchers use export it (layouts.ts), beside two baselines run on the same studies in
 * the same run, then predefined analysis given 0, 3 and 8 examples per category:
 *   npx tsx eval/passages/run.ts            (all studies in all layouts; STUDY=name for one; LAYOUT=house,lines
 *                                            for some layouts; EXAMPLES=0 without the examples table;
 *                                            DETAIL=1 per theme; SEED=n; PARAMS=experiment.json for thresholds
 *                                            other than src/engine/analysis/params.ts's defaults)
 *   SPLIT=development SEEDS=1,2,3,42 npx tsx eval/passages/run.ts
 *                                           (only one split, as tuning must; with SEEDS, a last table of
 *                                            each study's mean over the seeds: how tuning is scored)
 * With CODER=0.7,0.85,0.95 (development studies only), predefined analysis is also coded by the simulated coder
 * (`simulated-coder.ts`, a model that knows the gold and codes that share of its passages right)
 * through the product's provider, meter and coder: a last table sets sift's macro-F1 beside the coder's own.
 * With EMBEDDINGS=encoder, each study is also analysed with a provider's embeddings as the engine's meaning, the
 * provider being a local fake backed by a packaged sentence encoder (`encoder-embeddings.ts`, English): a table
 * sets those figures beside the offline engine's (house layout).
 * With LLM=fake (a local fake model, `fake-llm.ts`) or LLM=url (the endpoint of the SIFT_LLM_*
 * variables), each study also gets a row `sift + … LLM`: the automatic analysis checked by the
 * product's provider and `reviewWithModel`, as the worker does. The targets are the offline row's.
 */
import { type automaticAnalysis, predefinedAnalysis } from '../../src/engine/analysis/index.js';
import fs from 'node:fs';
import { analyseStudy, predefinedScores } from './figures.js';
import type { ParamsOverride } from '../../src/engine/analysis/params.js';
import { documentsOf, loadStudies, type Study } from './load.js';
import { bestCategories, coverage, smallTalkCategories, distractorPromoted, goldCoverage, type Category, type Quoted } from './score.js';
import { descriptionBaseline, kmeansBaseline } from './baselines.js';
import { parseConfig } from '../../src/config.js';
import { createLlmProvider, type LlmProvider } from '../../src/engine/llm/provider.js';
import { reviewWithModel } from '../../src/engine/llm/reviewer.js';
import { startFakeLlm, type FakeLlm } from './fake-llm.js';
import { inLayout, LAYOUTS, type Layout } from './layouts.js';
import { withEncoderEmbeddings, type EmbeddedFigures } from './embedded-figures.js';
import { reviewedBySimulatedCoder, withSimulatedCoder, type CoderFigures, type ReviewFigures } from './coder-figures.js';

interface Row {
  study: string;
  layout?: string;
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
  smallTalk?: string;
  ms?: number;
}

function automaticRow(study: Study, method: string, categories: Category[], insights: Quoted[], ms?: number): Row {
  const c = coverage(study, insights);
  const best = bestCategories(study, categories, c.covered);
  const chat = smallTalkCategories(study, categories, c.covered);
  if (process.env.DETAIL) {
    console.error(`  ${method} small talk: ${chat.smallTalk.join(' | ') || 'none'}`);
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
    smallTalk: `${chat.smallTalk.length}/${chat.holding}`,
    ms,
  };
}

function predefinedF1(study: Study, insights: Quoted[]): number {
  const scores = predefinedScores(study, insights);
  if (process.env.DETAIL) for (const s of scores) console.error(`  predefined | ${s.theme}: P ${s.p.toFixed(2)} R ${s.r.toFixed(2)} F1 ${s.f1.toFixed(2)}`);
  return scores.reduce((s, x) => s + x.f1, 0) / scores.length;
}

/**
 * Predefined analysis given 0, 3 and 8 examples per category, as a researcher pastes them from
 * the first interviews they coded: each theme's first marked sentences in transcript order. The
 * transcripts examples came from are left out of what is analysed and scored, in all three runs.
 */
function withExamples(study: Study): { scored: number; runs: { examples: number; f1: number }[] } {
  const real = study.themes.filter((t) => !t.distractor);
  const pick = (n: number) =>
    real.map((t) =>
      study.transcripts
        .flatMap((tr) => tr.units.filter((u) => u.themes.includes(t.id)).map((u) => ({ id: tr.id, text: tr.text.slice(u.start, u.end) })))
        .slice(0, n),
    );
  const used = new Set(pick(8).flatMap((xs) => xs.map((x) => x.id)));
  const rest: Study = { ...study, transcripts: study.transcripts.filter((t) => !used.has(t.id)) };
  const runs = [0, 3, 8].map((n) => {
    const examples = pick(n);
    const pre = predefinedAnalysis(
      documentsOf(rest),
      real.map((t, i) => ({ name: t.name, description: t.description, ...(n ? { examples: examples[i]!.map((x) => x.text) } : {}) })),
      { locale: study.locale, granularity: 'default', strictMode: false, params },
    );
    return { examples: n, f1: predefinedF1(rest, pre.insights) };
  });
  return { scored: rest.transcripts.length, runs };
}

/** The provider as the product builds it from its configuration (`createLlmProvider(config.llm)`, default options). */
async function modelUnderTest(): Promise<{ llm: LlmProvider; method: string; fake: FakeLlm | null } | null> {
  const mode = process.env.LLM;
  if (!mode) return null;
  if (mode === 'fake') {
    const fake = await startFakeLlm();
    const cfg = parseConfig({ SIFT_LLM_BASE_URL: fake.baseUrl, SIFT_LLM_API_KEY: fake.apiKey, SIFT_LLM_MODEL: fake.model });
    return { llm: createLlmProvider(cfg.llm)!, method: 'sift + fake LLM', fake };
  }
  if (mode === 'url') {
    const cfg = parseConfig(Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('SIFT_LLM_'))));
    const llm = createLlmProvider(cfg.llm);
    if (!llm?.chat) throw new Error('LLM=url needs SIFT_LLM_BASE_URL and SIFT_LLM_MODEL (SIFT_LLM_API_KEY if the endpoint wants one)');
    return { llm, method: `sift + LLM (${cfg.llm.model})`, fake: null };
  }
  throw new Error(`LLM must be "fake" or "url", got "${mode}"`);
}

/** What the worker stores with a model configured (analysis-job.ts, `runAutomatic`), scored like the offline row. */
async function withModel(study: Study, offline: ReturnType<typeof automaticAnalysis>, offlineMs: number): Promise<Row> {
  const { llm, method, fake } = model!;
  const before = fake ? { ...fake.stats } : null;
  const failures: string[] = [];
  const started = Date.now();
  const result = await reviewWithModel(
    llm,
    documentsOf(study),
    offline,
    { locale: study.locale, granularity: 'default', strictMode: false, existingCategories: [] },
    (err) => failures.push((err as { kind?: string }).kind ?? String(err)),
  );
  const row = automaticRow(study, method, result.categories, result.insights, offlineMs + Date.now() - started);
  if (process.env.DETAIL) {
    const quotes = (x: { quotes: string[] }[]) => x.reduce((s, i) => s + i.quotes.length, 0);
    const reworded = result.insights.filter((x, n) => x.quotes !== offline.insights[n]!.quotes);
    console.error(
      `  ${method}: ${failures.length} calls failed (${[...new Set(failures)].join(', ') || 'none'}), offline draft kept; ` +
        `${reworded.length}/${result.insights.length} insights took the model's quotes (${quotes(reworded)} kept after repair); quotes ${quotes(offline.insights)} → ${quotes(result.insights)}`,
    );
    if (fake && before) {
      const d = Object.fromEntries(Object.entries(fake.stats).map(([k, v]) => [k, v - before[k as keyof typeof before]]));
      console.error(`  fake LLM: ${JSON.stringify(d)}`);
    }
  }
  return row;
}

async function evaluate(study: Study, seed: number, layout: Layout): Promise<Row[]> {
  const rows = await evaluateLaidOut(await inLayout(study, layout), seed);
  return rows.map((r) => ({ ...r, layout }));
}

async function evaluateLaidOut(study: Study, seed: number): Promise<Row[]> {
  const real = study.themes.filter((t) => !t.distractor);
  console.error(`${study.name} (${study.split}, ${study.locale}): ${study.transcripts.length} transcripts, ${real.length} themes`);
  const { auto, pre, ms } = analyseStudy(study, seed, params);
  const sift = automaticRow(study, 'sift', auto.categories, auto.insights, ms);
  sift.predefinedF1 = predefinedF1(study, pre.insights);
  const preQuotes = coverage(study, pre.insights);
  sift.verbatim =
    (sift.verbatim! * coverage(study, auto.insights).quotes + preQuotes.verbatim) / Math.max(1, coverage(study, auto.insights).quotes + preQuotes.quotes);
  sift.misplaced! += preQuotes.misplaced;
  const km = kmeansBaseline(study, Math.max(real.length, sift.themes!), seed);
  const kmeans = automaticRow(study, 'k-means on turns', km.categories, km.insights);
  const desc: Row = { study: study.name, split: study.split, method: 'nearest description', predefinedF1: predefinedF1(study, descriptionBaseline(study)) };
  return model ? [sift, await withModel(study, auto, ms), kmeans, desc] : [sift, kmeans, desc];
}

const model = await modelUnderTest();
const params = process.env.PARAMS ? (JSON.parse(fs.readFileSync(process.env.PARAMS, 'utf8')) as ParamsOverride) : undefined;
const only = process.env.STUDY;
const split = process.env.SPLIT;
const studies = loadStudies().filter((s) => (!only || s.name === only) && (!split || s.split === split));
const seeds = (process.env.SEEDS ?? process.env.SEED ?? '42').split(',').map(Number);
/** A mean of themes found over several seeds is shown to a decimal. */
const foundDecimals = seeds.length > 1 ? 1 : 0;
const layouts = (process.env.LAYOUT ? process.env.LAYOUT.split(',') : LAYOUTS) as Layout[];
for (const l of layouts) if (!LAYOUTS.includes(l)) throw new Error(`LAYOUT ${l}: one of ${LAYOUTS.join(', ')}`);
const rows: Row[] = [];
const bySeed: Row[][] = [];
const examples = process.env.EXAMPLES === '0' ? [] : studies.map((study) => ({ study, ...withExamples(study) }));
for (const seed of seeds) {
  const these: Row[] = [];
  for (const layout of layouts) for (const study of studies) these.push(...(await evaluate(study, seed, layout)));
  bySeed.push(these);
}
rows.push(...bySeed[0]!);
const accuracies = process.env.CODER ? process.env.CODER.split(',').map(Number) : [];
const coded: (CoderFigures & { study: string; layout: Layout; offline: number })[] = [];
const reviewed: (ReviewFigures & { study: string; layout: Layout })[] = [];
const withEmbeddings: (EmbeddedFigures & { row: Row })[] = [];
for (const layout of process.env.EMBEDDINGS === 'encoder' ? layouts.filter((l) => l === 'house') : [])
  for (const study of studies) {
    // Automatic analysis depends on the seed (by 0.05-0.1 on a study): with SEEDS, both sides are means over them.
    const offline = bySeed.map((these) => these.find((r) => r.study === study.name && r.layout === layout && r.method === 'sift')!);
    const laidOut = await inLayout(study, layout);
    const each: EmbeddedFigures[] = [];
    for (const seed of seeds) {
      const one = await withEncoderEmbeddings(laidOut, seed);
      if (one) each.push(one);
    }
    if (each.length === 0) continue;
    const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const found = (rs: Row[]) => `${average(rs.map((r) => Number(r.found!.split('/')[0]))).toFixed(foundDecimals)}/${offline[0]!.found!.split('/')[1]}`;
    const row = { ...offline[0]!, meanF1: average(offline.map((r) => r.meanF1!)), found: found(offline) };
    const e = { ...each[0]!, meanF1: average(each.map((x) => x.meanF1)), found: average(each.map((x) => x.found)) };
    console.error(
      `${study.name} ${layout} embeddings: automatic ${e.meanF1.toFixed(3)} (${row.meanF1!.toFixed(3)}), predefined ${e.predefinedF1.toFixed(3)} (${row.predefinedF1!.toFixed(3)})`,
    );
    withEmbeddings.push({ ...e, row });
  }
if (process.env.EMBEDDINGS && process.env.EMBEDDINGS !== 'encoder') throw new Error('EMBEDDINGS must be "encoder"');
for (const layout of accuracies.length ? layouts : [])
  for (const study of studies.filter((s) => s.split === 'development')) {
    const laidOut = await inLayout(study, layout);
    const offline = rows.find((r) => r.study === study.name && r.layout === layout && r.method === 'sift')!.predefinedF1!;
    const { auto } = analyseStudy(laidOut, seeds[0]!, params);
    for (const accuracy of accuracies) {
      const f = await withSimulatedCoder(laidOut, accuracy, seeds[0]);
      console.error(`${study.name} ${layout} coder ${accuracy}: sift ${f.siftF1.toFixed(3)}, ideal ${f.idealF1.toFixed(3)}`);
      coded.push({ ...f, study: study.name, layout, offline });
      const r = await reviewedBySimulatedCoder(laidOut, accuracy, seeds[0], auto);
      console.error(`${study.name} ${layout} review ${accuracy}: sift ${r.siftF1.toFixed(3)} against ${r.offlineF1.toFixed(3)} offline`);
      reviewed.push({ ...r, study: study.name, layout });
    }
  }
await model?.fake?.close();
const f = (x: number | undefined) => (x === undefined ? '' : x.toFixed(3));
if (seeds.length > 1) {
  console.log(`Mean over seeds ${seeds.join(', ')} (sift's row; predefined analysis does not depend on the seed):\n`);
  console.log('| study | layout | split | mean best-category F1 | themes found | predefined macro-F1 |');
  console.log('|---|---|---|---:|---:|---:|');
  const sift = bySeed.map((these) => these.filter((r) => r.method === 'sift'));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const [i, r] of sift[0]!.entries()) {
    const found = sift.map((s) => Number(s[i]!.found!.split('/')[0]));
    console.log(
      `| ${r.study} | ${r.layout} | ${r.split} | ${f(mean(sift.map((s) => s[i]!.meanF1!)))} | ${mean(found).toFixed(2)}/${r.found!.split('/')[1]} | ${f(r.predefinedF1)} |`,
    );
  }
  const all = sift.flat();
  console.log(`| all | | | ${f(mean(all.map((r) => r.meanF1!)))} | | ${f(mean(sift[0]!.map((r) => r.predefinedF1!)))} |\n`);
  console.log(`First seed (${seeds[0]}):\n`);
}
console.log(
  '| study | layout | split | method | themes found (F1 ≥ 0.5) | mean best-category F1 | coverage | distractor a theme | predefined macro-F1 | verbatim | quotes from interviewer or header | top-level themes | small-talk categories | ms |',
);
console.log('|---|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.study} | ${r.layout} | ${r.split} | ${r.method} | ${r.found ?? ''} | ${f(r.meanF1)} | ${f(r.coverage)} | ${r.distractor === undefined ? '' : r.distractor ? 'yes' : 'no'} | ${f(r.predefinedF1)} | ${r.verbatim === undefined ? '' : `${(r.verbatim * 100).toFixed(1)}%`} | ${r.misplaced ?? ''} | ${r.themes ?? ''} | ${r.smallTalk ?? ''} | ${r.ms ?? ''} |`,
  );
}

if (layouts.length > 1) {
  console.log('\nBy layout, mean over the studies run (first seed): sift beside k-means.\n');
  console.log('| layout | sift mean F1 | themes found | k-means mean F1 | predefined macro-F1 | quotes from interviewer or header | verbatim |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  for (const layout of layouts) {
    const sift = rows.filter((r) => r.layout === layout && r.method === 'sift');
    const km = rows.filter((r) => r.layout === layout && r.method.startsWith('k-means'));
    const found = sift.reduce((s, r) => s + Number(r.found!.split('/')[0]), 0);
    const of = sift.reduce((s, r) => s + Number(r.found!.split('/')[1]), 0);
    console.log(
      `| ${layout} | ${f(mean(sift.map((r) => r.meanF1!)))} | ${found}/${of} | ${f(mean(km.map((r) => r.meanF1!)))} | ${f(mean(sift.map((r) => r.predefinedF1!)))} | ${sift.reduce((s, r) => s + r.misplaced!, 0)} | ${(100 * Math.min(...sift.map((r) => r.verbatim!))).toFixed(1)}% |`,
    );
  }
}

if (examples.length) {
  console.log('\nPredefined analysis with examples (house layout; the transcripts examples came from are left out and not scored):\n');
  console.log('| study | split | scored on | 0 examples | 3 examples | 8 examples |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const { study, scored, runs } of examples)
    console.log(`| ${study.name} | ${study.split} | ${scored}/${study.transcripts.length} | ${runs.map((r) => f(r.f1)).join(' | ')} |`);
}

if (coded.length) {
  console.log('\nPredefined analysis coded by the simulated coder (development studies): sift beside the coder on the gold\'s own sentences ("ideal"),');
  console.log('and the offline engine alone in the same layout. Failures on: cut-off JSON, 500s, 429s, fences, unknown ids.\n');
  console.log(
    '| study | layout | coder accuracy | ideal macro-F1 | sift macro-F1 | offline macro-F1 | batches (failed) | calls | tokens per 1,000 words | verbatim | quotes from interviewer or header |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const c of coded)
    console.log(
      `| ${c.study} | ${c.layout} | ${c.accuracy} | ${f(c.idealF1)} | ${f(c.siftF1)} | ${f(c.offline)} | ${c.batches} (${c.failedBatches}) | ${c.calls} | ${Math.round(c.tokensPerThousandWords)} | ${(100 * c.verbatim).toFixed(1)}% | ${c.misplaced} |`,
    );
  console.log('\nMean over studies and layouts:\n');
  console.log('| coder accuracy | ideal macro-F1 | sift macro-F1 | lowest sift macro-F1 (study, layout) | offline macro-F1 | tokens per 1,000 words |');
  console.log('|---:|---:|---:|---|---:|---:|');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  for (const accuracy of accuracies) {
    const these = coded.filter((c) => c.accuracy === accuracy);
    const low = these.reduce((a, b) => (b.siftF1 < a.siftF1 ? b : a));
    console.log(
      `| ${accuracy} | ${f(mean(these.map((c) => c.idealF1)))} | ${f(mean(these.map((c) => c.siftF1)))} | ${f(low.siftF1)} (${low.study}, ${low.layout}) | ${f(mean(these.map((c) => c.offline)))} | ${Math.round(mean(these.map((c) => c.tokensPerThousandWords)))} |`,
    );
  }
}

if (reviewed.length) {
  console.log('\nAutomatic analysis checked by the simulated coder (development studies): the offline themes merged, their passages filed again, named.\n');
  console.log(
    '| study | layout | coder accuracy | offline mean F1 | themes found | checked mean F1 | themes found | gain | top-level themes | small-talk categories | merged | calls | tokens per 1,000 words | verbatim | quotes from interviewer or header |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of reviewed)
    console.log(
      `| ${r.study} | ${r.layout} | ${r.accuracy} | ${f(r.offlineF1)} | ${r.offlineFound}/5 | ${f(r.siftF1)} | ${r.found}/5 | ${f(r.siftF1 - r.offlineF1)} | ${r.themes} | ${r.smallTalk} | ${r.merged} | ${r.calls} | ${Math.round(r.tokensPerThousandWords)} | ${(100 * r.verbatim).toFixed(1)}% | ${r.misplaced} |`,
    );
  console.log('\n| coder accuracy | offline mean F1 | checked mean F1 | smallest gain (study, layout) | tokens per 1,000 words |');
  console.log('|---:|---:|---:|---|---:|');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  for (const accuracy of accuracies) {
    const these = reviewed.filter((r) => r.accuracy === accuracy);
    const low = these.reduce((a, b) => (b.siftF1 - b.offlineF1 < a.siftF1 - a.offlineF1 ? b : a));
    console.log(
      `| ${accuracy} | ${f(mean(these.map((r) => r.offlineF1)))} | ${f(mean(these.map((r) => r.siftF1)))} | ${f(low.siftF1 - low.offlineF1)} (${low.study}, ${low.layout}) | ${Math.round(mean(these.map((r) => r.tokensPerThousandWords)))} |`,
    );
  }
}

if (withEmbeddings.length) {
  console.log('\nWith embeddings from the encoder fake (Universal Sentence Encoder lite through the provider) as the meaning, beside the offline engine:\n');
  console.log(
    '| study | layout | split | automatic mean F1: offline | with embeddings | themes found: offline | with embeddings | predefined macro-F1: offline | with embeddings | texts embedded |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const e of withEmbeddings)
    console.log(
      `| ${e.row.study} | ${e.row.layout} | ${e.row.split} | ${f(e.row.meanF1)} | ${f(e.meanF1)} | ${e.row.found} | ${e.found.toFixed(foundDecimals)}/${e.row.found!.split('/')[1]} | ${f(e.row.predefinedF1)} | ${f(e.predefinedF1)} | ${e.texts} |`,
    );
}
