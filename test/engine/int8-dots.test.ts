import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { int8Dots } from '../../src/engine/search/int8-dots.js';
import { INT8_DOTS_WASM } from '../../src/engine/search/int8-dots-wasm.js';
// @ts-expect-error: a script in plain JavaScript, without declarations.
import { assemble } from '../../scripts/assemble-wasm.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('dot products of signed bytes in WebAssembly', () => {
  it('equal the exact dot products, whatever the dimensions, the items, their stride and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (dims, count, header, seed) => {
          const step = header + dims;
          const draw = (min: number, max: number) => {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            return min + (seed % (max - min + 1));
          };
          const values = Int8Array.from({ length: count * step }, () => draw(-128, 127));
          const query = Int32Array.from({ length: dims }, () => draw(-127, 127));
          // Written after what the output held before (`at`), as a scan writes one document's after another's.
          const dots = new Int32Array(3 + count).fill(-1);
          expect(int8Dots(query, values, count, step, header, dots, 3)).toBe(true);
          expect([...dots.subarray(0, 3)]).toEqual([-1, -1, -1]);
          for (let n = 0; n < count; n++) {
            let exact = 0;
            for (let d = 0; d < dims; d++) exact += query[d]! * values[n * step + header + d]!;
            expect(dots[3 + n]).toBe(exact);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("answer a document of more items than the kernel's memory holds at a time (10,000 of 100 dimensions)", () => {
    const count = 10_000;
    const step = 104;
    const values = Int8Array.from({ length: count * step }, (_, i) => ((i * 7919) % 255) - 127);
    const query = Int32Array.from({ length: 100 }, (_, d) => ((d * 31) % 255) - 127);
    const dots = new Int32Array(count);
    int8Dots(query, values, count, step, 4, dots, 0);
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
    int8Dots(query, values, 1, 600, 0, dots, 0);
    expect(dots[0]).toBe(600 * 128 * 127);
  });

  it('run the bytes assembled from int8-dots.wat (npm run wasm after editing it)', async () => {
    const bytes: Buffer = await assemble(path.join(ROOT, 'src/engine/search/int8-dots.wat'));
    expect(bytes.toString('base64')).toBe(INT8_DOTS_WASM);
  });
});
