import { createHash } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { LlmProvider } from '../engine/llm/provider.js';
import { embeddingKey } from '../engine/meaning/embedded.js';
import { inBatches } from '../store/in-batches.js';
import { nowIso } from './clock.js';

/**
 * A project's texts as vectors of an embeddings model, kept in the store (migration 012): each
 * text is embedded once per model, when a document is processed or when an analysis or a search
 * first asks for it, and read from the store after, by every process.
 */
const hashOf = (text: string) => createHash('sha256').update(embeddingKey(text)).digest('base64url');
const encode = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
const decode = (s: string) => {
  const b = Buffer.from(s, 'base64');
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};

/**
 * The vectors of `texts` (by their folded text), embedding and keeping those the store does not
 * have (with no `llm`, or one that cannot embed, those the store has alone).
 */
export async function textVectors(
  store: Store,
  llm: LlmProvider | null,
  model: string,
  projectId: string,
  texts: string[],
): Promise<Map<string, Float32Array>> {
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
  if (missing.length === 0 || !llm?.embed) return out;
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
