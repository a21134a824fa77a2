/**
 * The dense view of analysis's shared neighbours (src/engine/meaning/neighbours.ts): every unit's
 * dot products with a pool of 1,500 units, 100 dimensions (the word vectors' SIF), as a
 * 200-transcript analysis makes them (2,076 units), by the WebAssembly kernel
 * (src/engine/meaning/float-dots.ts) beside the JavaScript loop it replaces, which also answers
 * where WebAssembly is not available: alternated in this process, medians of ROUNDS rounds.
 *
 *   npx tsx bench/float-dots.ts          UNITS=2076 POOL=1500 DIMS=100 ROUNDS=5
 */
import { FloatPool } from '../src/engine/meaning/float-dots.js';
import { median, medianRange } from './server-process.js';

const UNITS = Number(process.env.UNITS ?? 2076);
const POOL = Number(process.env.POOL ?? 1500);
const DIMS = Number(process.env.DIMS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

let seed = 42;
const flat = Float32Array.from({ length: UNITS * DIMS }, () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648 - 0.5;
});
const pool = Array.from({ length: Math.min(POOL, UNITS) }, (_, p) => Math.floor((p * UNITS) / Math.min(POOL, UNITS)));
const [wasm, js] = [true, false].map((inWasm) => new FloatPool(flat, DIMS, pool, inWasm)) as [FloatPool, FloatPool];

const all = (p: FloatPool) => {
  let sum = 0;
  for (let i = 0; i < UNITS; i++) {
    p.dotsOfRow(i);
    sum += p.out[i % pool.length]!;
  }
  return sum;
};
if (!Object.is(all(wasm), all(js))) throw new Error('the kernel and the loop disagree');

const times = { wasm: [] as number[], js: [] as number[] };
for (let r = 0; r < ROUNDS; r++)
  for (const [name, p] of [
    ['wasm', wasm],
    ['js', js],
  ] as const) {
    const t = performance.now();
    all(p);
    times[name].push(performance.now() - t);
  }
console.log(
  `${UNITS} units against a pool of ${pool.length}, ${DIMS} dimensions, medians of ${ROUNDS} rounds (range): WebAssembly ${medianRange(times.wasm, 0)} ms, JavaScript ${medianRange(times.js, 0)} ms: ${(median(times.js) / median(times.wasm)).toFixed(1)}x faster`,
);
