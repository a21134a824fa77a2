/**
 * How fast `get_matrix` answers a 200-document project (issue 43, part 4), beside `get_insights`
 * listing the same run's insights in the same process: each figure is the domain's answer built
 * and serialised to JSON, the way the read surface answers it.
 *
 *   npx tsx bench/matrix.ts                 # SQLite in memory
 *   STORE=postgres npx tsx bench/matrix.ts  # a fresh PostgreSQL database (DATABASE_URL's server)
 *
 * DOCUMENTS, SPEAKERS, TURNS, SENTENCES shape the corpus (test/helpers/matrix-corpus.ts; default
 * 200 documents of two participants answering ten questions in eight sentences, about 2,000
 * words each, with 8,000 insights). `cold` is the first matrix (every text read and its
 * transcript read as turns); `warm` the median of ROUNDS more (what a console's second look, a
 * cell's click or an export costs).
 */
import { openStore, type Store } from '../src/store/store.js';
import { adminOps } from '../src/domain/admin.js';
import { getMatrixAnswer, type MatrixRequest } from '../src/domain/matrix.js';
import { forgetReadings } from '../src/domain/matrix-people.js';
import { getInsights } from '../src/domain/insights.js';
import { matrixCorpus } from '../test/helpers/matrix-corpus.js';
import { freshDatabase, median } from './server-process.js';

const STORE = process.env.STORE ?? 'sqlite';
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const shape = {
  documents: Number(process.env.DOCUMENTS ?? 200),
  speakers: Number(process.env.SPEAKERS ?? 2),
  turns: Number(process.env.TURNS ?? 10),
  sentences: Number(process.env.SENTENCES ?? 8),
};

async function timed(run: () => Promise<unknown>): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const answer = await run();
  const bytes = JSON.stringify(answer).length;
  return { ms: performance.now() - start, bytes };
}

async function main() {
  const pg = STORE === 'postgres' ? await freshDatabase('sift_bench_matrix') : null;
  const store: Store = await openStore(pg ? { databaseUrl: pg.url, dataDir: '' } : { databaseUrl: null, dataDir: '', sqliteFile: ':memory:' });
  try {
    const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'bench@example.com' });
    const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'B', ownerUserId: user.id });
    const made = await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'B' });
    const projectId = made.project.id as string;
    const filling = performance.now();
    const { run } = await matrixCorpus(store, projectId, shape);
    const project = await store.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
    console.log(`${STORE}: ${JSON.stringify(shape)} laid down in ${((performance.now() - filling) / 1000).toFixed(1)} s`);

    const scope = { store, project, userId: null };
    const baseline = [] as number[];
    for (let i = 0; i <= ROUNDS; i++) baseline.push((await timed(() => getInsights(scope, { action: 'get_insights', analysisId: run }))).ms);
    const insightsMs = median(baseline.slice(1));
    console.log(`get_insights (the run's insights, the baseline): ${insightsMs.toFixed(1)} ms`);
    console.log('| matrix | cold ms | warm ms | warm / get_insights | answer KB |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    const cases: [string, MatrixRequest][] = [
      ['code × document', { columns: 'document', analysisId: run }],
      ['code × participant', { columns: 'participant', analysisId: run }],
      ['code × metadata value', { columns: 'metadata', field: 'site', analysisId: run }],
      ['code × code (passage)', { columns: 'code', analysisId: run }],
      ['code × code (document)', { columns: 'code', by: 'document', analysisId: run }],
    ];
    for (const [name, request] of cases) {
      forgetReadings();
      const cold = await timed(() => getMatrixAnswer(store.db, project, request));
      const warm = [] as number[];
      for (let i = 0; i < ROUNDS; i++) warm.push((await timed(() => getMatrixAnswer(store.db, project, request))).ms);
      const w = median(warm);
      console.log(`| ${name} | ${cold.ms.toFixed(0)} | ${w.toFixed(1)} | ${(w / insightsMs).toFixed(2)} | ${(cold.bytes / 1024).toFixed(0)} |`);
    }
  } finally {
    await store.close();
    await pg?.drop();
  }
}

await main();
