/**
 * Search at scale (issue 27): one project of CHUNKS chunks, stored as the worker writes them, on
 * SQLite or PostgreSQL; then, each in a fresh process of its own and alternated ROUNDS times,
 * sift's `search` action and the bare minisearch (BM25+ in memory, its index built from the
 * same texts read from the same store) answer the same queries. Reported: the first search of
 * the fresh process (sift loads the project's vectors; minisearch's index build is reported
 * beside), p50 and p99 of later searches, and the process's RSS after them.
 * sift's first ten per query are also compared with the same engine ranking every chunk in
 * memory (the share of shared results).
 *   npx tsx bench/search-scale.ts                      STORE=sqlite|postgres CHUNKS=30000 ROUNDS=3
 *   KEEP=1 keeps the store and prints where it is (to profile a search against it).
 *   ENCODER=1 also stores each chunk a vector of the built-in encoder (the sum of the encoder's
 *   vectors of its four sentences, each sentence encoded once: not the vector of the chunk's text,
 *   but of its dimension and of a like spread) and times sift's `search` with
 *   `SIFT_EMBEDDING_MODEL=builtin` (queries encoded by the real encoder in its thread) as a third process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { sql } from 'kysely';
import { openStore, type StoreOptions } from '../src/store/store.js';
import { search } from '../src/domain/search.js';
import { decodeAnalysed } from '../src/engine/search/analysed.js';
import { SearchIndex } from '../src/engine/search/index.js';
import { freshDatabase, median, medianRange, medianRow, ROOT } from './server-process.js';
import { setSearchEncoder } from '../src/domain/search-encoder.js';
import { fillProject, queries } from './scale-project.js';

const STORE = process.env.STORE ?? 'sqlite';
const CHUNKS = Number(process.env.CHUNKS ?? 30_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const REPEATS = 5;
const ENCODER = process.env.ENCODER === '1';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

type Role = 'sift' | 'minisearch' | 'sift-encoder';

interface Measured {
  firstMs: number;
  /** minisearch: building its index from the texts (part of its first search). */
  buildMs?: number;
  p50: number;
  p99: number;
  rssMb: number;
  /** sift: each query's first ten results (their texts). */
  tops: string[][];
}

/** In a fresh process: open the store, search, report. */
async function child(role: Role, options: StoreOptions, projectId: string): Promise<Measured> {
  const store = await openStore(options);
  const project = await store.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
  const times: number[] = [];
  let firstMs = 0;
  let buildMs: number | undefined;
  const tops: string[][] = [];
  if (role === 'sift-encoder') setSearchEncoder('builtin', ['en']);
  if (role !== 'minisearch') {
    const scope = { store, project, userId: null };
    const t0 = performance.now();
    await search(scope, { action: 'search', query: queries[0]! });
    firstMs = performance.now() - t0;
    for (let r = 0; r < REPEATS; r++)
      for (const q of queries) {
        const t = performance.now();
        const answer = await search(scope, { action: 'search', query: q, topK: 10 });
        times.push(performance.now() - t);
        if (r === 0) tops.push(answer.results.map((x) => x.text));
      }
  } else {
    const t0 = performance.now();
    const rows = await store.db.selectFrom('chunks').select(['id', 'text']).where('projectId', '=', projectId).execute();
    const mini = new MiniSearch({ fields: ['text'], storeFields: [] });
    mini.addAll(rows);
    buildMs = performance.now() - t0;
    mini.search(queries[0]!).slice(0, 10);
    firstMs = performance.now() - t0;
    for (let r = 0; r < REPEATS; r++)
      for (const q of queries) {
        const t = performance.now();
        mini.search(q).slice(0, 10);
        times.push(performance.now() - t);
      }
  }
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  await store.close();
  return { firstMs, buildMs, p50: pct(times, 50), p99: pct(times, 99), rssMb, tops };
}

/** A result scoring within this of the exhaustive ranking's tenth is as good as it: the synthetic chunks repeat sentences, so hundreds can hold a query's words alike. */
const LEVEL = 0.01;

/**
 * How much of sift's first ten per query the same engine finds when it ranks every chunk in
 * memory instead of the candidates the store's indexes bring (the share of shared results, by text),
 * and how many of them score there at least its tenth result, less LEVEL.
 */
async function exhaustiveAgreement(options: StoreOptions, projectId: string, tops: string[][]): Promise<{ shared: number; level: number }> {
  if (tops.length === 0) return { shared: Number.NaN, level: Number.NaN };
  const store = await openStore(options);
  const index = new SearchIndex('en');
  const texts = new Map<string, string>();
  const rows = await store.db.selectFrom('chunks').select(['id', 'documentId', 'searchTerms', 'searchMeaning']).where('projectId', '=', projectId).execute();
  for (const r of rows) index.add({ id: r.id, kind: 'chunk', documentId: r.documentId, analysed: decodeAnalysed(r.searchTerms!, r.searchMeaning) });
  for (const r of await store.db.selectFrom('chunks').select(['id', 'text']).where('projectId', '=', projectId).execute()) texts.set(r.id, r.text);
  await store.close();
  let shared = 0;
  let level = 0;
  let all = 0;
  queries.forEach((q, n) => {
    const ranked = index.search([q], { topK: 1000 }).hits;
    const exhaustive = new Set(ranked.slice(0, 10).map((h) => texts.get(h.id)!));
    const scoreOf = new Map<string, number>();
    for (const h of ranked) scoreOf.set(texts.get(h.id)!, Math.max(h.score, scoreOf.get(texts.get(h.id)!) ?? 0));
    const tenth = ranked[Math.min(9, ranked.length - 1)]?.score ?? 0;
    const ours = tops[n]!;
    shared += ours.filter((t) => exhaustive.has(t)).length;
    level += ours.filter((t) => (scoreOf.get(t) ?? -1) >= tenth - LEVEL).length;
    all += Math.max(ours.length, exhaustive.size);
  });
  return all === 0 ? { shared: 1, level: 1 } : { shared: shared / all, level: level / all };
}

async function main() {
  if (process.argv[2] === 'sift' || process.argv[2] === 'minisearch' || process.argv[2] === 'sift-encoder') {
    const out = await child(process.argv[2], JSON.parse(process.env.BENCH_STORE!), process.env.BENCH_PROJECT!);
    process.stdout.write(`${JSON.stringify(out)}\n`);
    // The encoder's thread is kept for the next query: the process ends without waiting for it.
    process.exit(0);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bench-scale-'));
  const database = STORE === 'postgres' ? await freshDatabase('sift_bench_search') : null;
  const options: StoreOptions = { databaseUrl: database?.url ?? null, dataDir };
  try {
    const store = await openStore(options);
    if (process.env.KEEP) console.log(JSON.stringify(options));
    const t0 = performance.now();
    const { projectId } = await fillProject(store, CHUNKS, ENCODER);
    if (process.env.KEEP) console.log(`project ${projectId}`);
    // As autovacuum would after such a load: PostgreSQL plans the full-text queries by the table's statistics.
    if (store.kind === 'postgres') await sql`analyze`.execute(store.db);
    await store.close();
    console.log(`${STORE}: ${CHUNKS} chunks written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const runs: Record<Role, Measured[]> = { sift: [], minisearch: [], 'sift-encoder': [] };
    const roles: Role[] = ENCODER ? ['sift', 'minisearch', 'sift-encoder'] : ['sift', 'minisearch'];
    for (let r = 0; r < ROUNDS; r++)
      for (const role of roles) {
        const out = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bench/search-scale.ts'), role], {
          env: { ...process.env, BENCH_STORE: JSON.stringify(options), BENCH_PROJECT: projectId },
          encoding: 'utf8',
        });
        runs[role].push(JSON.parse(out.trim().split('\n').pop()!));
      }
    const row = (name: string, ms: Measured[]) =>
      medianRow(name, [
        [ms.map((m) => m.firstMs), 0],
        [ms.map((m) => m.p50), 2],
        [ms.map((m) => m.p99), 2],
        [ms.map((m) => m.rssMb), 0],
      ]);
    console.log(`\n${STORE}, ${CHUNKS} chunks, ${queries.length * REPEATS} searches per process, medians of ${ROUNDS} (range):\n`);
    console.log('| ranking | first search in a fresh process ms | later p50 ms | later p99 ms | RSS MB |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(row('sift `search` (store full-text + vectors)', runs.sift));
    console.log(row('bare minisearch (index built from the same texts)', runs.minisearch));
    if (ENCODER) console.log(row('sift `search`, SIFT_EMBEDDING_MODEL=builtin', runs['sift-encoder']));
    const agreement = await exhaustiveAgreement(options, projectId, runs.sift[0]?.tops ?? []);
    console.log(
      `\nTop ten shared with the offline engine ranking every chunk in memory (engine/search/index.ts): ${(agreement.shared * 100).toFixed(1)}%; scoring there within ${LEVEL} of its tenth: ${(agreement.level * 100).toFixed(1)}%`,
    );
    console.log(
      `\nminisearch's index build: ${medianRange(
        runs.minisearch.map((m) => m.buildMs!),
        0,
      )} ms; p50 ratio sift / minisearch: ${(median(runs.sift.map((m) => m.p50)) / median(runs.minisearch.map((m) => m.p50))).toFixed(2)}x`,
    );
    if (ENCODER)
      console.log(
        `p50 ratio sift with the built-in encoder / minisearch: ${(median(runs['sift-encoder'].map((m) => m.p50)) / median(runs.minisearch.map((m) => m.p50))).toFixed(2)}x`,
      );
  } finally {
    if (!process.env.KEEP) {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
