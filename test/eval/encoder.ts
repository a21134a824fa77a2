/**
 * The retrieval sets ranked by the offline engine and by the offline engine with the built-in
 * sentence encoder's cosines in its meaning leg (issue 44, part 3), in one run:
 *
 *   npx tsx test/eval/encoder.ts                 # the figures at the product's bars
 *   GRID=1 npx tsx test/eval/encoder.ts          # also the bars tried, on the tuning and development sets only
 *
 * As the product does with `SIFT_EMBEDDING_MODEL=builtin` (domain/search.ts): each chunk's words
 * (its text without the speaker's label, as stored), each of its sentences, and the query as typed
 * are encoded, and the closest of a chunk's cosines to the query goes to `SearchIndex.search`. The chunks' vectors are kept under test/eval/.cache, by the hash
 * of their text, so that a second run encodes only the queries it has not seen.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chunkText } from '../../src/engine/chunk.js';
import { chunkSentences } from '../../src/engine/search/chunk-sentences.js';
import { rankedText } from '../../src/engine/search/analysed.js';
import { SearchIndex } from '../../src/engine/search/index.js';
import { RELEVANCE } from '../../src/engine/search/relevance.js';
import { builtinEmbed } from '../../src/engine/meaning/builtin-encoder.js';
import { embeddingKey } from '../../src/engine/meaning/embedded.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { DOCUMENTS, QUERIES } from './corpus.js';
import { HELD_OUT } from './heldout-queries.js';
import { ONE_WORD } from './one-word-queries.js';
import { DEVELOPMENT } from './development-queries.js';
import { nonsenseWords } from './nonsense.js';

type Chunk = { id: string; kind: 'chunk'; documentId: string; text: string; words: string };
type Query = { q: string; relevant: string[]; paraphrase: boolean };
type Params = typeof RELEVANCE;
/**
 * How the encoder's cosines reach the engine: not at all (offline); as a provider's embeddings
 * (`embeddings`: a match by the cosine alone, at `embeddingBar`); or beside the offline sentence
 * vectors (`encoder`: a match by it only with a close word, at `encoderBar`), as the product does.
 */
type How = 'offline' | 'leg' | 'gated';
const optionsOf = (how: How, cosines: Map<string, number>) => (how === 'leg' ? { embeddings: [cosines] } : how === 'gated' ? { encoder: [cosines] } : {});

const CACHE_DIR = path.join(import.meta.dirname, '.cache');
const CACHE = path.join(CACHE_DIR, 'builtin-vectors.json');

/** Vectors by the hash of their folded text, read from and written to the cache. */
const cache = new Map<string, Float32Array>();
if (existsSync(CACHE))
  for (const [k, v] of Object.entries(JSON.parse(readFileSync(CACHE, 'utf8')) as Record<string, number[]>)) cache.set(k, Float32Array.from(v));
const hashOf = (text: string) => createHash('sha256').update(embeddingKey(text)).digest('base64url');

async function vectorsOf(texts: string[]): Promise<Float32Array[]> {
  const missing = [...new Set(texts.filter((t) => !cache.has(hashOf(t))))];
  if (missing.length > 0) {
    const started = Date.now();
    const out = await builtinEmbed(missing);
    for (const [n, t] of missing.entries()) cache.set(hashOf(t), Float32Array.from(out[n]!));
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(path.join(CACHE_DIR, '.gitignore'), '*\n');
    writeFileSync(CACHE, JSON.stringify(Object.fromEntries([...cache].map(([k, v]) => [k, Array.from(v, (x) => Number(x.toFixed(6)))]))));
    console.error(`encoded ${missing.length} texts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return texts.map((t) => cache.get(hashOf(t))!);
}

const cosine = (a: Float32Array, b: Float32Array) => {
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return d / (Math.sqrt(na * nb) || 1);
};

/** As evaluate.ts chunks them: every turn a chunk, ranked by its words after its speaker's label; `words`: what is stored and encoded. */
function chunksOf(documents: string[]): Chunk[] {
  return documents.flatMap((text, d) =>
    chunkText(text, { targetWords: 1 }).map((c) => ({ id: `d${d}:${c.idx}`, kind: 'chunk' as const, documentId: `d${d}`, text: rankedText(c), words: c.text })),
  );
}
const studyChunks = (name: string) => chunksOf(loadStudy(path.join(STUDIES_DIR, name)).transcripts.map((t) => t.text));

function ndcgAt10(ranked: string[], relevant: Set<string>): number {
  let dcg = 0;
  for (const [i, id] of ranked.slice(0, 10).entries()) if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

interface Project {
  set: string;
  name: string;
  chunks: Chunk[];
  queries: Query[];
  /** Per query, the cosine of each chunk's vector to the query's. */
  cosines: Map<string, number>[];
  index: SearchIndex;
}

/** Per chunk, its whole text's vector and its sentences' (chunk-sentences.ts), as search reads a chunk by the closest. */
async function chunkVectors(chunks: Chunk[]): Promise<Float32Array[][]> {
  const whole = await vectorsOf(chunks.map((c) => c.words));
  const parts = chunks.map((c) => chunkSentences(c.words, 'en'));
  const flat = await vectorsOf(parts.flat());
  let at = 0;
  return parts.map((p, n) => [whole[n]!, ...p.map(() => flat[at++]!)]);
}
const closestCosine = (q: Float32Array, vs: Float32Array[]) => Math.max(...vs.map((v) => cosine(q, v)));

async function project(set: string, name: string, chunks: Chunk[], queries: Query[]): Promise<Project> {
  const cv = await chunkVectors(chunks);
  const qv = await vectorsOf(queries.map((q) => q.q));
  const cosines = qv.map((q) => new Map(chunks.map((c, n) => [c.id, closestCosine(q, cv[n]!)] as const)));
  return { set, name, chunks, queries, cosines, index: indexOf(chunks) };
}

function indexOf(chunks: Chunk[], params: Params = RELEVANCE): SearchIndex {
  const index = new SearchIndex('en', params);
  for (const c of chunks) index.add(c);
  return index;
}

/** Mean nDCG@10 of the literal and the paraphrased queries, offline (no embeddings) or with the encoder's cosines. */
function score(p: Project, params: Params, how: How): { literal: number; paraphrase: number } {
  const index = params === RELEVANCE ? p.index : indexOf(p.chunks, params);
  const per = p.queries.map((q, n) => {
    const rel = new Set(p.chunks.filter((c) => q.relevant.some((r) => c.text.includes(r))).map((c) => c.id));
    const ranked = index.search([q.q], { topK: 10, ...optionsOf(how, p.cosines[n]!) }).hits.map((h) => h.id);
    return { paraphrase: q.paraphrase, ndcg: ndcgAt10(ranked, rel) };
  });
  const mean = (xs: typeof per) => xs.reduce((s, x) => s + x.ndcg, 0) / Math.max(1, xs.length);
  return { literal: mean(per.filter((x) => !x.paraphrase)), paraphrase: mean(per.filter((x) => x.paraphrase)) };
}

/** Nonsense words (seeds' fifty each) that answer anything, with the encoder's cosines. */
async function nonsense(p: Project, params: Params, seeds: number[], how: How): Promise<{ seed: number; answered: string[] }[]> {
  const index = params === RELEVANCE ? p.index : indexOf(p.chunks, params);
  const cv = await chunkVectors(p.chunks);
  const out = [];
  for (const seed of seeds) {
    const words = nonsenseWords(
      p.chunks.map((c) => c.text),
      seed,
    );
    const wv = await vectorsOf(words);
    const answered = words
      .map((w, n) => {
        const cosines = new Map(p.chunks.map((c, i) => [c.id, closestCosine(wv[n]!, cv[i]!)] as const));
        return { w, total: index.search([w], optionsOf(how, cosines)).total };
      })
      .filter((x) => x.total > 0)
      .map((x) => `${x.w}: ${x.total}`);
    out.push({ seed, answered });
  }
  return out;
}

const projects: Project[] = [];
projects.push(
  await project(
    'tuning',
    'grocery',
    chunksOf(DOCUMENTS.map((p) => p.join('\n\n'))),
    QUERIES.map((q) => ({ q: q.q, relevant: q.relevant, paraphrase: q.paraphrase })),
  ),
);
for (const [study, qs] of Object.entries(DEVELOPMENT)) projects.push(await project('development', study, studyChunks(study), qs));
for (const [study, qs] of Object.entries(ONE_WORD))
  projects.push(
    await project(
      'one-word',
      study,
      studyChunks(study),
      qs.map((q) => ({ q: q.q, relevant: q.relevant, paraphrase: q.concept })),
    ),
  );
for (const [study, qs] of Object.entries(HELD_OUT)) projects.push(await project('held out', study, studyChunks(study), qs));

const f = (x: number) => x.toFixed(3);

if (process.env.DIAG === '1') {
  const z = (m: Map<string, number>) => {
    const xs = [...m.values()];
    const mu = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mu) ** 2, 0) / xs.length);
    return { mu, sd };
  };
  for (const p of projects.filter((p) => p.set === 'tuning' || p.set === 'development')) {
    const rel: string[] = [];
    for (const [n, q] of p.queries.entries()) {
      if (!q.paraphrase) continue;
      const { mu, sd } = z(p.cosines[n]!);
      const sorted = [...p.cosines[n]!.values()].sort((a, b) => b - a);
      for (const c of p.chunks.filter((c) => q.relevant.some((r) => c.text.includes(r)))) {
        const cos = p.cosines[n]!.get(c.id)!;
        rel.push(`${f(cos)}/z${((cos - mu) / sd).toFixed(1)}/r${sorted.indexOf(cos)}`);
      }
    }
    console.log(p.name, 'relevant to paraphrases:', rel.join(' '));
    const cv = await vectorsOf(p.chunks.map((c) => c.words));
    const words = nonsenseWords(
      p.chunks.map((c) => c.text),
      42,
    );
    const wv = await vectorsOf(words);
    const tops = words.map((w, n) => {
      const m = new Map(p.chunks.map((c, i) => [c.id, cosine(wv[n]!, cv[i]!)] as const));
      const { mu, sd } = z(m);
      const top = Math.max(...m.values());
      return `${w}:${f(top)}/z${((top - mu) / sd).toFixed(1)}`;
    });
    console.log(p.name, 'nonsense tops:', tops.join(' '));
  }
  process.exit(0);
}
const tuned = (p: Project) => p.set === 'tuning' || p.set === 'development';

if (process.env.GRID === '1') {
  // Bars chosen on the tuning and development sets alone (one-word and held-out sets not read here).
  console.log('| leg | bars | tuning+development paraphrase (mean of 4) | literal (mean of 4) | nonsense answered, seed 42 (of 200) |');
  console.log('|---|---|---:|---:|---:|');
  const grid: [How, Partial<Params>][] = [];
  for (const bar of [0.3, 0.4, 0.5]) for (const full of [0.6, 0.7, 0.85]) grid.push(['leg', { embeddingBar: bar, embeddingFull: full }]);
  for (const bar of [0.2, 0.25, 0.3])
    for (const full of [0.5, 0.55, 0.6, 0.65])
      for (const wordBar of [0.5, 0.55, 0.6, 0.65])
        for (const wordsFull of [0.6, 0.7, 0.8, Number.POSITIVE_INFINITY])
          grid.push(['gated', { encoderBar: bar, encoderFull: full, encoderWordBar: wordBar, encoderWordsFull: wordsFull }]);
  const only = (tried: Partial<Params>) => !process.env.ONLY || Object.values(tried).join('/').startsWith(process.env.ONLY);
  for (const [how, tried] of grid.filter(([h, t]) => (!process.env.LEG || h === process.env.LEG) && only(t))) {
    const params = { ...RELEVANCE, ...tried };
    const s = projects.filter(tuned).map((p) => score(p, params, how));
    let answered = 0;
    for (const p of projects.filter(tuned)) for (const n of await nonsense(p, params, [42], how)) answered += n.answered.length;
    const mean = (k: 'literal' | 'paraphrase') => s.reduce((a, x) => a + x[k], 0) / s.length;
    console.log(`| ${how} | ${Object.values(tried).join(' / ')} | ${f(mean('paraphrase'))} | ${f(mean('literal'))} | ${answered} |`);
  }
  console.log();
}

const params = {
  ...RELEVANCE,
  encoderBar: Number(process.env.BAR ?? RELEVANCE.encoderBar),
  encoderFull: Number(process.env.FULL ?? RELEVANCE.encoderFull),
};
console.log(
  `nDCG@10. offline: the default engine; leg: the encoder's cosines as a provider's embeddings (embeddingBar ${params.embeddingBar}, embeddingFull ${params.embeddingFull}); encoder: beside the offline sentence vectors, as the product ranks with SIFT_EMBEDDING_MODEL=builtin (encoderBar ${params.encoderBar}, encoderFull ${params.encoderFull})\n`,
);
console.log('| set | study | literal offline | literal leg | literal encoder | paraphrase offline | paraphrase leg | paraphrase encoder |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
const held: { offline: number; encoder: number; offLit: number; encLit: number }[] = [];
for (const p of projects) {
  const off = score(p, params, 'offline');
  const leg = score(p, params, 'leg');
  const enc = score(p, params, 'gated');
  console.log(
    `| ${p.set} | ${p.name} | ${f(off.literal)} | ${f(leg.literal)} | ${f(enc.literal)} | ${f(off.paraphrase)} | ${f(leg.paraphrase)} | ${f(enc.paraphrase)} |`,
  );
  if (p.set === 'held out') held.push({ offline: off.paraphrase, encoder: enc.paraphrase, offLit: off.literal, encLit: enc.literal });
}
const m = (k: keyof (typeof held)[number]) => held.reduce((a, x) => a + x[k], 0) / held.length;
console.log(
  `\nHeld out, mean of ${held.length}, offline -> encoder: paraphrase ${f(m('offline'))} -> ${f(m('encoder'))} (${f(m('encoder') - m('offline'))}); literal ${f(m('offLit'))} -> ${f(m('encLit'))}`,
);
const seeds = (process.env.SEEDS ?? '42,1,2,3').split(',').map(Number);
console.log(`\nNonsense words answered with the encoder (50 per seed):\n`);
console.log(`| project | ${seeds.map((s) => `seed ${s}`).join(' | ')} |`);
console.log(`|---|${seeds.map(() => '---').join('|')}|`);
for (const p of projects.filter((p) => p.set === 'tuning' || p.set === 'held out')) {
  const cells = (await nonsense(p, params, seeds, 'gated')).map((n) => (n.answered.length === 0 ? '0' : `${n.answered.length} (${n.answered.join(', ')})`));
  console.log(`| ${p.name} | ${cells.join(' | ')} |`);
}
