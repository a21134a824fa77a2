/**
 * `search` latency on a project of 200 documents (about 3,000 chunks), beside the bare ranking
 * library (minisearch, BM25+) called directly on the same chunks in the same run:
 *   npx tsx bench/search.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { parseConfig } from '../src/config.js';
import { createApp } from '../src/app.js';
import { adminOps } from '../src/domain/admin.js';
import { newId } from '../src/domain/ids.js';
import { search } from '../src/domain/search.js';
import { DOCUMENTS, QUERIES } from '../test/eval/corpus.js';

const DOCS = 200;
const CHUNKS_PER_DOC = 15;
const ROUNDS = 400;

/** Deterministic pseudo-random text made of the evaluation corpus's sentences. */
function* random(seed: number) {
  let s = seed;
  for (;;) {
    s = (s * 1103515245 + 12345) % 2147483648;
    yield s / 2147483648;
  }
}
const sentences = DOCUMENTS.flat().flatMap((p) => p.replace(/^\w+: /, '').split(/(?<=\.)\s+/));

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bench-search-'));
  const app = await createApp(parseConfig({ SIFT_DATA_DIR: dataDir, SIFT_WORKERS: '0', LOG_LEVEL: 'silent' }));
  const store = app.store;
  const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'bench@example.com' });
  const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'B', ownerUserId: user.id });
  const { project } = await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'B' });
  const rnd = random(7);
  const chunks: { id: string; text: string }[] = [];
  const now = new Date().toISOString();
  await store.transaction(async (trx) => {
    for (let d = 1; d <= DOCS; d++) {
      const docId = newId();
      await trx
        .insertInto('documents')
        .values({
          id: docId,
          projectId: project.id,
          counter: d,
          filename: `i${d}.txt`,
          status: 'ready',
          pipeline: 'standard',
          creditCost: 1,
          wordCount: 1000,
          error: null,
          mimeType: 'text/plain',
          sizeBytes: 1,
          blobKey: null,
          sourceUrl: null,
          text: '',
          confirmedAt: now,
          leaseOwner: null,
          leaseExpiresAt: null,
          attempts: 0,
          soloAttempts: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      for (let c = 0; c < CHUNKS_PER_DOC; c++) {
        const text = Array.from({ length: 4 }, () => sentences[Math.floor(rnd.next().value! * sentences.length)]).join(' ');
        const id = newId();
        chunks.push({ id, text });
        await trx
          .insertInto('chunks')
          .values({ id, projectId: project.id, documentId: docId, idx: c, text, speaker: 'Participant', startOffset: 0, endOffset: text.length })
          .execute();
      }
    }
  });
  const projectRow = await store.db.selectFrom('projects').selectAll().where('id', '=', project.id).executeTakeFirstOrThrow();
  const scope = { store, project: projectRow, userId: null };
  const queries = QUERIES.map((q) => q.q);

  const t0 = performance.now();
  await search(scope, { action: 'search', query: 'warm-up' });
  const buildMs = performance.now() - t0;

  const mini = new MiniSearch({ fields: ['text'], storeFields: [] });
  mini.addAll(chunks);

  const siftTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const q = queries[i % queries.length]!;
    let s = performance.now();
    await search(scope, { action: 'search', query: q, topK: 10 });
    siftTimes.push(performance.now() - s);
    s = performance.now();
    mini.search(q).slice(0, 10);
    bareTimes.push(performance.now() - s);
  }
  const row = (name: string, xs: number[]) => {
    const total = xs.reduce((a, b) => a + b, 0);
    return `| ${name} | ${pct(xs, 50).toFixed(2)} | ${pct(xs, 99).toFixed(2)} | ${Math.round((xs.length / total) * 1000)} |`;
  };
  console.log(`\n${DOCS} documents, ${chunks.length} chunks, ${ROUNDS} queries; first search (index build) ${buildMs.toFixed(0)} ms\n`);
  console.log('| ranking | p50 ms | p99 ms | queries/s |');
  console.log('|---|---:|---:|---:|');
  console.log(row('sift search action (hybrid, filters, freshness check, results)', siftTimes));
  console.log(row('bare minisearch on the same chunks', bareTimes));
  console.log(`\np50 ratio sift / bare: ${(pct(siftTimes, 50) / pct(bareTimes, 50)).toFixed(1)}x`);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
