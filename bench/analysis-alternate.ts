/**
 * Two checkouts of sift analysing the same N (200 by default) distinct transcripts (bench/distinct-transcripts.ts) in one
 * process, alternated three times, so that both see the same load: a change to the analysis is not slower than the code
 * before it. Each round takes transcripts neither checkout has read before (what an engine remembers of a text it has
 * read would otherwise flatter the later rounds).
 *   git worktree add /tmp/base <commit> && ln -s $PWD/node_modules /tmp/base/node_modules
 *   node --import tsx bench/analysis-alternate.ts /tmp/base $PWD
 *   N=8 node --import tsx bench/analysis-alternate.ts /tmp/base $PWD
 */
import os from 'node:os';

const roots = process.argv.slice(2);
const n = Number(process.env.N ?? 200);
/** The set holds 410 distinct transcripts (bench/distinct-transcripts.ts), 8 of them the warm-up: 200 make two rounds, not three. */
const ROUNDS = Math.min(3, Math.floor(402 / n));
const mods = await Promise.all(
  roots.map(async (r) => ({
    r,
    analyse: (await import(`${r}/src/engine/analysis/index.ts`)).automaticAnalysis,
    chunk: (await import(`${r}/src/engine/chunk.ts`)).chunkText,
  })),
);
const { distinctTranscripts } = await import(`${roots[0]}/bench/distinct-transcripts.ts`);
const texts: string[] = distinctTranscripts(n * ROUNDS + 8);
const opts = { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 42 };
for (const m of mods)
  m.analyse(
    texts.slice(n * ROUNDS).map((text, i) => ({ id: `w${i}`, text, chunks: m.chunk(text, { locale: 'en' }) })),
    opts,
  );
const times: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++)
  for (const m of round % 2 ? [...mods].reverse() : mods) {
    const docs = texts.slice(round * n, (round + 1) * n).map((text, i) => ({ id: `d${i}`, text, chunks: m.chunk(text, { locale: 'en' }) }));
    const t = performance.now();
    m.analyse(docs, opts);
    const ms = Math.round(performance.now() - t);
    times[m.r] = [...(times[m.r] ?? []), ms];
    console.log(m.r, `round ${round + 1}`, ms, 'ms, load', os.loadavg()[0]!.toFixed(2));
  }
for (const [r, xs] of Object.entries(times))
  console.log(r, ROUNDS === 3 ? 'median' : 'mean', ROUNDS === 3 ? [...xs].sort((a, b) => a - b)[1] : Math.round(xs.reduce((a, b) => a + b, 0) / xs.length));
