import type { AutomaticResult } from '../../src/engine/analysis/types.js';
import type { Study } from './load.js';
import { documentsOf } from './load.js';
import { predefinedScores } from './figures.js';
import { coverage } from './score.js';
import { idealCoding, startSimulatedCoder } from './simulated-coder.js';
import { parseConfig } from '../../src/config.js';
import { createLlmProvider } from '../../src/engine/llm/provider.js';
import { MeteredModel } from '../../src/engine/llm/meter.js';
import { predefinedByModel } from '../../src/engine/llm/coder.js';
import { reviewWithModel } from '../../src/engine/llm/reviewer.js';
import { analyseStudy } from './figures.js';
import { bestCategories, smallTalkCategories } from './score.js';

/**
 * Predefined analysis coded by the simulated coder (`CODER=0.85` in run.ts), through the
 * product's provider, meter and coder as the worker builds them: sift's macro-F1 beside the
 * coder's own on the gold's sentences (`idealCoding`), so that the difference is what the
 * pipeline loses; with what it cost.
 */
export interface CoderFigures {
  accuracy: number;
  /** The coder's macro-F1 on the gold's own sentences (`idealCoding`): its accuracy as a coder. */
  idealF1: number;
  siftF1: number;
  verbatim: number;
  misplaced: number;
  batches: number;
  failedBatches: number;
  calls: number;
  tokensPerThousandWords: number;
}

const macro = (xs: { f1: number }[]) => xs.reduce((s, x) => s + x.f1, 0) / xs.length;

export async function withSimulatedCoder(study: Study, accuracy: number, seed = 42): Promise<CoderFigures> {
  if (study.split !== 'development') throw new Error(`the simulated coder knows the gold: it codes development studies only, not ${study.name}`);
  const coder = await startSimulatedCoder(study, accuracy, seed);
  try {
    const cfg = parseConfig({ SIFT_LLM_BASE_URL: coder.baseUrl, SIFT_LLM_API_KEY: coder.apiKey, SIFT_LLM_MODEL: coder.model });
    const model = new MeteredModel(createLlmProvider(cfg.llm)!, { model: coder.model, concurrency: cfg.llm.concurrency });
    const categories = study.themes.filter((t) => !t.distractor).map((t) => ({ name: t.name, description: t.description }));
    const result = await predefinedByModel(model, documentsOf(study), categories, {
      locale: study.locale,
      granularity: 'default',
      strictMode: false,
      contextTokens: cfg.llm.contextTokens,
    });
    const quotes = coverage(study, result.insights);
    const words = study.transcripts.reduce((n, t) => n + (t.text.match(/\S+/g)?.length ?? 0), 0);
    return {
      accuracy,
      idealF1: macro(predefinedScores(study, idealCoding(study, accuracy, seed))),
      siftF1: macro(predefinedScores(study, result.insights)),
      verbatim: quotes.quotes ? quotes.verbatim / quotes.quotes : 1,
      misplaced: quotes.misplaced,
      batches: result.batches,
      failedBatches: result.failedBatches,
      calls: model.usage.calls,
      tokensPerThousandWords: ((model.usage.inputTokens + model.usage.outputTokens) * 1000) / words,
    };
  } finally {
    await coder.close();
  }
}

export interface ReviewFigures {
  accuracy: number;
  offlineF1: number;
  offlineFound: number;
  siftF1: number;
  found: number;
  themes: number;
  smallTalk: string;
  merged: number;
  verbatim: number;
  misplaced: number;
  calls: number;
  tokensPerThousandWords: number;
}

/** Automatic analysis checked by the simulated coder (reviewer.ts), beside the offline engine's at the same seed. */
export async function reviewedBySimulatedCoder(study: Study, accuracy: number, seed = 42, auto = analyseStudy(study, seed).auto): Promise<ReviewFigures> {
  if (study.split !== 'development') throw new Error(`the simulated coder knows the gold: it codes development studies only, not ${study.name}`);
  const score = (r: { categories: { key: string; name: string; parentKey: string | null }[]; insights: Parameters<typeof coverage>[1] }) => {
    const c = coverage(study, r.insights);
    const best = bestCategories(study, r.categories, c.covered);
    const chat = smallTalkCategories(study, r.categories, c.covered);
    return {
      c,
      best,
      mean: best.reduce((s, b) => s + b.f1, 0) / best.length,
      found: best.filter((b) => b.f1 >= 0.5).length,
      smallTalk: `${chat.smallTalk.length}/${chat.holding}`,
    };
  };
  const before = score(auto);
  const { reviewed, usage } = await reviewBySimulatedCoder(study, accuracy, seed, auto);
  const after = score(reviewed);
  const words = study.transcripts.reduce((n, t) => n + (t.text.match(/\S+/g)?.length ?? 0), 0);
  return {
    accuracy,
    offlineF1: before.mean,
    offlineFound: before.found,
    siftF1: after.mean,
    found: after.found,
    themes: reviewed.categories.filter((c) => !c.parentKey).length,
    smallTalk: after.smallTalk,
    merged: reviewed.merged,
    verbatim: after.c.quotes ? after.c.verbatim / after.c.quotes : 1,
    misplaced: after.c.misplaced,
    calls: usage.calls,
    tokensPerThousandWords: ((usage.inputTokens + usage.outputTokens) * 1000) / words,
  };
}

/** The offline analysis `auto` reviewed by the simulated coder, as the worker does with a model configured: the model path's codebook. */
export async function reviewBySimulatedCoder(study: Study, accuracy: number, seed: number, auto: AutomaticResult) {
  if (study.split !== 'development') throw new Error(`the simulated coder knows the gold: it codes development studies only, not ${study.name}`);
  const coder = await startSimulatedCoder(study, accuracy, seed);
  try {
    const cfg = parseConfig({ SIFT_LLM_BASE_URL: coder.baseUrl, SIFT_LLM_API_KEY: coder.apiKey, SIFT_LLM_MODEL: coder.model });
    const model = new MeteredModel(createLlmProvider(cfg.llm)!, { model: coder.model, concurrency: cfg.llm.concurrency });
    const reviewed = await reviewWithModel(
      model,
      documentsOf(study),
      auto,
      { locale: study.locale, granularity: 'default', strictMode: false, existingCategories: [], contextTokens: cfg.llm.contextTokens },
      () => {},
    );
    return { reviewed, usage: model.usage };
  } finally {
    await coder.close();
  }
}
