/**
 * The first search after a restart (issue 45): one project of CHUNKS chunks (bench/scale-project.ts)
 * on SQLite and on PostgreSQL; per round and store, the compiled server (`node dist/cli/main.js
 * serve`, default settings) is started on it, and over HTTP, as soon as `/readyz` answers 200, one
 * search is timed (the first), then, once the server's CPU is idle (what it loads in the
 * background after its first quiet moment loaded), the evaluation's queries REPEATS times (the
 * later ones: p50; also the p50 of their first pass, where each query's words are new to the process).
 * Stores alternated, ROUNDS rounds, medians (ranges); the machine's 1-minute load printed per round.
 * This process's own first POST is made before the rounds and its garbage collected before each
 * first search, so that the figure is the server's (quietClient).
 *
 *   npm run build && npx tsx bench/first-search.ts       STORES=sqlite,postgres CHUNKS=30000 ROUNDS=3
 *   SIFT_SERVER=/elsewhere/dist/cli/main.js npx tsx bench/first-search.ts   # another build
 *
 * Target (issue 45): the first search within 2x the later p50.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { openStore } from '../src/store/store.js';
import { adminOps } from '../src/domain/admin.js';
import { fillProject, queries } from './scale-project.js';
import { client, freshDatabase, median, medianRow, NO_LIMITS, ROOT, startServer, untilIdle } from './server-process.js';

const STORES = (process.env.STORES ?? 'sqlite,postgres').split(',');
const CHUNKS = Number(process.env.CHUNKS ?? 30_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const REPEATS = Number(process.env.REPEATS ?? 3);
const SERVER = process.env.SIFT_SERVER ?? path.join(ROOT, 'dist/cli/main.js');

interface Prepared {
  name: string;
  env: Record<string, string>;
  key: string;
  projectId: string;
  drop: () => Promise<void>;
}

interface Round {
  startMs: number;
  firstMs: number;
  p50: number;
  /** p50 of the first pass over the queries: each query's words new to the process (their frequencies counted, WordNet read). */
  newP50: number;
  load: number;
}

const load1 = () => os.loadavg()[0]!;

async function prepare(name: string): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-first-search-'));
  const database = name === 'postgres' ? await freshDatabase('sift_bench_first') : null;
  const store = await openStore({ databaseUrl: database?.url ?? null, dataDir });
  const t0 = performance.now();
  const { projectId, userId } = await fillProject(store, CHUNKS);
  const { key } = await adminOps.create_project_key(store, { action: 'create_project_key', projectId, userId, access: 'read' });
  // As autovacuum would after such a load: PostgreSQL plans the full-text queries by the table's statistics.
  if (store.kind === 'postgres') await sql`analyze`.execute(store.db);
  await store.close();
  console.log(`${name}: ${CHUNKS} chunks written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return {
    name,
    env: {
      ...NO_LIMITS,
      ...(process.env.SIFT_WORKERS ? { SIFT_WORKERS: process.env.SIFT_WORKERS } : {}),
      SIFT_DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    key,
    projectId,
    drop: async () => {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * What this process would otherwise add to the server's first search: its own first POST (the
 * HTTP client's code run for the first time, 12-17 ms here), made once to a throwaway server, and
 * its garbage from filling the stores and earlier rounds, collected before each first search.
 */
async function quietClient(): Promise<void> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.setHeader('content-type', 'application/json').end(JSON.stringify({ results: [{ text: 'warm' }] })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await client(`http://127.0.0.1:${(server.address() as { port: number }).port}`)('read', 'key', { action: 'search', query: 'warm' });
  } finally {
    server.close();
  }
}

async function round(p: Prepared): Promise<Round> {
  const load = load1();
  const server = await startServer(p.env, [SERVER, 'serve']);
  try {
    const post = client(server.base);
    const timed = async (query: string) => {
      const t = performance.now();
      const answer = await post('read', p.key, { action: 'search', query, topK: 10 });
      return { ms: performance.now() - t, results: answer.results.length as number };
    };
    collectGarbage();
    const first = await timed(queries[0]!);
    if (first.results === 0) throw new Error('the first search found nothing');
    // The later searches at the server's steady state: what it loads in the background once quiet (the workers' thread) loaded first.
    await untilIdle(server.child.pid!);
    const later: number[] = [];
    for (let r = 0; r < REPEATS; r++) for (const q of queries) later.push((await timed(q)).ms);
    return { startMs: server.startMs, firstMs: first.ms, p50: median(later), newP50: median(later.slice(1, queries.length)), load };
  } finally {
    await server.stop();
  }
}

async function main() {
  const prepared: Prepared[] = [];
  try {
    for (const name of STORES) prepared.push(await prepare(name));
    await quietClient();
    const rounds = new Map<string, Round[]>(STORES.map((s) => [s, []]));
    for (let r = 0; r < ROUNDS; r++)
      for (const p of prepared) {
        const out = await round(p);
        rounds.get(p.name)!.push(out);
        console.log(
          `round ${r + 1} ${p.name}: load ${out.load.toFixed(2)}, start ${out.startMs.toFixed(0)} ms, first search ${out.firstMs.toFixed(0)} ms, later p50 ${out.p50.toFixed(1)} ms (first pass ${out.newP50.toFixed(1)} ms)`,
        );
      }
    console.log(
      `\n${CHUNKS} chunks, ${queries.length * REPEATS} later searches per start, medians of ${ROUNDS} (range), Node ${process.version}, ${os.cpus().length} cores:\n`,
    );
    console.log('| store | 1-minute load | launch to /readyz ms | first search ms | later p50 ms | first / p50 (x) | p50 of the later first pass ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, rs] of rounds) {
      console.log(
        medianRow(name, [
          [rs.map((x) => x.load), 2],
          [rs.map((x) => x.startMs), 0],
          [rs.map((x) => x.firstMs), 0],
          [rs.map((x) => x.p50), 1],
          [rs.map((x) => x.firstMs / x.p50), 1],
          [rs.map((x) => x.newP50), 1],
        ]),
      );
    }
    console.log(`\n1-minute load after: ${load1().toFixed(2)}`);
  } finally {
    for (const p of prepared) await p.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
