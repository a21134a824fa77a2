/**
 * Search indexes held by an API process: resident memory after searching 500 projects of 300
 * chunks each, with the cache's ceiling (SIFT_SEARCH_CACHE_MB) against no ceiling, each in a
 * process of its own; then the first and a later search on one project of 100,000 chunks, stored
 * as the worker writes them (with what search ranks them by) against the same chunks as text only.
 *   npx tsx bench/search-memory.ts              (PROJECTS=, CEILING_MB=, BIG_CHUNKS= to change; ONLY=big for the second part)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, type Store } from '../src/store/store.js';
import { adminOps } from '../src/domain/admin.js';
import { newId } from '../src/domain/ids.js';
import { search, searchCacheUse, setSearchCacheMegabytes } from '../src/domain/search.js';
import { DOCUMENTS, QUERIES } from '../test/eval/corpus.js';
import { analyseForSearch, documentSearchRow, encodeAnalysed } from '../src/engine/search/analysed.js';

const PROJECTS = Number(process.env.PROJECTS ?? 500);
const CEILING_MB = Number(process.env.CEILING_MB ?? 64);
const BIG_CHUNKS = Number(process.env.BIG_CHUNKS ?? 100_000);
const sentences = DOCUMENTS.flat().flatMap((p) => p.replace(/^\w+: /, '').split(/(?<=\.)\s+/));

/** Fills projects of chunks; `analysed` stores what search ranks each chunk by, as the worker does when it writes them. */
async function fill(store: Store, projectCount: number, chunksEach: number, seed: number, analysed = true) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const { user } = await adminOps.create_user(store, { action: 'create_user', email: `bench${seed}@example.com` });
  const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'B', ownerUserId: user.id });
  const ids: string[] = [];
  const now = new Date().toISOString();
  for (let p = 0; p < projectCount; p++) {
    const { project } = await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: `P${p}` });
    ids.push(project.id as string);
    await store.transaction(async (trx) => {
      const docs = Math.ceil(chunksEach / 15);
      for (let d = 1; d <= docs; d++) {
        const docId = newId();
        await trx
          .insertInto('documents')
          .values({
            ...{ id: docId, projectId: project.id as string, counter: d, filename: `i${d}.txt`, status: 'ready', pipeline: 'standard', creditCost: 1 },
            ...{ wordCount: 1000, error: null, mimeType: 'text/plain', sizeBytes: 1, blobKey: null, sourceUrl: null, text: '', confirmedAt: now },
            ...{ leaseOwner: null, leaseExpiresAt: null, attempts: 0, soloAttempts: 0, createdAt: now, updatedAt: now },
          })
          .execute();
        const read = Array.from({ length: Math.min(15, chunksEach - (d - 1) * 15) }, (_, idx) => {
          const text = Array.from({ length: 4 }, () => sentences[Math.floor(next() * sentences.length)]).join(' ');
          return { id: newId(), idx, text, analysed: analysed ? analyseForSearch(text, 'en') : null };
        });
        await trx
          .insertInto('chunks')
          .values(
            read.map((c) => ({
              ...(c.analysed ? encodeAnalysed(c.analysed, 'en') : {}),
              ...{
                id: c.id,
                projectId: project.id as string,
                documentId: docId,
                idx: c.idx,
                text: c.text,
                speaker: 'Participant',
                startOffset: 0,
                endOffset: c.text.length,
              },
            })),
          )
          .execute();
        // As the worker writes a processed document: its row of vectors beside its chunks.
        if (analysed)
          await trx
            .insertInto('documentSearch')
            .values({
              documentId: docId,
              projectId: project.id as string,
              ...documentSearchRow(
                read.map((c) => ({ id: c.id, analysed: c.analysed! })),
                'en',
              ),
            })
            .execute();
      }
    });
  }
  return ids;
}

const scopeOf = async (store: Store, id: string) => ({
  store,
  project: await store.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  userId: null,
});
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** In a child process: fill, search every project once, report memory as JSON. */
async function manyProjects(ceilingMb: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bench-mem-'));
  const store = await openStore({ databaseUrl: null, dataDir: dir });
  setSearchCacheMegabytes(ceilingMb);
  const ids = await fill(store, PROJECTS, 300, 11);
  global.gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  for (const [i, id] of ids.entries()) await search(await scopeOf(store, id), { action: 'search', query: QUERIES[i % QUERIES.length]!.q });
  const ms = performance.now() - t0;
  global.gc?.();
  const after = process.memoryUsage();
  const use = searchCacheUse();
  process.stdout.write(
    JSON.stringify({
      ceilingMb,
      rss: after.rss,
      heap: after.heapUsed,
      heapGrowth: after.heapUsed - before.heapUsed,
      cached: use.projects,
      estimated: use.bytes,
      ms,
    }),
  );
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

async function bigProject(analysed: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bench-big-'));
  const store = await openStore({ databaseUrl: null, dataDir: dir });
  setSearchCacheMegabytes(4096);
  const [id] = await fill(store, 1, BIG_CHUNKS, 13, analysed);
  const scope = await scopeOf(store, id!);
  let t = performance.now();
  await search(scope, { action: 'search', query: QUERIES[0]!.q });
  const first = performance.now() - t;
  const later: number[] = [];
  for (let i = 1; i <= 20; i++) {
    t = performance.now();
    await search(scope, { action: 'search', query: QUERIES[i % QUERIES.length]!.q });
    later.push(performance.now() - t);
  }
  later.sort((a, b) => a - b);
  global.gc?.();
  process.stdout.write(JSON.stringify({ first, laterP50: later[10]!, rss: process.memoryUsage().rss, estimated: searchCacheUse().bytes }));
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const child = (...args: string[]) =>
  JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(import.meta.url).pathname, ...args], { encoding: 'utf8', maxBuffer: 1e7 }),
  );

/** The first part: the cache's ceiling against none, each in a process of its own. */
function manyRows() {
  const bounded = child('many', String(CEILING_MB));
  const unbounded = child('many', '1000000');
  console.log(`\n${PROJECTS} projects of 300 chunks, each searched once (every index built), memory after a full GC:\n`);
  console.log('| cache ceiling | indexes kept | estimated MB | heap MB | resident MB | heap vs no ceiling | searches/s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of [bounded, unbounded])
    console.log(
      `| ${r.ceilingMb >= 1000000 ? 'none' : `${r.ceilingMb} MB`} | ${r.cached} | ${mb(r.estimated)} | ${mb(r.heap)} | ${mb(r.rss)} | ${((r.heap / unbounded.heap) * 100).toFixed(0)}% | ${((PROJECTS / r.ms) * 1000).toFixed(0)} |`,
    );
}

async function main() {
  const [mode, arg] = process.argv.slice(2);
  if (mode === 'many') return manyProjects(Number(arg));
  if (mode === 'big') return bigProject(arg !== 'text');
  if (process.env.ONLY !== 'big') manyRows();
  // The baseline, in a process of its own: the same chunks written without what search keeps (as before it was kept), so the first search analyses every text.
  const legacy = child('big', 'text');
  const big = child('big', 'stored');
  console.log(`\nOne project of ${BIG_CHUNKS} chunks:\n`);
  console.log('| chunks as written | first search (index built) ms | later search p50 ms (20 queries) | first vs text only | estimated MB | resident MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['text only (the baseline)', legacy],
    ['with what search ranks them by', big],
  ] as const)
    console.log(
      `| ${name} | ${r.first.toFixed(0)} | ${r.laterP50.toFixed(1)} | ${((r.first / legacy.first) * 100).toFixed(1)}% | ${mb(r.estimated)} | ${mb(r.rss)} |`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
