import { INT8_DOTS_WASM } from './int8-dots-wasm.js';

/**
 * Dot products of one query with many vectors of signed bytes, in WebAssembly SIMD
 * (int8-dots.wat): the offline meaning leg scans every chunk's compact vector a search, and this
 * takes 0.6 ms for 30,000 vectors of 100 dimensions where a JavaScript loop (quantised.ts,
 * `dotInJs`) takes 4.6-4.9 (`npx tsx bench/int8-dots.ts`). Exact: sums of products of small
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

/**
 * Per item n of `count` in `values` (its bytes from n * step + offset), the dot product of its
 * `query.length` bytes with `query` (integers from -127 to 127); null where WebAssembly SIMD is not
 * available. The answer is a view the next call overwrites.
 */
export function int8Dots(query: ArrayLike<number>, values: Int8Array, count: number, step: number, offset: number): Int32Array | null {
  const k = loaded();
  if (!k) return null;
  const lanes = Math.ceil(query.length / 16);
  const outAt = lanes * 32;
  const dataAt = outAt + Math.ceil(count / 4) * 16;
  // The last item's last lane reads up to 15 bytes past the values.
  const end = dataAt + values.byteLength + 16;
  if (end > k.memory.buffer.byteLength) k.memory.grow(Math.ceil((end - k.memory.buffer.byteLength) / PAGE));
  const q = new Int16Array(k.memory.buffer, 0, lanes * 16);
  q.fill(0);
  q.set(query);
  new Int8Array(k.memory.buffer, dataAt, values.length).set(values);
  k.dots(0, dataAt + offset, count, step, lanes, outAt);
  return new Int32Array(k.memory.buffer, outAt, count);
}
