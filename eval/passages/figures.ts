import { automaticAnalysis, predefinedAnalysis } from '../../src/engine/analysis/index.js';
import { documentsOf, type Study } from './load.js';
import type { ParamsOverride } from '../../src/engine/analysis/params.js';
import { coverage, goldUnits, prf, type Quoted } from './score.js';

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
