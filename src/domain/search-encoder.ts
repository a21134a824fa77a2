import type { Store } from '../store/store.js';
import { startThread } from '../engine/thread.js';
import { ThreadPool } from '../engine/thread-pool.js';
import { BUILTIN_EMBEDDING_MODEL } from '../engine/meaning/builtin-encoder.js';
import { embeddingKey, readsLanguage } from '../engine/meaning/embedded.js';
import { quantise, VectorPack } from '../engine/search/quantised.js';
import { inBatches } from '../store/in-batches.js';
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
const WORDS = DIMS / 32;
/** A document some of whose chunks had no vector yet (processing stores them after the document is ready) is read again after this long, doubled each time, up to ten minutes. */
const RECHECK_MS = 2_000;
const RECHECK_MAX_MS = 600_000;

/** How many bits of `x` (32 bits) are set, counted in parallel within the word: about twice as fast as a table of 16-bit counts. */
function ones(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The chunks' vectors as one bit a dimension (its sign), 16 32-bit words a chunk, per document:
 * the closest to a query are looked for by how many signs differ, and only the closest by that
 * are scored by their compact vectors. A scan of every compact vector at 512 dimensions took
 * 20-60 ms at 30,000 chunks (bench/README.md).
 */
export class SignPack {
  private readonly blocks = new Map<string, { ids: string[]; bits: Uint32Array }>();
  private count = 0;

  get size(): number {
    return this.count;
  }
  get approxBytes(): number {
    return 64 * this.count;
  }

  setDocument(documentId: string, ids: string[], vectors: Float32Array[]): void {
    this.removeDocument(documentId);
    const bits = new Uint32Array(ids.length * WORDS);
    for (const [n, v] of vectors.entries()) for (let d = 0; d < DIMS; d++) if (v[d]! > 0) bits[n * WORDS + (d >> 5)]! |= 1 << (d & 31);
    this.blocks.set(documentId, { ids, bits });
    this.count += ids.length;
  }

  removeDocument(documentId: string): void {
    const block = this.blocks.get(documentId);
    if (!block) return;
    this.blocks.delete(documentId);
    this.count -= block.ids.length;
  }

  /** About the `limit` items whose signs differ least from `query`'s (of the `documents` given only), ties at the last count included. */
  nearest(query: Float32Array, limit: number, documents: ReadonlySet<string> | null): string[] {
    const q = new Uint32Array(WORDS);
    for (let d = 0; d < DIMS; d++) if (query[d]! > 0) q[d >> 5]! |= 1 << (d & 31);
    const distances = new Uint16Array(this.count);
    const scanned: { ids: string[] }[] = [];
    const histogram = new Uint32Array(DIMS + 1);
    let at = 0;
    for (const [documentId, block] of this.blocks) {
      if (documents && !documents.has(documentId)) continue;
      scanned.push(block);
      const bits = block.bits;
      for (let n = 0; n < block.ids.length; n++) {
        let h = 0;
        const from = n * WORDS;
        for (let w = 0; w < WORDS; w++) h += ones(bits[from + w]! ^ q[w]!);
        distances[at++] = h;
        histogram[h]!++;
      }
    }
    let bar = 0;
    for (let seen = 0; bar <= DIMS && seen + histogram[bar]! < limit; bar++) seen += histogram[bar]!;
    const out: string[] = [];
    at = 0;
    for (const block of scanned) for (const id of block.ids) if (distances[at++]! <= bar) out.push(id);
    return out;
  }
}

/** A project's chunks' encoder vectors, as search keeps them (in its cache entry, domain/search.ts). */
export interface Encoded {
  pack: VectorPack;
  signs: SignPack;
  /** Each document's version when its vectors were read. */
  versions: Map<string, string>;
  /** Documents read with chunks lacking a vector: when to read them again, and the wait after that. */
  incomplete: Map<string, { at: number; wait: number }>;
  /** The documents (search's map of them, replaced when one changes) the vectors were last brought up to, and until when none needs reading again. */
  upTo: { documents: ReadonlyMap<string, string> | null; until: number };
}
export const noneEncoded = (): Encoded => ({
  pack: new VectorPack(DIMS),
  signs: new SignPack(),
  versions: new Map(),
  incomplete: new Map(),
  upTo: { documents: null, until: 0 },
});

/** Of the chunks looked at by their signs, this many per result asked for are scored by their compact vectors. */
const SIGN_SHORTLIST = 10;

/**
 * The `limit` chunks closest to `query` (a unit vector) with a cosine at least `bar`, closest first
 * (of the `documents` given only): the closest by their signs first (SIGN_SHORTLIST per result
 * asked), then scored by their compact vectors.
 */
export function closestEncoded(
  e: Encoded,
  query: Float32Array,
  bar: number,
  limit: number,
  documents: ReadonlySet<string> | null,
): { id: string; cosine: number }[] {
  const out: { id: string; cosine: number }[] = [];
  for (const id of e.signs.nearest(query, SIGN_SHORTLIST * limit, documents)) {
    const c = e.pack.cosine(query, id);
    if (c !== null && c >= bar) out.push({ id, cosine: c });
  }
  return out.sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : 1)).slice(0, limit);
}

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
  now = Date.now(),
): Promise<VectorPack> {
  if (e.upTo.documents === documents && now < e.upTo.until) return e.pack;
  for (const id of e.versions.keys())
    if (!documents.has(id)) {
      e.pack.removeDocument(id);
      e.signs.removeDocument(id);
      e.versions.delete(id);
      e.incomplete.delete(id);
    }
  const changed = [...documents]
    .filter(([id, v]) => e.versions.get(id) !== v || (e.incomplete.get(id)?.at ?? Number.POSITIVE_INFINITY) <= now)
    .map(([id]) => id);
  if (changed.length > 0) await readVectors(store, projectId, e, documents, chunkIds, changed, now);
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
  changed: string[],
  now: number,
): Promise<void> {
  const ids = changed.flatMap((d) => chunkIds.get(d) ?? []);
  const texts = new Map<string, string>();
  for (const r of await inBatches(ids, (s) => store.db.selectFrom('chunks').select(['id', 'text']).where('id', 'in', s).execute())) texts.set(r.id, r.text);
  const vectors = await textVectors(store, null, BUILTIN_EMBEDDING_MODEL, projectId, [...texts.values()]);
  for (const d of changed) {
    const held: string[] = [];
    const parts: Buffer[] = [];
    const units: Float32Array[] = [];
    const all = chunkIds.get(d) ?? [];
    for (const id of all) {
      const v = vectors.get(embeddingKey(texts.get(id) ?? ''));
      if (!v || v.length !== DIMS) continue;
      held.push(id);
      units.push(unit(v));
      parts.push(quantise(units[units.length - 1]!));
    }
    e.pack.setDocument(d, held, Buffer.concat(parts));
    e.signs.setDocument(d, held, units);
    const sameVersion = e.versions.get(d) === documents.get(d);
    e.versions.set(d, documents.get(d)!);
    if (held.length === all.length) e.incomplete.delete(d);
    else {
      const wait = sameVersion ? Math.min(RECHECK_MAX_MS, 2 * (e.incomplete.get(d)?.wait ?? RECHECK_MS)) : RECHECK_MS;
      e.incomplete.set(d, { at: now + wait, wait });
    }
  }
}
