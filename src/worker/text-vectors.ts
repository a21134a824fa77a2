import type { Store } from '../store/store.js';
import type { LlmProvider } from '../engine/llm/provider.js';
import { embedded, readsLanguage, recording, type Embedder } from '../engine/meaning/embedded.js';
import { analysisTexts } from '../engine/analysis/evidence.js';
import type { AnalysisDocument } from '../engine/analysis/types.js';
import type { WorkerContext } from './context.js';
import { textVectors } from '../domain/text-vectors.js';
import { BUILTIN_EMBEDDING_MODEL } from '../engine/meaning/builtin-encoder.js';
import { chunkSentences } from '../engine/search/chunk-sentences.js';

/**
 * Runs a synchronous engine step with the provider's vectors: once recording the texts it asks
 * for, then, those embedded (or read from the store), again with them. Where embedding fails the
 * step's first result stands (the engine's own vectors).
 */
export async function withTextVectors<T>(
  store: Store,
  llm: LlmProvider,
  model: string,
  projectId: string,
  step: (embedder: Embedder) => T,
  onError: (err: unknown) => void,
): Promise<T> {
  const record = recording();
  const first = step(record.embedder);
  try {
    return step(embedded(await textVectors(store, llm, model, projectId, record.texts())));
  } catch (err) {
    onError(err);
    return first;
  }
}

/**
 * When a document is processed, the texts analyses will read its meaning from, and its chunks,
 * which search reads, are embedded and kept, where an embeddings model is configured for the
 * project's language (the built-in encoder's too: search reads them, issue 44). Best effort:
 * what fails here is embedded when an analysis or a search first asks for it (a search never
 * runs the built-in encoder on chunks: their vectors are made here or not at all).
 */
export async function embedDocument(ctx: WorkerContext, projectId: string, locale: string, doc: AnalysisDocument): Promise<void> {
  const { embeddingModel: model, embeddingLanguages: languages } = ctx.config.llm;
  if (!ctx.llm?.embed || !model || !readsLanguage(languages, locale)) return;
  // With the built-in encoder, search also reads each chunk's sentences (engine/search/chunk-sentences.ts).
  const chunks = doc.chunks.flatMap((c) => (model === BUILTIN_EMBEDDING_MODEL ? [c.text, ...chunkSentences(c.text, locale)] : [c.text]));
  try {
    await textVectors(ctx.store, ctx.llm, model, projectId, [...analysisTexts(doc, locale), ...chunks]);
  } catch (err) {
    ctx.log.warn({ err, documentId: doc.id }, 'the embeddings model failed; analyses will embed the document when they read it');
  }
}
