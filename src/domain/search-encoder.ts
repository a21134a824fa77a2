import type { Store } from '../store/store.js';
import { startThread } from '../engine/thread.js';
import { ThreadPool } from '../engine/thread-pool.js';
import { BUILTIN_EMBEDDING_MODEL } from '../engine/meaning/builtin-encoder.js';
import { embeddingKey, readsLanguage } from '../engine/meaning/embedded.js';
import { quantise, VectorPack } from '../engine/search/quantised.js';
import { inBatches } from '../store/in-batches.js';
import { chunkSentences } from '../engine/search/chunk-sentences.js';
import { textVectors } from './text-vectors.js';

/**
 * The built-in sentence encoder in search (`SIFT_EMBEDDING_MODEL=builtin`, issue 44): a query is
 * encoded in a worker thread (the encoder blocks the thread it runs on, 10-20 ms a query once
 * loaded), never in the thread that answers HTTP; the chunks' vectors were made when their
 * document was processed (worker/text-vectors.ts) and are read from the store, kept per project in
 * their compact form (a signed byte a dimension, as the offline vectors are). The engine reads the
 * cosines beside its own sentence vectors (search/index.ts `encoder`, test/eval/README.md).
 */

/** The languages search reads with the encoder; undefined: the encoder is not used (the default). */
let languages: string[] | null | undefined;

/** Set from configuration at start (app.ts): with `SIFT_EMBEDDING_MODEL=builtin`, the languages it reads. */
export function setSearchEncoder(model: string | null, embeddingLanguages: string[] | null): void {
  languages = model === BUILTIN_EMBEDDING_MODEL ? embeddingLanguages : undefined;
}

export const searchEncoderReads = (locale: string): boolean => languages !== undefined && readsLanguage(languages, locale);

/** Loading the model takes a second or two in a fresh thread; past this, search goes on without it. */
const TIMEOUT_MS = 30_000;
/** One thread, kept once it answered: it holds the model (about 230 MB). */
const threads = new ThreadPool<{ texts: string[] }, { vectors?: Float32Array[]; error?: string }>(
  () => startThread(import.meta.url, '../engine/meaning/encoder-thread'),
  1,
  1,
);

const unit = (v: Float32Array) => {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
};

/** The queries' vectors (unit length), encoded in the encoder's thread; null where it fails (search goes on without them). */
export async function encodeQueries(queries: string[]): Promise<Float32Array[] | null> {
  try {
    const reply = await threads.run({ texts: queries }, TIMEOUT_MS, {
      timeout: () => new Error('search encoder: timed out'),
      crash: () => new Error('search encoder: the thread failed'),
    });
    return reply.vectors ? reply.vectors.map(unit) : null;
  } catch {
    return null;
  }
}

const DIMS = 512;
/** A document some of whose chunks had no vector yet (processing stores them after the document is ready) is read again after this long, doubled each time, up to ten minutes. */
const RECHECK_MS = 2_000;
const RECHECK_MAX_MS = 600_000;

/** A project's chunks' encoder vectors, as search keeps them (in its cache entry, domain/search.ts). */
export interface Encoded {
  pack: VectorPack;
  /** Each document's version when its vectors were read. */
  versions: Map<string, string>;
  /** Documents read with chunks lacking a vector: when to read them again, and the wait after that. */
  incomplete: Map<string, { at: number; wait: number }>;
  /** The documents (search's map of them, replaced when one changes) the vectors were last brought up to, and until when none needs reading again. */
  upTo: { documents: ReadonlyMap<string, string> | null; until: number };
}
export const noneEncoded = (): Encoded => ({
  pack: new VectorPack(DIMS),
  versions: new Map(),
  incomplete: new Map(),
  upTo: { documents: null, until: 0 },
});

/**
 * The project's chunks' encoder vectors, compact, brought up to its documents as `documents`
 * (id -> version) and `chunkIds` hold them: a changed document's are read again from the store. A
 * chunk the encoder has no vector of (a document processed without the encoder, or whose vectors
 * are being made) has none here; its document is read again later.
 */
export async function encodedChunks(
  store: Store,
  projectId: string,
  e: Encoded,
  documents: ReadonlyMap<string, string>,
  chunkIds: ReadonlyMap<string, string[]>,
  locale: string,
  now = Date.now(),
): Promise<VectorPack> {
  if (e.upTo.documents === documents && now < e.upTo.until) return e.pack;
  for (const id of e.versions.keys())
    if (!documents.has(id)) {
      e.pack.removeDocument(id);
      e.versions.delete(id);
      e.incomplete.delete(id);
    }
  const changed = [...documents]
    .filter(([id, v]) => e.versions.get(id) !== v || (e.incomplete.get(id)?.at ?? Number.POSITIVE_INFINITY) <= now)
    .map(([id]) => id);
  if (changed.length > 0) await readVectors(store, projectId, e, documents, chunkIds, locale, changed, now);
  let until = Number.POSITIVE_INFINITY;
  for (const { at } of e.incomplete.values()) until = Math.min(until, at);
  e.upTo = { documents, until };
  return e.pack;
}

/** The vectors of the `changed` documents' chunks, read from the store into `e`. */
async function readVectors(
  store: Store,
  projectId: string,
  e: Encoded,
  documents: ReadonlyMap<string, string>,
  chunkIds: ReadonlyMap<string, string[]>,
  locale: string,
  changed: string[],
  now: number,
): Promise<void> {
  const ids = changed.flatMap((d) => chunkIds.get(d) ?? []);
  const texts = new Map<string, string>();
  for (const r of await inBatches(ids, (s) => store.db.selectFrom('chunks').select(['id', 'text']).where('id', 'in', s).execute())) texts.set(r.id, r.text);
  const sentences = new Map([...texts].map(([id, text]) => [id, chunkSentences(text, locale)]));
  const vectors = await textVectors(store, null, BUILTIN_EMBEDDING_MODEL, projectId, [...texts.values(), ...[...sentences.values()].flat()]);
  const vectorOf = (text: string) => {
    const v = vectors.get(embeddingKey(text));
    return v && v.length === DIMS ? quantise(unit(v)) : null;
  };
  for (const d of changed) {
    const held: string[] = [];
    const parts: Buffer[] = [];
    const all = chunkIds.get(d) ?? [];
    for (const id of all) {
      const v = vectorOf(texts.get(id) ?? '');
      if (!v) continue;
      held.push(id);
      parts.push(v);
    }
    const wholes = held.length;
    // Then each chunk's sentences (chunk-sentences.ts), under its id: the pack answers a chunk by its closest vector. A document processed before they were kept has none.
    for (const id of held.slice(0, wholes))
      for (const sentence of sentences.get(id) ?? []) {
        const v = vectorOf(sentence);
        if (!v) continue;
        held.push(id);
        parts.push(v);
      }
    e.pack.setDocument(d, held, Buffer.concat(parts));
    const sameVersion = e.versions.get(d) === documents.get(d);
    e.versions.set(d, documents.get(d)!);
    if (wholes === all.length) e.incomplete.delete(d);
    else {
      const wait = sameVersion ? Math.min(RECHECK_MAX_MS, 2 * (e.incomplete.get(d)?.wait ?? RECHECK_MS)) : RECHECK_MS;
      e.incomplete.set(d, { at: now + wait, wait });
    }
  }
}
