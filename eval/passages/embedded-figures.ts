import type { Study } from './load.js';
import { documentsOf } from './load.js';
import { predefinedScores } from './figures.js';
import { bestCategories, coverage } from './score.js';
import { automaticAnalysis, predefinedAnalysis } from '../../src/engine/analysis/index.js';
import { embedded, readsLanguage, recording, type Embedder } from '../../src/engine/meaning/embedded.js';
import { createLlmProvider } from '../../src/engine/llm/provider.js';
import { parseConfig } from '../../src/config.js';
import { startEncoderEmbeddings } from './encoder-embeddings.js';

/**
 * The offline engine with a provider's embeddings as its meaning (`EMBEDDINGS=encoder` in
 * run.ts): the texts each analysis asks for are recorded, embedded through the product's
 * provider by the encoder fake, and the analysis run again with them, as the worker does
 * (worker/text-vectors.ts) without the store.
 */
export interface EmbeddedFigures {
  meanF1: number;
  found: number;
  predefinedF1: number;
  texts: number;
}

async function withVectors<T>(embed: (texts: string[]) => Promise<number[][]>, step: (e: Embedder) => T): Promise<{ result: T; texts: number }> {
  const record = recording();
  step(record.embedder);
  const texts = record.texts();
  const vectors = await embed(texts);
  return { result: step(embedded(new Map(texts.map((t, n) => [t, Float32Array.from(vectors[n]!)])))), texts: texts.length };
}

/** The encoder reads English only, and is configured so (`SIFT_EMBEDDING_LANGUAGES=en`): other studies are the offline engine's. */
export async function withEncoderEmbeddings(study: Study, seed: number): Promise<EmbeddedFigures | null> {
  const encoder = await startEncoderEmbeddings();
  try {
    const cfg = parseConfig({ SIFT_LLM_BASE_URL: encoder.baseUrl, SIFT_EMBEDDING_MODEL: encoder.model, SIFT_EMBEDDING_LANGUAGES: 'en' });
    if (!readsLanguage(cfg.llm.embeddingLanguages, study.locale)) return null;
    const provider = createLlmProvider(cfg.llm, { timeoutMs: 600_000 })!;
    const docs = documentsOf(study);
    const auto = await withVectors(provider.embed!, (e) =>
      automaticAnalysis(docs, { locale: study.locale, granularity: 'default', strictMode: false, existingCategories: [], seed, embedded: e }),
    );
    const categories = study.themes.filter((t) => !t.distractor).map((t) => ({ name: t.name, description: t.description }));
    const pre = await withVectors(provider.embed!, (e) =>
      predefinedAnalysis(docs, categories, { locale: study.locale, granularity: 'default', strictMode: false, embedded: e }),
    );
    const best = bestCategories(study, auto.result.categories, coverage(study, auto.result.insights).covered);
    const pre1 = predefinedScores(study, pre.result.insights);
    return {
      meanF1: best.reduce((s, b) => s + b.f1, 0) / best.length,
      found: best.filter((b) => b.f1 >= 0.5).length,
      predefinedF1: pre1.reduce((s, x) => s + x.f1, 0) / pre1.length,
      texts: auto.texts + pre.texts,
    };
  } finally {
    await encoder.close();
  }
}
