import { signWords, VectorMemory } from './int8-dots.js';

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
/** Below this many vectors a pack is scanned in JavaScript: 0.15 ms for 1,000 of 100 dimensions (`VectorPack`). */
const MIN_WASM_ITEMS = 1000;

/** The first `limit` hits, closest first; with `once`, an id given several vectors once, at its closest. */
function closestFirst(hits: { id: string; cosine: number }[], limit: number, once: boolean): { id: string; cosine: number }[] {
  hits.sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : 1));
  if (!once) return hits.slice(0, limit);
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.id) && !!seen.add(h.id)).slice(0, limit);
}

/** Sets in `signs` from word `at` the signs of the `dims` values of `values` from `from`, one bit a dimension (set where positive). */
function setSigns(values: ArrayLike<number>, from: number, dims: number, signs: Uint32Array, at: number): void {
  for (let d = 0; d < dims; d++) if (values[from + d]! > 0) signs[at + (d >> 5)]! |= 1 << (d & 31);
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

/** A document's vectors: as given, until the pack next lays out its memory; then where they are in it. */
interface Doc {
  /** Its ids, each once, in the order of their first vectors. */
  ids: string[];
  /** Per id, how many further vectors it has (a chunk's sentences beside its whole text). */
  moreCounts: Int32Array;
  mores: number;
  /** As given: its bytes, and its vectors in the pack's order (the ids' first vectors, then each id's further ones in turn) by their place in them. */
  given: { bytes: Int8Array; order: Int32Array } | null;
  /** Laid out: where its first vectors start in the memory, and where its further ones do. */
  firstAt: number;
  moreAt: number;
}

/**
 * The pack's vectors as laid out in its memory: every id's first vector (items 0 to `firsts` - 1,
 * document after document), then the ids' further vectors, each id's one after another.
 */
interface Layout {
  memory: VectorMemory;
  firsts: number;
  /** Of the first vectors, their ids. */
  ids: string[];
  scales: Float32Array;
  /** Per first vector, where its id's further vectors start and how many there are. */
  moreFrom: Int32Array;
  moreCount: Int32Array;
  /** Per further vector (from `firsts`), its id's first vector. */
  ownerOf: Int32Array;
  /** Each id's first vector. */
  slot: Map<string, number>;
}

/** Items `from` to `from + count - 1`. */
type Range = [from: number, count: number];

/**
 * The compact vectors of a project's chunks, set document by document as `document_search`
 * stores them, each chunk found by id. They are laid out in one memory (int8-dots.ts) at the
 * first question after a change, so that a scan and a list of candidates are each one call of a
 * kernel: a change costs one pass over the project's vectors, at its next search.
 */
export class VectorPack {
  private readonly docs = new Map<string, Doc>();
  /** The last layout; stale once a document is set or removed since. */
  private laid: Layout | null = null;
  private stale = false;
  private count = 0;
  private readonly step: number;
  private readonly words: number;

  /**
   * `kernels`: where the vectors are kept and scanned; by default in WebAssembly once they are
   * MIN_WASM_ITEMS or more (each instance's memory reserves gigabytes of address space: a cache of
   * thousands of small projects must not hold one each), in JavaScript below.
   */
  constructor(
    readonly dims: number,
    private readonly kernels: 'wasm' | 'js' | 'auto' = 'auto',
  ) {
    this.step = 4 + dims;
    this.words = signWords(dims);
  }

  get size(): number {
    return this.count;
  }

  get approxBytes(): number {
    return this.count * (this.step + 4 * this.words + 16 + 120);
  }

  /** Sets (or replaces) a document's chunks from their vectors one after another (an id given again: a further vector of it); vectors of other dimensions are left out. */
  setDocument(documentId: string, ids: string[], vectors: Uint8Array): void {
    this.removeDocument(documentId);
    if (this.dims === 0 || vectors.byteLength !== ids.length * this.step) return;
    const index = new Map<string, number>();
    const distinct: string[] = [];
    const firsts: number[] = [];
    const further: number[][] = [];
    for (const [n, id] of ids.entries()) {
      const k = index.get(id);
      if (k !== undefined) further[k]!.push(n);
      else {
        index.set(id, distinct.length);
        distinct.push(id);
        firsts.push(n);
        further.push([]);
      }
    }
    this.docs.set(documentId, {
      ids: distinct,
      moreCounts: Int32Array.from(further, (f) => f.length),
      mores: ids.length - distinct.length,
      given: { bytes: new Int8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength), order: Int32Array.from([...firsts, ...further.flat()]) },
      firstAt: -1,
      moreAt: -1,
    });
    this.count += ids.length;
    this.stale = true;
  }

  removeDocument(documentId: string): void {
    const doc = this.docs.get(documentId);
    if (!doc) return;
    this.docs.delete(documentId);
    this.count -= doc.ids.length + doc.mores;
    this.stale = true;
  }

  /** The vectors laid out in a memory of their own, as they now are (the documents given since copied in, those removed left out). */
  private layout(): Layout {
    if (this.laid && !this.stale) return this.laid;
    let firsts = 0;
    for (const d of this.docs.values()) firsts += d.ids.length;
    const memory = new VectorMemory(this.dims, this.count, this.kernels === 'wasm' || (this.kernels === 'auto' && this.count >= MIN_WASM_ITEMS));
    const step = this.step;
    const words = this.words;
    const out: Layout = {
      memory,
      firsts,
      ids: new Array<string>(firsts),
      scales: new Float32Array(this.count),
      moreFrom: new Int32Array(firsts),
      moreCount: new Int32Array(firsts),
      ownerOf: new Int32Array(this.count - firsts),
      slot: new Map(),
    };
    const previous = this.laid;
    let f = 0;
    let m = firsts;
    for (const d of this.docs.values()) {
      const n = d.ids.length;
      const at = (i: number) => (i < n ? f + i : m + i - n);
      if (d.given) {
        const { bytes, order } = d.given;
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        // Copied in runs of vectors that follow one another in both (as a document's usually all do).
        for (let i = 0; i < order.length; ) {
          let j = i + 1;
          while (j < order.length && order[j] === order[j - 1]! + 1 && at(j) === at(j - 1) + 1) j++;
          memory.values.set(bytes.subarray(order[i]! * step, (order[j - 1]! + 1) * step), at(i) * step);
          i = j;
        }
        for (let i = 0; i < order.length; i++) {
          const g = at(i);
          out.scales[g] = view.getFloat32(order[i]! * step, true);
          setSigns(memory.values, g * step + 4, this.dims, memory.signs, g * words);
        }
      } else if (previous) {
        for (const [from, to, count] of [
          [d.firstAt, f, n],
          [d.moreAt, m, d.mores],
        ] as const) {
          memory.values.set(previous.memory.values.subarray(from * step, (from + count) * step), to * step);
          memory.signs.set(previous.memory.signs.subarray(from * words, (from + count) * words), to * words);
          out.scales.set(previous.scales.subarray(from, from + count), to);
        }
      }
      let further = m;
      for (let k = 0; k < n; k++) {
        out.ids[f + k] = d.ids[k]!;
        out.slot.set(d.ids[k]!, f + k);
        out.moreFrom[f + k] = further;
        out.moreCount[f + k] = d.moreCounts[k]!;
        out.ownerOf.fill(f + k, further - firsts, further - firsts + d.moreCounts[k]!);
        further += d.moreCounts[k]!;
      }
      d.given = null;
      d.firstAt = f;
      d.moreAt = m;
      f += n;
      m += d.mores;
    }
    this.laid = out;
    this.stale = false;
    return out;
  }

  /** The id of item `g`. */
  private idOf(l: Layout, g: number): string {
    return l.ids[g < l.firsts ? g : l.ownerOf[g - l.firsts]!]!;
  }

  /** The items of the `documents` given (all where null): with `further`, their ids' further vectors too. */
  private ranges(l: Layout, documents: ReadonlySet<string> | null, further: boolean): Range[] {
    if (!documents) return [[0, further ? this.count : l.firsts]];
    const out: Range[] = [];
    for (const [id, d] of this.docs)
      if (documents.has(id)) {
        out.push([d.firstAt, d.ids.length]);
        if (further && d.mores > 0) out.push([d.moreAt, d.mores]);
      }
    return out;
  }

  /** The vector of one item, as floats (its first, where it has several). */
  vector(id: string): Float32Array | null {
    const l = this.layout();
    const g = l.slot.get(id);
    if (g === undefined) return null;
    const out = new Float32Array(this.dims);
    const from = g * this.step + 4;
    for (let d = 0; d < this.dims; d++) out[d] = l.memory.values[from + d]! * l.scales[g]!;
    return out;
  }

  /**
   * `dot(query, vector(id))`, to the last bit, without making the vector (search asks it of
   * hundreds of chunks a query); the closest of an id's vectors where it has several; null where
   * the item has none.
   */
  cosine(query: Float32Array, id: string): number | null {
    const l = this.layout();
    const g = l.slot.get(id);
    if (g === undefined) return null;
    let cosine = this.cosineAt(l, query, g);
    for (let j = l.moreFrom[g]!; j < l.moreFrom[g]! + l.moreCount[g]!; j++) cosine = Math.max(cosine, this.cosineAt(l, query, j));
    return cosine;
  }

  private cosineAt(l: Layout, query: Float32Array, g: number): number {
    const values = l.memory.values;
    const scale = l.scales[g]!;
    const from = g * this.step + 4;
    let s = 0;
    for (let d = 0; d < this.dims; d++) s += query[d]! * Math.fround(values[from + d]! * scale);
    return s;
  }

  /**
   * Each of `ids`' cosine to `query` (the closest of its vectors), within a quantisation step of
   * `cosine`'s: the query quantised as the scans' is, the products in one call of the kernel
   * (search asks it of its candidates with the encoder's vectors, five to a chunk of sentences:
   * 2.6 ms a search in floats). Ids without a vector are left out.
   */
  cosines(query: Float32Array, ids: Iterable<string>): Map<string, number> {
    const l = this.layout();
    const { q, qScale } = quantisedQuery(query, this.dims);
    const items: number[] = [];
    const owners: string[] = [];
    for (const id of new Set(ids)) {
      const g = l.slot.get(id);
      if (g === undefined) continue;
      for (let j = -1; j < l.moreCount[g]!; j++) {
        items.push(j < 0 ? g : l.moreFrom[g]! + j);
        owners.push(id);
      }
    }
    l.memory.setQuery(q);
    l.memory.dotsOf(items);
    const out = new Map<string, number>();
    for (let i = 0; i < items.length; i++) {
      const cosine = l.memory.out[i]! * l.scales[items[i]!]! * qScale;
      out.set(owners[i]!, Math.max(out.get(owners[i]!) ?? Number.NEGATIVE_INFINITY, cosine));
    }
    return out;
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
    const l = this.layout();
    if (this.dims >= SIGN_MIN_DIMS && Number.isFinite(limit) && 4 * SIGN_SHORTLIST * limit < l.firsts)
      return this.withinBySigns(l, query, bar, limit, documents);
    const { q, qScale } = quantisedQuery(query, this.dims);
    const memory = l.memory;
    memory.setQuery(q);
    const ranges = this.ranges(l, documents, true);
    let scanned = 0;
    for (const [from, count] of ranges) {
      memory.dots(from, count, scanned);
      scanned += count;
    }
    // Every cosine first, in a typed array (a broad query may pass most items: no object per item), then the floor of the closest `limit`.
    const cosines = new Float32Array(scanned);
    let at = 0;
    let passing = 0;
    for (const [from, count] of ranges)
      for (let g = from; g < from + count; g++) {
        const cosine = memory.out[at]! * l.scales[g]! * qScale;
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
    for (const [from, count] of ranges)
      for (let g = from; g < from + count; g++, at++) if (cosines[at]! >= floor) hits.push({ id: this.idOf(l, g), cosine: cosines[at]! });
    return closestFirst(hits, limit, this.count > l.firsts);
  }

  private withinBySigns(l: Layout, query: Float32Array, bar: number, limit: number, documents: ReadonlySet<string> | null): { id: string; cosine: number }[] {
    const memory = l.memory;
    // Shortlisted by their first vectors' signs; of an id's several vectors (a chunk's sentences), the
    // one whose signs differ least from the query's is scored (scoring them all cost a search 3 ms:
    // search scores its candidates by the closest exactly, `cosine`).
    const querySigns = new Uint32Array(this.words);
    setSigns(query, 0, this.dims, querySigns, 0);
    memory.setQuerySigns(querySigns);
    const { shortlist, distances } = this.nearestBySigns(l, SIGN_SHORTLIST * limit, documents);
    const further: number[] = [];
    for (const g of shortlist) for (let j = l.moreFrom[g]!; j < l.moreFrom[g]! + l.moreCount[g]!; j++) further.push(j);
    const chosen = [...shortlist];
    if (further.length > 0) {
      memory.distancesOf(further);
      let i = 0;
      for (const [s, g] of shortlist.entries()) {
        let fewest = distances[s]!;
        for (let j = l.moreFrom[g]!; j < l.moreFrom[g]! + l.moreCount[g]!; j++, i++)
          if (memory.out[i]! < fewest) {
            fewest = memory.out[i]!;
            chosen[s] = j;
          }
      }
    }
    const { q, qScale } = quantisedQuery(query, this.dims);
    memory.setQuery(q);
    memory.dotsOf(chosen);
    const hits: { id: string; cosine: number }[] = [];
    for (const [s, g] of shortlist.entries()) {
      const cosine = memory.out[s]! * l.scales[chosen[s]!]! * qScale;
      if (cosine >= bar) hits.push({ id: l.ids[g]!, cosine });
    }
    return closestFirst(hits, limit, false);
  }

  /** About the `limit` first vectors whose signs differ least from the query's set in the memory (of the `documents` given only), ties at the last count included, with their distances. */
  private nearestBySigns(l: Layout, limit: number, documents: ReadonlySet<string> | null): { shortlist: number[]; distances: number[] } {
    const memory = l.memory;
    const ranges = this.ranges(l, documents, false);
    let scanned = 0;
    for (const [from, count] of ranges) {
      memory.distances(from, count, scanned);
      scanned += count;
    }
    const histogram = new Uint32Array(this.dims + 1);
    for (let i = 0; i < scanned; i++) histogram[memory.out[i]!]!++;
    let most = 0;
    for (let seen = 0; most <= this.dims && seen + histogram[most]! < limit; most++) seen += histogram[most]!;
    const shortlist: number[] = [];
    const distances: number[] = [];
    let at = 0;
    for (const [from, count] of ranges)
      for (let g = from; g < from + count; g++, at++)
        if (memory.out[at]! <= most) {
          shortlist.push(g);
          distances.push(memory.out[at]!);
        }
    return { shortlist, distances };
  }
}
