import { INT8_DOTS_WASM } from './int8-dots-wasm.js';

/**
 * Dot products of one query with many vectors of signed bytes, in WebAssembly SIMD
 * (int8-dots.wat): the offline meaning leg scans every chunk's compact vector a search, and this
 * takes 0.9 ms for 30,000 vectors of 100 dimensions where a JavaScript loop (quantised.ts,
 * `dotInJs`) takes 4.7-5.6 (`npx tsx bench/int8-dots.ts`). Exact: sums of products of small
 * integers. Written by hand, for no package does this without native code: a kernel of about
 * thirty instructions.
 */
interface Kernel {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  dots(query: number, data: number, count: number, step: number, lanes: number, out: number): void;
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
let views: { buffer: ArrayBuffer; bytes: Int8Array; shorts: Int16Array; ints: Int32Array } | null = null;
function viewsOf(k: Kernel) {
  const buffer = k.memory.buffer;
  if (views?.buffer !== buffer) views = { buffer, bytes: new Int8Array(buffer), shorts: new Int16Array(buffer), ints: new Int32Array(buffer) };
  return views;
}

/**
 * Writes into `out` from `at`, per item n of `count` in `values` (its bytes from n * step +
 * offset), the dot product of its `query.length` bytes with `query` (integers from -127 to 127).
 * False, writing nothing, where WebAssembly SIMD is not available.
 */
export function int8Dots(query: ArrayLike<number>, values: Int8Array, count: number, step: number, offset: number, out: Int32Array, at: number): boolean {
  const k = loaded();
  if (!k) return false;
  const lanes = Math.ceil(query.length / 16);
  const outAt = lanes * 32;
  const dataAt = outAt + SLICE * 4;
  // A slice's last item's last lane reads up to 15 bytes past it.
  const end = dataAt + Math.min(count, SLICE) * step + offset + 16;
  if (end > k.memory.buffer.byteLength) k.memory.grow(Math.ceil((end - k.memory.buffer.byteLength) / PAGE));
  const { bytes, shorts, ints } = viewsOf(k);
  shorts.fill(0, 0, lanes * 16);
  for (let d = 0; d < query.length; d++) shorts[d] = query[d]!;
  for (let first = 0; first < count; first += SLICE) {
    const items = Math.min(SLICE, count - first);
    bytes.set(count <= SLICE ? values : values.subarray(first * step, Math.min(values.length, (first + items) * step + offset)), dataAt);
    k.dots(0, dataAt + offset, items, step, lanes, outAt);
    for (let n = 0; n < items; n++) out[at + first + n] = ints[(outAt >> 2) + n]!;
  }
  return true;
}
