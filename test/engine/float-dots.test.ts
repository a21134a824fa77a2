import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FloatPool } from '../../src/engine/meaning/float-dots.js';
import { FLOAT_DOTS_WASM } from '../../src/engine/meaning/float-dots-wasm.js';
// @ts-expect-error: a script in plain JavaScript, without declarations.
import { assemble } from '../../scripts/assemble-wasm.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The sum JavaScript makes: each product and sum in 64 bits, in the order of the dimensions. */
const inOrder = (flat: Float32Array, dims: number, i: number, j: number) => {
  let s = 0;
  for (let d = 0; d < dims; d++) s += flat[i * dims + d]! * flat[j * dims + d]!;
  return s;
};

describe('a pool of dense rows and its kernel', () => {
  it("gives each row's dot product with every pool row, bit for bit the sum in order, in WebAssembly and in JavaScript alike", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 2 ** 31 }), (dims, rows, seed) => {
        let s = seed;
        const next = () => {
          s = (s * 1103515245 + 12345) % 2147483648;
          return s;
        };
        // Values of many magnitudes, so that a sum in another order or in 32 bits would differ in its last bits.
        const flat = Float32Array.from({ length: rows * dims }, () => ((next() % 2001) - 1000) * 10 ** ((next() % 9) - 4));
        const pool = Array.from({ length: 1 + (next() % rows) }, () => next() % rows);
        for (const inWasm of [true, false]) {
          const p = new FloatPool(flat, dims, pool, inWasm);
          expect(p.inWasm).toBe(inWasm);
          for (let i = 0; i < rows; i++) {
            p.dotsOfRow(i);
            expect(p.out.length).toBe(pool.length);
            for (const [n, j] of pool.entries()) expect(Object.is(p.out[n], inOrder(flat, dims, i, j)), `row ${i}, pool row ${j}`).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('runs the bytes assembled from float-dots.wat (npm run wasm after editing it)', async () => {
    const bytes: Buffer = await assemble(path.join(ROOT, 'src/engine/meaning/float-dots.wat'));
    expect(bytes.toString('base64')).toBe(FLOAT_DOTS_WASM);
  });
});
