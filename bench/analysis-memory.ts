/**
 * Memory across consecutive analyses (issue 29): a sift server in a process of its own (embedded
 * store, its worker thread), one project of 200 distinct transcripts, ten automatic analyses one
 * after another, each of every transcript (an analysis takes only the documents no earlier run of
 * its kind has looked at, so the bench removes those verdicts, and the insights and categories of
 * the run before, in the database file before each run); the server's RSS (VmRSS, threads included) after each, sampled once the run is completed
 * and the process has been idle for 3 s.
 *
 *   npm run build && npx tsx bench/analysis-memory.ts     # RUNS=10, DOCS=200
 *
 * Target: RSS after the tenth within 10% of its level after the first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { distinctTranscripts } from './distinct-transcripts.js';
import { NO_LIMITS, readyProject, sleep, startServer, analysisCompleted } from './server-process.js';

const ADMIN = 'memory-bench-operator-token';
const RUNS = Number(process.env.RUNS ?? 10);
const DOCS = Number(process.env.DOCS ?? 200);

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-memory-'));
  const server = await startServer({ SIFT_DATA_DIR: work, SIFT_ADMIN_TOKEN: ADMIN, ...NO_LIMITS });
  const base = server.base;
  const rss = server.rss;
  try {
    const { post, key, project, status } = await readyProject(base, ADMIN, distinctTranscripts(DOCS));
    await sleep(3000);
    const before = rss();
    const after: number[] = [];
    const seconds: number[] = [];
    const file = new SQLite(path.join(work, 'sift.db'));
    file.pragma('busy_timeout = 5000');
    for (let run = 0; run < RUNS; run++) {
      // Each run starts where the first did: no verdicts, no insights, no categories.
      file.transaction(() => {
        file.prepare('delete from analysis_verdicts where project_id = ?').run(project.id);
        file.prepare('delete from insight_categories where insight_id in (select id from insights where project_id = ?)').run(project.id);
        file.prepare('delete from insights where project_id = ?').run(project.id);
        file.prepare('delete from categories where project_id = ?').run(project.id);
      })();
      const t = performance.now();
      const { analysis } = await post('account', key, { action: 'start_analysis', projectId: project.id, type: 'automatic' });
      await analysisCompleted(status, analysis.id);
      seconds.push((performance.now() - t) / 1000);
      await sleep(3000);
      after.push(rss());
      console.log(`run ${run + 1}: ${seconds[run]!.toFixed(1)} s, RSS ${Math.round(after[run]!)} MB`);
    }
    file.close();
    console.log(`\n${DOCS} transcripts, ${RUNS} automatic analyses, Node ${process.version}, ${os.cpus().length} cores`);
    console.log(`RSS before the first: ${Math.round(before)} MB; after each: ${after.map((x) => Math.round(x)).join(', ')} MB`);
    console.log(
      `after the last vs after the first: ${((after[after.length - 1]! / after[0]! - 1) * 100).toFixed(1)}%; highest vs after the first: ${((Math.max(...after) / after[0]! - 1) * 100).toFixed(1)}%`,
    );
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
