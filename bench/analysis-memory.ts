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
import { client, NO_LIMITS, sleep, startServer } from './server-process.js';

const ADMIN = 'memory-bench-operator-token';
const RUNS = Number(process.env.RUNS ?? 10);
const DOCS = Number(process.env.DOCS ?? 200);

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-memory-'));
  const server = await startServer({ SIFT_DATA_DIR: work, SIFT_ADMIN_TOKEN: ADMIN, ...NO_LIMITS });
  const base = server.base;
  const rss = server.rss;
  try {
    const post = client(base);
    const { user } = await post('admin', ADMIN, { action: 'create_user', email: 'memory@example.com' });
    const { account } = await post('admin', ADMIN, { action: 'create_account', name: 'Memory', ownerUserId: user.id, credits: 10_000_000 });
    const { project } = await post('admin', ADMIN, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Memory' });
    const key = (await post('admin', ADMIN, { action: 'create_account_key', accountId: account.id, userId: user.id })).key as string;
    const texts = distinctTranscripts(DOCS);
    for (let from = 0; from < texts.length; from += 20) {
      const form = new FormData();
      for (const [i, t] of texts.slice(from, from + 20).entries()) form.append('file', new Blob([t]), `interview-${from + i}.txt`);
      const r = await fetch(`${base}/api/sift-account/upload?projectId=${project.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      if (r.status !== 200) throw new Error(`upload: ${r.status} ${await r.text()}`);
    }
    const status = () => post('account', key, { action: 'get_project_status', projectId: project.id });
    for (;;) {
      const s = await status();
      if (s.pendingExtractionCount === 0 && s.confirmableCreditCost > 0) {
        await post('account', key, { action: 'confirm_documents', projectId: project.id, expectedCreditCost: s.confirmableCreditCost });
        break;
      }
      await sleep(200);
    }
    while (!(await status()).documents.every((d: { status: string }) => d.status === 'ready')) await sleep(500);
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
      for (;;) {
        const a = (await status()).analyses.find((x: { id: string }) => x.id === analysis.id);
        if (a?.status === 'completed') break;
        if (a?.status === 'failed') throw new Error('the analysis failed');
        await sleep(500);
      }
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
