import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWords, VectorMemory } from '../../src/engine/search/int8-dots.js';
import { INT8_DOTS_WASM } from '../../src/engine/search/int8-dots-wasm.js';
// @ts-expect-error: a script in plain JavaScript, without declarations.
import { assemble } from '../../scripts/assemble-wasm.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A generator of numbers from a seed (fast-check draws the seed: thousands of bytes each run would be slow to shrink). */
const drawing = (seed: number) => (min: number, max: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return min + (seed % (max - min + 1));
};

/** The same items in WebAssembly's memory and in JavaScript's. */
function memories(dims: number, items: number, draw: (min: number, max: number) => number): VectorMemory[] {
  const values = Int8Array.from({ length: items * (4 + dims) }, () => draw(-128, 127));
  const signs = Uint32Array.from({ length: items * signWords(dims) }, () => draw(0, 2 ** 31 - 1) * 2 + draw(0, 1));
  return [true, false].map((inWasm) => {
    const m = new VectorMemory(dims, items, inWasm);
    expect(m.inWasm).toBe(inWasm);
    m.values.set(values);
    m.signs.set(signs);
    return m;
  });
}

const exactDot = (m: VectorMemory, q: Int32Array, g: number) => {
  let s = 0;
  for (let d = 0; d < m.dims; d++) s += q[d]! * m.values[g * m.step + 4 + d]!;
  return s;
};
const exactDistance = (m: VectorMemory, q: Uint32Array, g: number) => {
  let h = 0;
  for (let w = 0; w < m.words; w++) for (let x = (q[w]! ^ m.signs[g * m.words + w]!) >>> 0; x !== 0; x >>>= 1) h += x & 1;
  return h;
};

describe("a pack's memory and its kernels", () => {
  it('give the exact dot products of a range of items and of a list of them, in WebAssembly and in JavaScript alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 }), (dims, items, seed) => {
        const draw = drawing(seed);
        const q = Int32Array.from({ length: dims }, () => draw(-127, 127));
        const from = draw(0, items);
        const count = items - from;
        const list = Array.from({ length: draw(0, items) }, () => draw(0, items - 1));
        for (const m of memories(dims, items, draw)) {
          m.setQuery(q);
          // Written from `outAt`, nothing past the items asked.
          const outAt = draw(0, from);
          m.out.fill(-1);
          m.dots(from, count, outAt);
          for (let n = 0; n < count; n++) expect(m.out[outAt + n]).toBe(exactDot(m, q, from + n));
          for (let n = outAt + count; n < items; n++) expect(m.out[n]).toBe(-1);
          m.dotsOf(list);
          for (const [n, g] of list.entries()) expect(m.out[n]).toBe(exactDot(m, q, g));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("count the bits each item's signs differ from the query's, of a range and of a list, in WebAssembly and in JavaScript alike", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 640 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 }), (dims, items, seed) => {
        const draw = drawing(seed);
        const q = Uint32Array.from({ length: signWords(dims) }, () => draw(0, 2 ** 31 - 1) * 2 + draw(0, 1));
        const from = draw(0, items);
        const list = Array.from({ length: draw(0, items) }, () => draw(0, items - 1));
        for (const m of memories(dims, items, draw)) {
          m.setQuerySigns(q);
          m.distances(from, items - from, 0);
          for (let n = 0; n < items - from; n++) expect(m.out[n]).toBe(exactDistance(m, q, from + n));
          m.distancesOf(list);
          for (const [n, g] of list.entries()) expect(m.out[n]).toBe(exactDistance(m, q, g));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('answer the extremes without overflow: 600 dimensions of -128 times -127', () => {
    for (const inWasm of [true, false]) {
      const m = new VectorMemory(600, 1, inWasm);
      m.values.fill(-128);
      m.setQuery(new Int32Array(600).fill(-127));
      m.dots(0, 1);
      expect(m.out[0]).toBe(600 * 128 * 127);
    }
  });

  it('run the bytes assembled from int8-dots.wat (npm run wasm after editing it)', async () => {
    const bytes: Buffer = await assemble(path.join(ROOT, 'src/engine/search/int8-dots.wat'));
    expect(bytes.toString('base64')).toBe(INT8_DOTS_WASM);
  });
});
