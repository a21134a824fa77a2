import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { int8Dots, signDistances } from '../../src/engine/search/int8-dots.js';
import { INT8_DOTS_WASM } from '../../src/engine/search/int8-dots-wasm.js';
import { signDistancesInJs } from '../../src/engine/search/quantised.js';
// @ts-expect-error: a script in plain JavaScript, without declarations.
import { assemble } from '../../scripts/assemble-wasm.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('dot products of signed bytes in WebAssembly', () => {
  it('equal the exact dot products, whatever the dimensions, the items, their stride and offset, item after item across the blocks given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (dims, sizes, header, seed) => {
          const step = header + dims;
          const draw = (min: number, max: number) => {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            return min + (seed % (max - min + 1));
          };
          const blocks = sizes.map((count) => Int8Array.from({ length: count * step }, () => draw(-128, 127)));
          const query = Int32Array.from({ length: dims }, () => draw(-127, 127));
          const total = sizes.reduce((a, b) => a + b, 0);
          // Nothing written past the items.
          const dots = new Int32Array(total + 3).fill(-1);
          expect(int8Dots(query, blocks, step, header, dots)).toBe(true);
          expect([...dots.subarray(total)]).toEqual([-1, -1, -1]);
          let at = 0;
          for (const values of blocks)
            for (let n = 0; n < values.length / step; n++) {
              let exact = 0;
              for (let d = 0; d < dims; d++) exact += query[d]! * values[n * step + header + d]!;
              expect(dots[at++]).toBe(exact);
            }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("answer blocks of more items than the kernel's memory holds at a time (10,000 of 100 dimensions, in blocks of 3,000)", () => {
    const count = 10_000;
    const step = 104;
    const values = Int8Array.from({ length: count * step }, (_, i) => ((i * 7919) % 255) - 127);
    const query = Int32Array.from({ length: 100 }, (_, d) => ((d * 31) % 255) - 127);
    const dots = new Int32Array(count);
    const blocks = [0, 3000, 6000, 9000].map((first) => values.subarray(first * step, Math.min(count, first + 3000) * step));
    int8Dots(query, blocks, step, 4, dots);
    for (let n = 0; n < count; n++) {
      let exact = 0;
      for (let d = 0; d < 100; d++) exact += query[d]! * values[n * step + 4 + d]!;
      expect(dots[n]).toBe(exact);
    }
  });

  it('answer the extremes without overflow: 600 dimensions of -128 times -127', () => {
    const values = new Int8Array(600).fill(-128);
    const query = new Int32Array(600).fill(-127);
    const dots = new Int32Array(1);
    int8Dots(query, [values], 600, 0, dots);
    expect(dots[0]).toBe(600 * 128 * 127);
  });

  it("count the bits each item's signs differ from the query's, item after item across the arrays given", () => {
    const exactDistance = (a: Uint32Array, b: Uint32Array, from: number) => {
      let h = 0;
      for (let w = 0; w < a.length; w++) for (let x = (a[w]! ^ b[from + w]!) >>> 0; x !== 0; x >>>= 1) h += x & 1;
      return h;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (words, sizes, seed) => {
          const draw = () => {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            return (seed * 2654435761) >>> 0;
          };
          const query = Uint32Array.from({ length: words }, draw);
          const arrays = sizes.map((n) => Uint32Array.from({ length: n * words }, draw));
          const total = sizes.reduce((a, b) => a + b, 0);
          const out = new Uint16Array(total);
          expect(signDistances(query, arrays, out)).toBe(true);
          // The loop that stands in where WebAssembly is not available answers the same.
          const inJs = new Uint16Array(total);
          signDistancesInJs(query, arrays, inJs);
          expect([...inJs]).toEqual([...out]);
          let at = 0;
          for (const items of arrays) for (let n = 0; n < items.length / words; n++) expect(out[at++]).toBe(exactDistance(query, items, n * words));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("count the signs of more items than the kernel's memory holds at a time (10,000 of 512 dimensions, in documents of 3,000)", () => {
    const words = 16;
    const query = Uint32Array.from({ length: words }, (_, w) => (w * 0x9e3779b9) >>> 0);
    const items = Uint32Array.from({ length: 10_000 * words }, (_, i) => (i * 2654435761) >>> 0);
    const arrays = [0, 3000, 6000, 9000].map((first) => items.subarray(first * words, Math.min(10_000, first + 3000) * words));
    const out = new Uint16Array(10_000);
    signDistances(query, arrays, out);
    for (let n = 0; n < 10_000; n++) {
      let h = 0;
      for (let w = 0; w < words; w++) for (let x = (query[w]! ^ items[n * words + w]!) >>> 0; x !== 0; x >>>= 1) h += x & 1;
      expect(out[n]).toBe(h);
    }
  });

  it('run the bytes assembled from int8-dots.wat (npm run wasm after editing it)', async () => {
    const bytes: Buffer = await assemble(path.join(ROOT, 'src/engine/search/int8-dots.wat'));
    expect(bytes.toString('base64')).toBe(INT8_DOTS_WASM);
  });
});
