/**
 * The offline meaning leg's scan (VectorPack.within): one query's dot products with every chunk's
 * compact vector, 30,000 chunks of 100 dimensions laid out in a pack's memory, by the WebAssembly
 * kernel (src/engine/search/int8-dots.ts) beside the JavaScript loop that stands in for it where
 * WebAssembly is not available, alternated in this process, medians of ROUNDS rounds of 50 scans.
 * Then the encoder's leg's shortlist: how many bits of each of 30,000 chunks' signs (512
 * dimensions) differ from the query's, the same two ways.
 *
 *   npx tsx bench/int8-dots.ts          CHUNKS=30000 DIMS=100 ROUNDS=5
 */
import { signWords, VectorMemory } from '../src/engine/search/int8-dots.js';
import { median, medianRange } from './server-process.js';

const CHUNKS = Number(process.env.CHUNKS ?? 30_000);
const DIMS = Number(process.env.DIMS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SIGN_DIMS = 512;

let seed = 42;
const draw = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return (seed % 255) - 127;
};
const values = Int8Array.from({ length: CHUNKS * (4 + DIMS) }, draw);
const signs = Uint32Array.from({ length: CHUNKS * signWords(SIGN_DIMS) }, () => (draw() * 2654435761) >>> 0);
const query = Int32Array.from({ length: DIMS }, draw);
const signQuery = Uint32Array.from({ length: signWords(SIGN_DIMS) }, () => (draw() * 2654435761) >>> 0);

/** The same items in WebAssembly's memory and in JavaScript's. */
const [wasm, js] = [true, false].map((inWasm) => {
  const dots = new VectorMemory(DIMS, CHUNKS, inWasm);
  dots.values.set(values);
  dots.setQuery(query);
  const bits = new VectorMemory(SIGN_DIMS, CHUNKS, inWasm);
  bits.signs.set(signs);
  bits.setQuerySigns(signQuery);
  return { dots, bits };
}) as [{ dots: VectorMemory; bits: VectorMemory }, { dots: VectorMemory; bits: VectorMemory }];

const scan = (m: VectorMemory) => () => m.dots(0, CHUNKS);
const distances = (m: VectorMemory) => () => m.distances(0, CHUNKS);
scan(wasm.dots)();
scan(js.dots)();
if (wasm.dots.out.some((d, i) => d !== js.dots.out[i])) throw new Error('the kernel and the loop disagree');
distances(wasm.bits)();
distances(js.bits)();
if (wasm.bits.out.some((d, i) => d !== js.bits.out[i])) throw new Error('the sign kernel and its loop disagree');

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
console.log(`${CHUNKS} vectors laid out in a pack's memory, medians of ${ROUNDS} rounds of 50 (range):`);
report(`dot products, ${DIMS} dimensions`, timed({ wasm: scan(wasm.dots), js: scan(js.dots) }));
report(`signs' distances, ${SIGN_DIMS} dimensions`, timed({ wasm: distances(wasm.bits), js: distances(js.bits) }));
