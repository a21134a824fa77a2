/**
 * What the built-in sentence encoder (`SIFT_EMBEDDING_MODEL=builtin`, issue 28) costs: a sift
 * server in a process of its own (embedded store, its worker thread) takes DOCS distinct
 * transcripts of about 1,000 words, timed from the confirmation to every document `ready`, then
 * one automatic analysis; beside the same server without the encoder, alternated, ROUNDS rounds.
 * RSS of each server at the end.
 *
 *   npm run build && npx tsx bench/builtin-encoder.ts      # DOCS=40, ROUNDS=2
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distinctTranscripts } from './distinct-transcripts.js';
import { analysisCompleted, medianRange, NO_LIMITS, readyProject, startServer } from './server-process.js';

const ADMIN = 'encoder-bench-operator-token';
const DOCS = Number(process.env.DOCS ?? 40);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

async function once(encoder: boolean): Promise<{ processing: number; analysis: number; rss: number }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-encoder-'));
  const server = await startServer({ SIFT_DATA_DIR: work, SIFT_ADMIN_TOKEN: ADMIN, ...NO_LIMITS, ...(encoder ? { SIFT_EMBEDDING_MODEL: 'builtin' } : {}) });
  try {
    const { post, key, project, status, processingSeconds: processing } = await readyProject(server.base, ADMIN, distinctTranscripts(DOCS));
    const started = performance.now();
    const { analysis } = await post('account', key, { action: 'start_analysis', projectId: project.id, type: 'automatic' });
    await analysisCompleted(status, analysis.id);
    return { processing, analysis: (performance.now() - started) / 1000, rss: server.rss() };
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const words = distinctTranscripts(DOCS).reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
  const rows = { without: [] as Awaited<ReturnType<typeof once>>[], builtin: [] as Awaited<ReturnType<typeof once>>[] };
  for (let round = 0; round < ROUNDS; round++) {
    rows.without.push(await once(false));
    rows.builtin.push(await once(true));
  }
  console.log(`\n${DOCS} transcripts, ${words} words, ${ROUNDS} rounds alternated, Node ${process.version}, ${os.cpus().length} cores\n`);
  console.log('| server | processing s | s per 1,000 words | automatic analysis s | RSS MB |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(rows)) {
    const per = r.map((x) => (x.processing / words) * 1000);
    console.log(
      `| ${name === 'builtin' ? 'SIFT_EMBEDDING_MODEL=builtin' : 'without an encoder'} | ${medianRange(
        r.map((x) => x.processing),
        1,
      )} | ${medianRange(per, 2)} | ${medianRange(
        r.map((x) => x.analysis),
        1,
      )} | ${medianRange(
        r.map((x) => x.rss),
        0,
      )} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
