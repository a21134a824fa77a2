import { automaticAnalysis, predefinedAnalysis } from '../../src/engine/analysis/index.js';
import { documentsOf, type Study } from './load.js';
import type { ParamsOverride } from '../../src/engine/analysis/params.js';
import { bestCategories, coverage, distractorPromoted, goldUnits, prf, smallTalkCategories, type Quoted } from './score.js';

/**
 * A study analysed as the product analyses a project: automatic analysis at `seed`, and
 * predefined analysis on the study's themes; `params` changes thresholds from their defaults (an
 * experiment, `PARAMS=file.json` in run.ts).
 */
export function analyseStudy(study: Study, seed: number, params?: ParamsOverride) {
  const docs = documentsOf(study);
  const started = Date.now();
  const auto = automaticAnalysis(docs, { locale: study.locale, granularity: 'default', strictMode: false, existingCategories: [], seed, params });
  const ms = Date.now() - started;
  const pre = predefinedAnalysis(
    docs,
    study.themes.filter((t) => !t.distractor).map((t) => ({ name: t.name, description: t.description })),
    { locale: study.locale, granularity: 'default', strictMode: false, params },
  );
  return { auto, pre, ms };
}

/** Each real theme's F1 for the category of its name, in predefined analysis. */
export function predefinedScores(study: Study, insights: Quoted[]) {
  const c = coverage(study, insights);
  return study.themes.filter((t) => !t.distractor).map((t) => ({ theme: t.name, ...prf(c.covered.get(t.name) ?? new Set(), goldUnits(study, t.id)) }));
}

/** The headline figures: mean best-category F1 (automatic, matched one to one), predefined macro-F1, whether the distractor became a theme, and how many categories are mostly small talk. */
export function headline(study: Study, seed: number): { meanF1: number; predefinedF1: number; distractor: boolean; smallTalk: number } {
  const { auto, pre } = analyseStudy(study, seed);
  const covered = coverage(study, auto.insights).covered;
  const best = bestCategories(study, auto.categories, covered);
  const pre1 = predefinedScores(study, pre.insights);
  return {
    meanF1: best.reduce((s, b) => s + b.f1, 0) / best.length,
    predefinedF1: pre1.reduce((s, x) => s + x.f1, 0) / pre1.length,
    distractor: distractorPromoted(study, auto.categories, covered),
    smallTalk: smallTalkCategories(study, auto.categories, covered).smallTalk.length,
  };
}
