/**
 * The offline meaning leg's scan (VectorPack.within): one query's dot products with every chunk's
 * compact vector, 30,000 chunks of 100 dimensions in 700 documents' blocks as search holds them,
 * by the WebAssembly kernel (src/engine/search/int8-dots.ts) beside the JavaScript loop it
 * replaced (dotInJs), alternated in this process, medians of ROUNDS rounds of 50 scans. Then the
 * encoder's leg's shortlist: how many bits of each of 30,000 chunks' signs (512 dimensions) differ
 * from the query's, by the kernel (signDistances) beside the JavaScript loop (signDistancesInJs).
 *
 *   npx tsx bench/int8-dots.ts          CHUNKS=30000 DIMS=100 ROUNDS=5
 */
import { int8Dots, signDistances } from '../src/engine/search/int8-dots.js';
import { dotInJs, signDistancesInJs } from '../src/engine/search/quantised.js';
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
  int8Dots(query, blocks, STEP, 4, dots);
  let sum = 0;
  for (const d of dots) sum += d;
  return sum;
}

function byJs(): number {
  let sum = 0;
  for (const values of blocks) for (let n = 0; n < PER_DOCUMENT; n++) sum += dotInJs(query, values, n * STEP + 4);
  return sum;
}

const SIGN_WORDS = 16;
const signBlocks = blocks.map(() => Uint32Array.from({ length: PER_DOCUMENT * SIGN_WORDS }, () => (draw() * 2654435761) >>> 0));
const signQuery = Uint32Array.from({ length: SIGN_WORDS }, () => (draw() * 2654435761) >>> 0);
const distances = new Uint16Array(blocks.length * PER_DOCUMENT);
const distancesInJs = new Uint16Array(blocks.length * PER_DOCUMENT);
const signsByWasm = () => signDistances(signQuery, signBlocks, distances);
const signsByJs = () => signDistancesInJs(signQuery, signBlocks, distancesInJs);

if (byWasm() !== byJs()) throw new Error('the kernel and the loop disagree');
signsByWasm();
signsByJs();
if (distances.some((d, i) => d !== distancesInJs[i])) throw new Error('the sign kernel and its loop disagree');

/** Medians of ROUNDS rounds of 50 runs of each, alternated. */
function timed(runs: Record<'wasm' | 'js', () => unknown>): Record<'wasm' | 'js', number[]> {
  const times = { wasm: [] as number[], js: [] as number[] };
  for (let r = 0; r < ROUNDS; r++)
    for (const name of ['wasm', 'js'] as const) {
      const t = performance.now();
      for (let i = 0; i < 50; i++) runs[name]();
      times[name].push((performance.now() - t) / 50);
    }
  return times;
}
const report = (what: string, times: Record<'wasm' | 'js', number[]>) =>
  console.log(
    `${what}: WebAssembly ${medianRange(times.wasm, 2)} ms, JavaScript ${medianRange(times.js, 2)} ms: ${(median(times.js) / median(times.wasm)).toFixed(1)}x faster`,
  );
console.log(`${blocks.length * PER_DOCUMENT} vectors in ${blocks.length} documents, medians of ${ROUNDS} rounds of 50 (range):`);
report(`dot products, ${DIMS} dimensions`, timed({ wasm: byWasm, js: byJs }));
report(`signs' distances, ${SIGN_WORDS * 32} dimensions`, timed({ wasm: signsByWasm, js: signsByJs }));
