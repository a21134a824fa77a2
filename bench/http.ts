/**
 * HTTP throughput of sift beside a bare Fastify route, in one process and one run:
 *   npx tsx bench/http.ts            (about 40 s; DURATION=5 for a quick look)
 * Prints requests/s and p50/p99 latency at 32 connections and each row's ratio to the bare route;
 * get_documents is also compared with a bare route answering the very same JSON body.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { parseConfig } from '../src/config.js';
import { createApp } from '../src/app.js';
import { adminOps } from '../src/domain/admin.js';
import { newId } from '../src/domain/ids.js';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 32;
const DOCUMENTS = 1000;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

async function measure(name: string, url: string, body: string | null, headers: Record<string, string> = {}): Promise<Row> {
  const opts = {
    url,
    connections: CONNECTIONS,
    method: body ? ('POST' as const) : ('GET' as const),
    body: body ?? undefined,
    headers: { 'content-type': 'application/json', ...headers },
  };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bench-'));
  const config = parseConfig({ SIFT_DATA_DIR: dataDir, SIFT_WORKERS: '0', SIFT_RATE_LIMIT_READ: '1000000000', LOG_LEVEL: 'silent' });
  const app = await createApp(config);
  const store = app.store;
  const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'bench@example.com' });
  const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'Bench', ownerUserId: user.id });
  const { project } = await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Bench' });
  const { key } = await adminOps.create_project_key(store, { action: 'create_project_key', projectId: project.id, userId: user.id, access: 'read' });
  const now = new Date().toISOString();
  await store.transaction(async (trx) => {
    for (let i = 1; i <= DOCUMENTS; i++) {
      await trx
        .insertInto('documents')
        .values({
          id: newId(),
          projectId: project.id,
          counter: i,
          filename: `interview-${i}.txt`,
          status: 'ready',
          pipeline: 'standard',
          creditCost: 2,
          wordCount: 1500,
          error: null,
          mimeType: 'text/plain',
          sizeBytes: 9000,
          blobKey: null,
          sourceUrl: null,
          text: null,
          confirmedAt: now,
          leaseOwner: null,
          leaseExpiresAt: null,
          attempts: 0,
          soloAttempts: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    await trx.updateTable('projects').set({ documentCounter: DOCUMENTS }).where('id', '=', project.id).execute();
  });
  const siftAddress = await app.server.listen({ port: 0, host: '127.0.0.1' });
  const auth = { authorization: `Bearer ${key}` };

  // The same answer as get_documents, served as an object so that Fastify serialises it per request.
  const listing = await fetch(`${siftAddress}/api/sift-read`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: '{"action":"get_documents"}',
  });
  if (!listing.ok) throw new Error(`get_documents answered ${listing.status}`);
  const sameBody = (await listing.json()) as Record<string, unknown>;
  const bodyKb = Math.round(JSON.stringify(sameBody).length / 1024);

  const bare = Fastify();
  bare.post('/bare', async () => ({ project: { id: 'Pabcdefghij', name: 'Bench', locale: 'en' } }));
  bare.post('/same-body', async () => sameBody);
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  const rows: Row[] = [];
  rows.push(await measure('bare Fastify route', `${bareAddress}/bare`, '{}'));
  rows.push(await measure('sift get_project', `${siftAddress}/api/sift-read`, '{"action":"get_project"}', auth));
  rows.push(await measure(`bare Fastify route, same body as get_documents (${bodyKb} KB)`, `${bareAddress}/same-body`, '{}'));
  rows.push(await measure(`sift get_documents (${DOCUMENTS} documents)`, `${siftAddress}/api/sift-read`, '{"action":"get_documents"}', auth));

  const base = rows[0]!.rps;
  const sameBase = rows[2]!.rps;
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, ${os.cpus().length} cores\n`);
  console.log('| route | req/s | p50 ms | p99 ms | throughput vs bare | vs bare, same body |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const same = r === rows[2] || r === rows[3] ? pct(r.rps / sameBase) : '';
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${pct(r.rps / base)} | ${same} |`);
  }

  await app.close();
  await bare.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
