/**
 * How predefined analysis fares with examples taken from interviews drawn at random, not only
 * the first coded (run.ts's `withExamples`): for each seed, the study's transcripts are shuffled,
 * each theme's first `N` marked sentences in that order are its examples, the transcripts they
 * come from are left out, and macro-F1 with no examples and with `N` is scored on the rest.
 *
 *   SPLIT=development N=3 SEEDS=1,2,3,4,5 npx tsx eval/passages/example-draws.ts
 */
import { documentsOf, loadStudies, type Study } from './load.js';
import { predefinedScores } from './figures.js';
import { predefinedAnalysis } from '../../src/engine/analysis/index.js';
import { random } from '../../src/engine/analysis/nmf.js';

const split = process.env.SPLIT ?? 'development';
const seeds = (process.env.SEEDS ?? '1,2,3,4,5').split(',').map(Number);
const n = Number(process.env.N ?? 3);
const macro = (study: Study, examples: string[][] | null) => {
  const real = study.themes.filter((t) => !t.distractor);
  const pre = predefinedAnalysis(
    documentsOf(study),
    real.map((t, i) => ({ name: t.name, description: t.description, ...(examples ? { examples: examples[i]! } : {}) })),
    { locale: study.locale, granularity: 'default', strictMode: false },
  );
  const scores = predefinedScores(study, pre.insights);
  return scores.reduce((s, x) => s + x.f1, 0) / scores.length;
};
let drops = 0;
let gain = 0;
let draws = 0;
console.log(`| study | seed | scored on | 0 examples | ${n} examples |\n|---|---:|---:|---:|---:|`);
for (const study of loadStudies().filter((s) => s.split === split)) {
  const real = study.themes.filter((t) => !t.distractor);
  for (const seed of seeds) {
    const rand = random(seed);
    const order = study.transcripts
      .map((t) => ({ t, key: rand() }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.t);
    const picked = real.map((theme) =>
      order.flatMap((t) => t.units.filter((u) => u.themes.includes(theme.id)).map((u) => ({ id: t.id, text: t.text.slice(u.start, u.end) }))).slice(0, n),
    );
    const used = new Set(picked.flatMap((xs) => xs.map((x) => x.id)));
    const rest: Study = { ...study, transcripts: study.transcripts.filter((t) => !used.has(t.id)) };
    const without = macro(rest, null);
    const withExamples = macro(
      rest,
      picked.map((xs) => xs.map((x) => x.text)),
    );
    console.log(`| ${study.name} | ${seed} | ${rest.transcripts.length}/${study.transcripts.length} | ${without.toFixed(3)} | ${withExamples.toFixed(3)} |`);
    draws++;
    gain += withExamples - without;
    if (withExamples < without) drops++;
  }
}
console.log(`\n${n} examples: mean change ${(gain / draws).toFixed(3)}, lower in ${drops} of ${draws} draws`);
