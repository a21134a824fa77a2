import { INT8_DOTS_WASM } from './int8-dots-wasm.js';

/**
 * Dot products of one query with many vectors of signed bytes, in WebAssembly SIMD
 * (int8-dots.wat): the offline meaning leg scans every chunk's compact vector a search, and this
 * takes 0.9 ms for 30,000 vectors of 100 dimensions where a JavaScript loop (quantised.ts,
 * `dotInJs`) takes 4.7-5.6 (`npx tsx bench/int8-dots.ts`). Exact: sums of products of small
 * integers. Beside it, how many of each item's signs differ from a query's (the encoder's leg's
 * shortlist: 0.4 ms for 30,000 items of 512 dimensions against 1.1 for the loop). Written by hand,
 * for no package does this without native code: two kernels of about thirty instructions each.
 */
interface Kernel {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  dots(query: number, data: number, count: number, step: number, lanes: number, out: number): void;
  hamming(query: number, data: number, count: number, words: number, out: number): void;
}

// Node 20's types declare no WebAssembly (TypeScript's own are in its DOM library alone): what this file uses.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

let kernel: Kernel | null | undefined;
function loaded(): Kernel | null {
  if (kernel === undefined) {
    try {
      kernel = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(INT8_DOTS_WASM, 'base64'))).exports as Kernel;
    } catch {
      kernel = null;
    }
  }
  return kernel;
}

const PAGE = 65_536;
/** Items copied into the kernel's memory at a time, so that a document of very many chunks does not grow it for good (about 0.4 MB at 100 dimensions). */
const SLICE = 4096;

/** Views of the kernel's memory, made again only when it grows (a typed array costs about a microsecond to make: a scan calls once a document). */
let views: { buffer: ArrayBuffer; bytes: Int8Array; shorts: Int16Array; ints: Int32Array; words: Uint32Array } | null = null;
function viewsOf(k: Kernel) {
  const buffer = k.memory.buffer;
  if (views?.buffer !== buffer)
    views = { buffer, bytes: new Int8Array(buffer), shorts: new Int16Array(buffer), ints: new Int32Array(buffer), words: new Uint32Array(buffer) };
  return views;
}

/** Grows the kernel's memory to hold `end` bytes. */
function holding(k: Kernel, end: number): void {
  if (end > k.memory.buffer.byteLength) k.memory.grow(Math.ceil((end - k.memory.buffer.byteLength) / PAGE));
}

/**
 * Copies the items of `blocks` (each block whole items of `width` elements) into the kernel's
 * memory with `copy`, SLICE at a time, calling `run` with how many after each slice: a block that
 * fits whole is copied without a view of it made (a search's blocks are its documents: thousands).
 */
function inSlices<T extends { length: number; subarray(begin: number, end: number): T }>(
  blocks: Iterable<T>,
  width: number,
  copy: (block: T, item: number) => void,
  run: (items: number) => void,
): void {
  let filled = 0;
  for (const block of blocks) {
    const count = block.length / width;
    for (let from = 0; from < count; ) {
      const taken = Math.min(SLICE - filled, count - from);
      copy(taken === count ? block : block.subarray(from * width, (from + taken) * width), filled);
      filled += taken;
      from += taken;
      if (filled === SLICE) {
        run(filled);
        filled = 0;
      }
    }
  }
  if (filled > 0) run(filled);
}

/**
 * Writes into `out`, for each item of `blocks` in turn (each block whole items of `step` bytes,
 * an item's own from `offset`), the dot product of its `query.length` bytes with `query`
 * (integers from -127 to 127). False, writing nothing, where WebAssembly SIMD is not available.
 */
export function int8Dots(query: ArrayLike<number>, blocks: Iterable<Int8Array>, step: number, offset: number, out: Int32Array): boolean {
  const k = loaded();
  if (!k) return false;
  const lanes = Math.ceil(query.length / 16);
  const outAt = lanes * 32;
  const dataAt = outAt + SLICE * 4;
  // A slice's last item's last lane reads up to 15 bytes past it.
  holding(k, dataAt + SLICE * step + offset + 16);
  const { bytes, shorts, ints } = viewsOf(k);
  shorts.fill(0, 0, lanes * 16);
  for (let d = 0; d < query.length; d++) shorts[d] = query[d]!;
  let written = 0;
  inSlices(
    blocks,
    step,
    (block, item) => bytes.set(block, dataAt + item * step),
    (items) => {
      k.dots(0, dataAt + offset, items, step, lanes, outAt);
      out.set(ints.subarray(outAt >> 2, (outAt >> 2) + items), written);
      written += items;
    },
  );
  return true;
}

/**
 * Writes into `out`, for each item of `signs` in turn (each array holds whole items of
 * `query.length` 32-bit words, one bit a dimension), how many of its bits differ from the query's.
 * The encoder's leg shortlists its chunks by their signs (quantised.ts). False, writing nothing,
 * where WebAssembly is not available.
 */
export function signDistances(query: Uint32Array, signs: Iterable<Uint32Array>, out: Uint16Array): boolean {
  const k = loaded();
  if (!k) return false;
  const words = query.length;
  const outAt = words * 4;
  const dataAt = outAt + SLICE * 4;
  holding(k, dataAt + SLICE * words * 4);
  const memory = viewsOf(k);
  memory.words.set(query, 0);
  let written = 0;
  inSlices(
    signs,
    words,
    (block, item) => memory.words.set(block, (dataAt >> 2) + item * words),
    (items) => {
      k.hamming(0, dataAt, items, words, outAt);
      out.set(memory.ints.subarray(outAt >> 2, (outAt >> 2) + items), written);
      written += items;
    },
  );
  return true;
}
