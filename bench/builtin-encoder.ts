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
import { client, median, NO_LIMITS, sleep, startServer } from './server-process.js';

const ADMIN = 'encoder-bench-operator-token';
const DOCS = Number(process.env.DOCS ?? 40);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

async function once(encoder: boolean): Promise<{ processing: number; analysis: number; rss: number }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-encoder-'));
  const server = await startServer({ SIFT_DATA_DIR: work, SIFT_ADMIN_TOKEN: ADMIN, ...NO_LIMITS, ...(encoder ? { SIFT_EMBEDDING_MODEL: 'builtin' } : {}) });
  try {
    const post = client(server.base);
    const { user } = await post('admin', ADMIN, { action: 'create_user', email: 'encoder@example.com' });
    const { account } = await post('admin', ADMIN, { action: 'create_account', name: 'Encoder', ownerUserId: user.id, credits: 10_000_000 });
    const { project } = await post('admin', ADMIN, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Encoder' });
    const key = (await post('admin', ADMIN, { action: 'create_account_key', accountId: account.id, userId: user.id })).key as string;
    const texts = distinctTranscripts(DOCS);
    for (let from = 0; from < texts.length; from += 20) {
      const form = new FormData();
      for (const [i, t] of texts.slice(from, from + 20).entries()) form.append('file', new Blob([t]), `interview-${from + i}.txt`);
      const r = await fetch(`${server.base}/api/sift-account/upload?projectId=${project.id}`, {
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
    const confirmed = performance.now();
    while (!(await status()).documents.every((d: { status: string }) => d.status === 'ready')) await sleep(250);
    const processing = (performance.now() - confirmed) / 1000;
    const started = performance.now();
    const { analysis } = await post('account', key, { action: 'start_analysis', projectId: project.id, type: 'automatic' });
    for (;;) {
      const a = (await status()).analyses.find((x: { id: string }) => x.id === analysis.id);
      if (a?.status === 'completed') break;
      if (a?.status === 'failed') throw new Error('the analysis failed');
      await sleep(250);
    }
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
  const show = (xs: number[], digits = 1) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
  console.log(`\n${DOCS} transcripts, ${words} words, ${ROUNDS} rounds alternated, Node ${process.version}, ${os.cpus().length} cores\n`);
  console.log('| server | processing s | s per 1,000 words | automatic analysis s | RSS MB |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(rows)) {
    const per = r.map((x) => (x.processing / words) * 1000);
    console.log(
      `| ${name === 'builtin' ? 'SIFT_EMBEDDING_MODEL=builtin' : 'without an encoder'} | ${show(r.map((x) => x.processing))} | ${show(per, 2)} | ${show(r.map((x) => x.analysis))} | ${show(
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
