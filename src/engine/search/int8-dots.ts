import { kernelInstances, type KernelMemory } from '../wasm-kernels.js';
import { INT8_DOTS_WASM } from './int8-dots-wasm.js';

/**
 * Where a pack of compact vectors (quantised.ts) lives, and its two kernels: dot products of one
 * query with many vectors of signed bytes, and how many of each item's signs differ from the
 * query's, in WebAssembly SIMD (int8-dots.wat). A pack's vectors and signs are laid out in the
 * memory of a WebAssembly instance of its own, so that a scan or a list of candidates is one call
 * of a kernel on them where they are: copied in per document and per candidate at each search,
 * they cost a search with the built-in encoder 3-4 ms of copies (bench/README.md). Where
 * WebAssembly (SIMD) is not available the same layout is an ArrayBuffer and loops in JavaScript
 * answer the same, exactly: sums of products of small integers, counts of bits. Written by hand,
 * for no package does this without native code: two kernels of about thirty instructions each.
 */
interface Kernel extends KernelMemory {
  dots(query: number, data: number, idx: number, count: number, step: number, lanes: number, out: number): void;
  hamming(query: number, data: number, idx: number, count: number, words: number, out: number): void;
}

/** A fresh instance of the kernels with a memory of at least the bytes given; null where WebAssembly SIMD is not available. */
const instance = kernelInstances<Kernel>(INT8_DOTS_WASM);

/** How many 32-bit words hold an item's signs: a bit a dimension, padded with zeros to 128 bits (the sign kernel compares 128 at a time). */
export const signWords = (dims: number) => Math.ceil(dims / 128) * 4;
const aligned = (n: number) => Math.ceil(n / 16) * 16;

/** The dot product of `q` with the bytes of `values` from `from`: the kernel's where WebAssembly is not available. */
function dotInJs(q: Int16Array, dims: number, values: Int8Array, from: number): number {
  // Four lanes at a time: about a third faster than one (bench/README.md).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += q[d]! * values[from + d]!;
    s1 += q[d + 1]! * values[from + d + 1]!;
    s2 += q[d + 2]! * values[from + d + 2]!;
    s3 += q[d + 3]! * values[from + d + 3]!;
  }
  for (; d < dims; d++) s0 += q[d]! * values[from + d]!;
  return s0 + s1 + s2 + s3;
}

/** How many bits of `x` (32 bits) are set, counted in parallel within the word: about twice as fast as a table of 16-bit counts. */
function ones(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * `items` vectors of `dims` dimensions, each a float32 scale then one signed byte a dimension
 * (`values`, `4 + dims` bytes an item), and each one's signs (`signs`, a bit a dimension), laid
 * out once for good: a pack that changes lays out a new one.
 */
export class VectorMemory {
  /** The items' bytes, item g's from `g * step`. */
  readonly values: Int8Array;
  /** The items' signs, item g's the `words` words from `g * words`. */
  readonly signs: Uint32Array;
  /** The results of the last call, one per item asked. */
  readonly out: Int32Array;
  /** Where a list of items to read is written (`dotsOf`, `distancesOf`). */
  private readonly list: Int32Array;
  private readonly query: Int16Array;
  private readonly querySigns: Uint32Array;
  private readonly kernel: Kernel | null;
  private readonly at: { query: number; querySigns: number; list: number; out: number; values: number; signs: number };
  readonly step: number;
  readonly words: number;
  private readonly lanes: number;

  /** Lays out room for `items` items; in JavaScript's memory where `inWasm` is false or WebAssembly is not available. */
  constructor(
    readonly dims: number,
    items: number,
    inWasm = true,
  ) {
    this.step = 4 + dims;
    this.words = signWords(dims);
    this.lanes = Math.ceil(dims / 16);
    const query = 0;
    const querySigns = aligned(query + this.lanes * 32);
    const list = aligned(querySigns + this.words * 4);
    const out = aligned(list + items * 4);
    const values = aligned(out + items * 4);
    // The last item's last lane reads up to 15 bytes past it.
    const signs = aligned(values + items * this.step + 16);
    const end = signs + items * this.words * 4;
    this.at = { query, querySigns, list, out, values, signs };
    const kernel = inWasm ? instance(end) : null;
    this.kernel = kernel;
    const buffer = kernel ? kernel.memory.buffer : new ArrayBuffer(end);
    this.query = new Int16Array(buffer, query, this.lanes * 16);
    this.querySigns = new Uint32Array(buffer, querySigns, this.words);
    this.list = new Int32Array(buffer, list, items);
    this.out = new Int32Array(buffer, out, items);
    this.values = new Int8Array(buffer, values, items * this.step + 16);
    this.signs = new Uint32Array(buffer, signs, items * this.words);
  }

  /** Whether the kernels run in WebAssembly (false: the loops in JavaScript). */
  get inWasm(): boolean {
    return this.kernel !== null;
  }

  /** The query the next `dots` and `dotsOf` read: `dims` integers from -127 to 127. */
  setQuery(q: ArrayLike<number>): void {
    this.query.fill(0);
    for (let d = 0; d < this.dims; d++) this.query[d] = q[d]!;
  }

  /** The signs the next `distances` and `distancesOf` compare with: `words` words (`signWords`). */
  setQuerySigns(q: Uint32Array): void {
    this.querySigns.set(q);
  }

  /** Into `out` from `outAt`: the dot products of the query with items `from` to `from + count - 1`. */
  dots(from: number, count: number, outAt = 0): void {
    if (count <= 0) return;
    if (this.kernel) this.kernel.dots(this.at.query, this.at.values + 4 + from * this.step, 0, count, this.step, this.lanes, this.at.out + 4 * outAt);
    else for (let n = 0; n < count; n++) this.out[outAt + n] = dotInJs(this.query, this.dims, this.values, (from + n) * this.step + 4);
  }

  /** Into `out`: the dot products of the query with the items `items` names, in its order. */
  dotsOf(items: ArrayLike<number>): void {
    const count = items.length;
    if (count <= 0) return;
    this.list.set(items);
    if (this.kernel) this.kernel.dots(this.at.query, this.at.values + 4, this.at.list, count, this.step, this.lanes, this.at.out);
    else for (let n = 0; n < count; n++) this.out[n] = dotInJs(this.query, this.dims, this.values, this.list[n]! * this.step + 4);
  }

  /** Into `out` from `outAt`: how many signs of items `from` to `from + count - 1` differ from the query's. */
  distances(from: number, count: number, outAt = 0): void {
    if (count <= 0) return;
    if (this.kernel) this.kernel.hamming(this.at.querySigns, this.at.signs + 4 * from * this.words, 0, count, this.words, this.at.out + 4 * outAt);
    else for (let n = 0; n < count; n++) this.out[outAt + n] = this.differing(from + n);
  }

  /** Into `out`: how many signs of the items `items` names differ from the query's, in its order. */
  distancesOf(items: ArrayLike<number>): void {
    const count = items.length;
    if (count <= 0) return;
    this.list.set(items);
    if (this.kernel) this.kernel.hamming(this.at.querySigns, this.at.signs, this.at.list, count, this.words, this.at.out);
    else for (let n = 0; n < count; n++) this.out[n] = this.differing(this.list[n]!);
  }

  private differing(item: number): number {
    let h = 0;
    for (let w = 0; w < this.words; w++) h += ones(this.signs[item * this.words + w]! ^ this.querySigns[w]!);
    return h;
  }
}
