/**
 * The offline meaning leg's scan (VectorPack.within): one query's dot products with every chunk's
 * compact vector, 30,000 chunks of 100 dimensions in 700 documents' blocks as search holds them,
 * by the WebAssembly kernel (src/engine/search/int8-dots.ts) beside the JavaScript loop it
 * replaced (dotInJs), alternated in this process, medians of ROUNDS rounds of 50 scans.
 *
 *   npx tsx bench/int8-dots.ts          CHUNKS=30000 DIMS=100 ROUNDS=5
 */
import { int8Dots } from '../src/engine/search/int8-dots.js';
import { dotInJs } from '../src/engine/search/quantised.js';
import { median, medianRange } from './server-process.js';

const CHUNKS = Number(process.env.CHUNKS ?? 30_000);
const DIMS = Number(process.env.DIMS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PER_DOCUMENT = 43;
const STEP = 4 + DIMS;

let seed = 42;
const draw = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return (seed % 255) - 127;
};
const blocks = Array.from({ length: Math.ceil(CHUNKS / PER_DOCUMENT) }, () => Int8Array.from({ length: PER_DOCUMENT * STEP }, draw));
const query = Int32Array.from({ length: DIMS }, draw);

const dots = new Int32Array(blocks.length * PER_DOCUMENT);
function byWasm(): number {
  let at = 0;
  for (const values of blocks) {
    int8Dots(query, values, PER_DOCUMENT, STEP, 4, dots, at);
    at += PER_DOCUMENT;
  }
  let sum = 0;
  for (const d of dots) sum += d;
  return sum;
}

function byJs(): number {
  let sum = 0;
  for (const values of blocks) for (let n = 0; n < PER_DOCUMENT; n++) sum += dotInJs(query, values, n * STEP + 4);
  return sum;
}

if (byWasm() !== byJs()) throw new Error('the kernel and the loop disagree');
const times = { wasm: [] as number[], js: [] as number[] };
for (let r = 0; r < ROUNDS; r++)
  for (const [name, scan] of [
    ['wasm', byWasm],
    ['js', byJs],
  ] as const) {
    const t = performance.now();
    for (let i = 0; i < 50; i++) scan();
    times[name].push((performance.now() - t) / 50);
  }
console.log(`${blocks.length * PER_DOCUMENT} vectors of ${DIMS} dimensions, a scan each, medians of ${ROUNDS} rounds of 50 (range):`);
console.log(
  `WebAssembly ${medianRange(times.wasm, 2)} ms, JavaScript ${medianRange(times.js, 2)} ms: ${(median(times.js) / median(times.wasm)).toFixed(1)}x faster`,
);
