import { int8Dots, signDistances } from './int8-dots.js';

/**
 * Vectors of meaning in the compact form search keeps and loads: a float32 scale, then one
 * signed byte per dimension (a quarter of the floats' size; the cosine of two unit vectors moves
 * by under 0.01). A project's chunks are scanned linearly: at 100 dimensions a scan of 100,000
 * chunks reads 10 MB (bench/README.md, "Search at scale").
 */
export function quantise(v: Float32Array): Buffer {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 1;
  const out = Buffer.alloc(4 + v.length);
  out.writeFloatLE(scale, 0);
  for (let d = 0; d < v.length; d++) out.writeInt8(Math.round(v[d]! / scale), 4 + d);
  return out;
}

const BINS = 1024;
/** Of the items looked at by their signs, this many per result asked for are scored by their compact vectors (at 512 dimensions this kept 99.6-99.8% of the exact closest). */
const SIGN_SHORTLIST = 10;
/**
 * Signs shortlist only vectors of this many dimensions or more: at 100 (the offline word
 * vectors), 40 per result kept 99.7% of the exact closest 60 within 0.01 of their cosine, yet
 * search's top ten agreed with the exhaustive ranking's less (78.5% against 86.4% shared, 96.4%
 * against 99.7% within 0.01 of its tenth, bench/search-scale.ts).
 */
const SIGN_MIN_DIMS = 256;

interface Block {
  ids: string[];
  /** The block's bytes: per item a float32 scale, then one signed byte per dimension. */
  values: Int8Array;
  scales: Float32Array;
  /** Per item its signs, one bit a dimension (`words` 32-bit words an item); `firstSigns` those of its first `firsts` items. */
  signs: Uint32Array;
  firstSigns: Uint32Array;
  /** How many of its items come first: each the first vector of its id (the rest are further vectors of those ids). */
  firsts: number;
}

/** The dot product of `q` with the bytes of `values` from `from`, where WebAssembly SIMD is not available (int8-dots.ts). */
export function dotInJs(q: Int32Array, values: Int8Array, from: number): number {
  // Four lanes at a time: about a third faster than one (bench/README.md).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < q.length; d += 4) {
    s0 += q[d]! * values[from + d]!;
    s1 += q[d + 1]! * values[from + d + 1]!;
    s2 += q[d + 2]! * values[from + d + 2]!;
    s3 += q[d + 3]! * values[from + d + 3]!;
  }
  for (; d < q.length; d++) s0 += q[d]! * values[from + d]!;
  return s0 + s1 + s2 + s3;
}

/** The first `limit` hits, closest first; with `once`, an id given several vectors once, at its closest. */
function closestFirst(hits: { id: string; cosine: number }[], limit: number, once: boolean): { id: string; cosine: number }[] {
  hits.sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : 1));
  if (!once) return hits.slice(0, limit);
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.id) && !!seen.add(h.id)).slice(0, limit);
}

/** The signs of `query`, one bit a dimension. */
function signsOf(query: Float32Array, words: number): Uint32Array {
  const q = new Uint32Array(words);
  for (let d = 0; d < query.length; d++) if (query[d]! > 0) q[d >> 5]! |= 1 << (d & 31);
  return q;
}

/** `query` as integers from -127 to 127, and the scale that takes their products back to the floats'. */
function quantisedQuery(query: Float32Array, dims: number): { q: Int32Array; qScale: number } {
  let max = 0;
  for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(query[d]!));
  const qScale = max > 0 ? max / 127 : 1;
  const q = new Int32Array(dims);
  for (let d = 0; d < dims; d++) q[d] = Math.round(query[d]! / qScale);
  return { q, qScale };
}

/** How many bits of the item's signs at `from` in `signs` differ from `query`'s. */
function differingBits(signs: Uint32Array, from: number, query: Uint32Array): number {
  let h = 0;
  for (let w = 0; w < query.length; w++) h += ones(signs[from + w]! ^ query[w]!);
  return h;
}

/** `signDistances` (int8-dots.ts) where WebAssembly is not available. */
export function signDistancesInJs(query: Uint32Array, signs: Uint32Array[], out: Uint16Array): void {
  let at = 0;
  for (const items of signs) for (let from = 0; from < items.length; from += query.length) out[at++] = differingBits(items, from, query);
}

/** How many bits of `x` (32 bits) are set, counted in parallel within the word: about twice as fast as a table of 16-bit counts. */
function ones(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The compact vectors of a project's chunks, one block per document as `document_search` stores
 * them (kept as read, not copied, so that loading a project costs one pass over its rows), each
 * chunk found by id.
 */
export class VectorPack {
  private readonly blocks = new Map<string, Block>();
  private readonly slot = new Map<string, { block: Block; n: number }>();
  /** An id's further vectors, where a document gives it several (a chunk's sentences beside its whole text): it matches by the closest. */
  private readonly more = new Map<string, { block: Block; n: number }[]>();
  private count = 0;
  private bytes = 0;
  private readonly words: number;

  constructor(readonly dims: number) {
    this.words = Math.ceil(dims / 32);
  }

  get size(): number {
    return this.count;
  }

  get approxBytes(): number {
    return this.bytes + 120 * this.count;
  }

  /** Sets (or replaces) a document's chunks from their vectors one after another; vectors of other dimensions are left out. */
  setDocument(documentId: string, ids: string[], vectors: Uint8Array): void {
    this.removeDocument(documentId);
    const step = 4 + this.dims;
    if (this.dims === 0 || vectors.byteLength !== ids.length * step) return;
    const view = new DataView(vectors.buffer, vectors.byteOffset, vectors.byteLength);
    const scales = new Float32Array(ids.length);
    for (let n = 0; n < ids.length; n++) scales[n] = view.getFloat32(n * step, true);
    const values = new Int8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength);
    const seen = new Set<string>();
    let firsts = 0;
    while (firsts < ids.length && !seen.has(ids[firsts]!)) seen.add(ids[firsts++]!);
    const signs = new Uint32Array(ids.length * this.words);
    for (let n = 0; n < ids.length; n++)
      for (let d = 0; d < this.dims; d++) if (values[n * step + 4 + d]! > 0) signs[n * this.words + (d >> 5)]! |= 1 << (d & 31);
    const block = { ids, values, scales, signs, firstSigns: signs.subarray(0, firsts * this.words), firsts };
    this.blocks.set(documentId, block);
    for (const [n, id] of ids.entries()) {
      if (!this.slot.has(id)) this.slot.set(id, { block, n });
      else {
        const more = this.more.get(id);
        if (more) more.push({ block, n });
        else this.more.set(id, [{ block, n }]);
      }
    }
    this.count += ids.length;
    this.bytes += vectors.byteLength + scales.byteLength + signs.byteLength;
  }

  removeDocument(documentId: string): void {
    const block = this.blocks.get(documentId);
    if (!block) return;
    for (const id of block.ids) {
      this.slot.delete(id);
      this.more.delete(id);
    }
    this.blocks.delete(documentId);
    this.count -= block.ids.length;
    this.bytes -= block.values.byteLength + block.scales.byteLength + block.signs.byteLength;
  }

  /** The vector of one item, as floats (its first, where it has several). */
  vector(id: string): Float32Array | null {
    const at = this.slot.get(id);
    if (!at) return null;
    const out = new Float32Array(this.dims);
    const from = at.n * (4 + this.dims) + 4;
    for (let d = 0; d < this.dims; d++) out[d] = at.block.values[from + d]! * at.block.scales[at.n]!;
    return out;
  }

  /**
   * `dot(query, vector(id))`, to the last bit, without making the vector (search asks it of
   * hundreds of chunks a query); the closest of an id's vectors where it has several; null where
   * the item has none.
   */
  cosine(query: Float32Array, id: string): number | null {
    const at = this.slot.get(id);
    if (!at) return null;
    let cosine = this.cosineAt(query, at.block, at.n);
    for (const other of this.more.get(id) ?? []) cosine = Math.max(cosine, this.cosineAt(query, other.block, other.n));
    return cosine;
  }

  /**
   * Each of `ids`' cosine to `query` (the closest of its vectors), within a quantisation step of
   * `cosine`'s: the query quantised as the scans' is, the products in one call of the kernel
   * (search asks it of its candidates with the encoder's vectors, five to a chunk of sentences:
   * 2.6 ms a search in floats). Ids without a vector are left out.
   */
  cosines(query: Float32Array, ids: Iterable<string>): Map<string, number> {
    const step = 4 + this.dims;
    const { q, qScale } = quantisedQuery(query, this.dims);
    const slots: { id: string; block: Block; n: number }[] = [];
    for (const id of ids) {
      const first = this.slot.get(id);
      if (!first) continue;
      slots.push({ id, ...first });
      for (const other of this.more.get(id) ?? []) slots.push({ id, ...other });
    }
    const vectors = slots.map(({ block, n }) => block.values.subarray(n * step + 4, (n + 1) * step));
    const dots = new Int32Array(slots.length);
    const inWasm = int8Dots(q, vectors, this.dims, 0, dots);
    const out = new Map<string, number>();
    for (const [i, { id, block, n }] of slots.entries()) {
      const cosine = (inWasm ? dots[i]! : dotInJs(q, vectors[i]!, 0)) * block.scales[n]! * qScale;
      out.set(id, Math.max(out.get(id) ?? Number.NEGATIVE_INFINITY, cosine));
    }
    return out;
  }

  private cosineAt(query: Float32Array, block: Block, n: number): number {
    const values = block.values;
    const scale = block.scales[n]!;
    const from = n * (4 + this.dims) + 4;
    let s = 0;
    for (let d = 0; d < this.dims; d++) s += query[d]! * Math.fround(values[from + d]! * scale);
    return s;
  }

  /** Of `ids`, the `limit` closest to `query` (a unit vector), closest first; those without a vector after them all. */
  closestOf(query: Float32Array, ids: string[], limit: number): string[] {
    return ids
      .map((id) => ({ id, cosine: this.cosine(query, id) ?? Number.NEGATIVE_INFINITY }))
      .sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((x) => x.id);
  }

  /**
   * The `limit` items closest to `query` (a unit vector) among those whose cosine to it is at
   * least `bar`, closest first (of the `documents` given only). Among many items of many
   * dimensions (the built-in encoder's 512), those whose signs differ least from the query's are
   * scored (SIGN_SHORTLIST per result asked): a scan of every compact vector took 20-60 ms at
   * 30,000 chunks (bench/README.md). Otherwise the query is quantised as the items are, so that
   * the scan multiplies small integers.
   */
  within(query: Float32Array, bar: number, limit = Number.POSITIVE_INFINITY, documents: ReadonlySet<string> | null = null): { id: string; cosine: number }[] {
    if (this.dims >= SIGN_MIN_DIMS && Number.isFinite(limit) && 4 * SIGN_SHORTLIST * limit < this.slot.size)
      return this.withinBySigns(query, bar, limit, documents);
    const dims = this.dims;
    const step = 4 + dims;
    const { q, qScale } = quantisedQuery(query, dims);
    // Every cosine first, in a typed array (a broad query may pass most items: no object per item), then the floor of the closest `limit`.
    const scanned: Block[] = [];
    for (const [documentId, block] of this.blocks) if (!documents || documents.has(documentId)) scanned.push(block);
    const cosines = new Float32Array(this.count);
    const dots = new Int32Array(this.count);
    const inWasm = int8Dots(
      q,
      scanned.map((b) => b.values),
      step,
      4,
      dots,
    );
    let at = 0;
    let passing = 0;
    for (const { values, scales, ids } of scanned)
      for (let n = 0; n < ids.length; n++) {
        const cosine = (inWasm ? dots[at]! : dotInJs(q, values, n * step + 4)) * scales[n]! * qScale;
        cosines[at++] = cosine;
        if (cosine >= bar) passing++;
      }
    let floor = bar;
    if (passing > limit) {
      // The floor by a histogram of the passing cosines (linear, where sorting them is not); a few more than `limit` may reach it.
      const bins = new Uint32Array(BINS + 1);
      const width = (1 - bar) / BINS;
      for (let i = 0; i < at; i++) if (cosines[i]! >= bar) bins[Math.min(BINS, Math.floor((cosines[i]! - bar) / width))]!++;
      let seen = 0;
      let bin = BINS;
      while (bin > 0 && seen + bins[bin]! < limit) seen += bins[bin--]!;
      floor = bar + bin * width;
    }
    const hits: { id: string; cosine: number }[] = [];
    at = 0;
    for (const block of scanned)
      for (let n = 0; n < block.ids.length; n++, at++) if (cosines[at]! >= floor) hits.push({ id: block.ids[n]!, cosine: cosines[at]! });
    return closestFirst(hits, limit, this.more.size > 0);
  }

  private withinBySigns(query: Float32Array, bar: number, limit: number, documents: ReadonlySet<string> | null): { id: string; cosine: number }[] {
    const dims = this.dims;
    const step = 4 + dims;
    const { q, qScale } = quantisedQuery(query, dims);
    // Shortlisted by their first vectors' signs; of an id's several vectors (a chunk's sentences), the
    // one whose signs differ least from the query's is scored (scoring them all cost a search 3 ms:
    // search scores its candidates by the closest exactly, `cosine`).
    const qSigns = signsOf(query, this.words);
    const differing = ({ block, n }: { block: Block; n: number }) => differingBits(block.signs, n * this.words, qSigns);
    const firsts = this.nearestBySigns(query, SIGN_SHORTLIST * limit, documents);
    for (const [f, first] of firsts.entries()) {
      const more = this.more.get(first.block.ids[first.n]!);
      if (!more) continue;
      let fewest = differing(first);
      for (const slot of more) {
        const h = differing(slot);
        if (h < fewest) {
          fewest = h;
          firsts[f] = slot;
        }
      }
    }
    // Scored in one call of the kernel (as the scan of every vector is), each vector copied into its memory from where it is.
    const vectors = firsts.map(({ block, n }) => block.values.subarray(n * step + 4, (n + 1) * step));
    const dots = new Int32Array(firsts.length);
    const inWasm = int8Dots(q, vectors, dims, 0, dots);
    const closest = firsts.map(({ block, n }, i) => (inWasm ? dots[i]! : dotInJs(q, vectors[i]!, 0)) * block.scales[n]! * qScale);
    const hits: { id: string; cosine: number }[] = [];
    for (const [f, { block, n }] of firsts.entries()) if (closest[f]! >= bar) hits.push({ id: block.ids[n]!, cosine: closest[f]! });
    return closestFirst(hits, limit, false);
  }

  /** About the `limit` items whose signs differ least from `query`'s (of the `documents` given only), ties at the last count included. */
  private nearestBySigns(query: Float32Array, limit: number, documents: ReadonlySet<string> | null): { block: Block; n: number }[] {
    const q = signsOf(query, this.words);
    const scanned: Block[] = [];
    for (const [documentId, block] of this.blocks) if (!documents || documents.has(documentId)) scanned.push(block);
    const scannedCount = scanned.reduce((sum, b) => sum + b.firsts, 0);
    const distances = new Uint16Array(scannedCount);
    const signs = scanned.map((b) => b.firstSigns);
    if (!signDistances(q, signs, distances)) signDistancesInJs(q, signs, distances);
    const histogram = new Uint32Array(this.dims + 1);
    for (let i = 0; i < scannedCount; i++) histogram[distances[i]!]!++;
    let most = 0;
    for (let seen = 0; most <= this.dims && seen + histogram[most]! < limit; most++) seen += histogram[most]!;
    const out: { block: Block; n: number }[] = [];
    let at = 0;
    for (const block of scanned) for (let n = 0; n < block.firsts; n++) if (distances[at++]! <= most) out.push({ block, n });
    return out;
  }
}
