import { createHash } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { LlmProvider } from '../engine/llm/provider.js';
import { embedded, embeddingKey, readsLanguage, recording, type Embedder } from '../engine/meaning/embedded.js';
import { analysisTexts } from '../engine/analysis/evidence.js';
import type { AnalysisDocument } from '../engine/analysis/types.js';
import type { WorkerContext } from './context.js';
import { inBatches } from '../store/in-batches.js';
import { nowIso } from '../domain/clock.js';

/**
 * A project's texts as vectors of a provider's embeddings model, kept in the store (migration
 * 012): each text is embedded once per model, when a document is processed or when an analysis
 * first asks for it, and read from the store after.
 */
const hashOf = (text: string) => createHash('sha256').update(embeddingKey(text)).digest('base64url');
const encode = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
const decode = (s: string) => {
  const b = Buffer.from(s, 'base64');
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};

/** The vectors of `texts` (by their folded text), embedding and keeping those the store does not have. */
export async function textVectors(store: Store, llm: LlmProvider, model: string, projectId: string, texts: string[]): Promise<Map<string, Float32Array>> {
  const wanted = new Map([...new Set(texts.map(embeddingKey))].map((t) => [hashOf(t), t]));
  const out = new Map<string, Float32Array>();
  const rows = await inBatches([...wanted.keys()], (slice) =>
    store.db
      .selectFrom('textVectors')
      .select(['key', 'vector'])
      .where('projectId', '=', projectId)
      .where('model', '=', model)
      .where('key', 'in', slice)
      .execute(),
  );
  for (const r of rows) out.set(wanted.get(r.key)!, decode(r.vector));
  const missing = [...wanted].filter(([, t]) => !out.has(t));
  if (missing.length === 0 || !llm.embed) return out;
  const vectors = await llm.embed(missing.map(([, t]) => t));
  const now = nowIso();
  const values = missing.map(([key, t], n) => {
    const v = Float32Array.from(vectors[n]!);
    out.set(t, v);
    return { projectId, model, key, vector: encode(v), createdAt: now };
  });
  for (let i = 0; i < values.length; i += 200)
    await store.db
      .insertInto('textVectors')
      .values(values.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['projectId', 'model', 'key']).doNothing())
      .execute();
  return out;
}

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
 * When a document is processed, the texts analyses will read its meaning from are embedded and
 * kept, where an embeddings model is configured for the project's language. Best effort: what
 * fails here is embedded when an analysis first asks for it.
 */
export async function embedDocument(ctx: WorkerContext, projectId: string, locale: string, doc: AnalysisDocument): Promise<void> {
  const { embeddingModel: model, embeddingLanguages: languages } = ctx.config.llm;
  if (!ctx.llm?.embed || !model || !readsLanguage(languages, locale)) return;
  try {
    await textVectors(ctx.store, ctx.llm, model, projectId, analysisTexts(doc, locale));
  } catch (err) {
    ctx.log.warn({ err, documentId: doc.id }, 'the embeddings model failed; analyses will embed the document when they read it');
  }
}
