/**
 * How the API answers while background work runs, beside the same API idle, in one run:
 *   npx tsx bench/background.ts
 * sift serves from its embedded SQLite store with its two default workers in their own thread.
 * Four connections ask `get_project` throughout; first for 10 s with nothing to do, then while a
 * 2 MB text and twenty 50 KB anonymised documents are extracted, priced, confirmed, anonymised and
 * chunked. Prints p50/p99/max latency of both phases and how long the work took.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parseConfig } from '../src/config.js';
import { createApp } from '../src/app.js';
import { adminOps } from '../src/domain/admin.js';
import { TRANSCRIPTS } from '../test/fixtures/transcripts.js';

const CONNECTIONS = 4;

/** Interview-like text of about `bytes` bytes, with names and numbers for the anonymiser to find. */
function interviewText(bytes: number, seed: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const t = TRANSCRIPTS[(i + seed) % TRANSCRIPTS.length]!.text;
    const p = `Interviewer: Session ${seed}-${i}, with Maria Jensen (maria.jensen${i}@example.com, +44 20 7946 ${String(1000 + (i % 9000))}).\n\n${t}\n\n`;
    parts.push(p);
    size += p.length;
  }
  return parts.join('');
}

type Result = autocannon.Result;
const row = (name: string, r: Result) => `| ${name} | ${r.requests.total} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} |`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bench-'));
  const config = parseConfig({
    SIFT_DATA_DIR: dataDir,
    SIFT_RATE_LIMIT_READ: '1000000000',
    SIFT_RATE_LIMIT_ACCOUNT: '1000000',
    SIFT_RATE_LIMIT_ACCOUNT_UPLOAD: '1000000',
    LOG_LEVEL: 'silent',
  });
  const app = await createApp(config);
  const store = app.store;
  const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'bench@example.com' });
  const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'Bench', ownerUserId: user.id, credits: 1_000_000 });
  const project = async (name: string) =>
    (await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name })).project;
  const plain = await project('Plain');
  const anonymised = await project('Anonymised');
  await adminOps.set_project_pipeline(store, { action: 'set_project_pipeline', projectId: anonymised.id, pipeline: 'anonymized' });
  const { key: readKey } = await adminOps.create_project_key(store, { action: 'create_project_key', projectId: plain.id, userId: user.id, access: 'read' });
  const { key: accountKey } = await adminOps.create_account_key(store, { action: 'create_account_key', accountId: account.id, userId: user.id });
  const base = await app.server.listen({ port: 0, host: '127.0.0.1' });

  const load = (duration: number) =>
    autocannon({
      url: `${base}/api/sift-read`,
      connections: CONNECTIONS,
      duration,
      method: 'POST',
      body: '{"action":"get_project"}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${readKey}` },
    });
  await load(2);
  const idle = await load(10);

  const account_ = async (body: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/sift-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accountKey}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${body.action}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const upload = async (projectId: string, files: { name: string; text: string }[]) => {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([f.text], { type: 'text/plain' }), f.name);
    const res = await fetch(`${base}/api/sift-account/upload?projectId=${projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accountKey}` },
      body: form,
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  };
  const settle = async (projectId: string, want: string) => {
    for (;;) {
      const s = await account_({ action: 'get_project_status', projectId });
      const docs = s.documents as { status: string }[];
      if (docs.every((d) => d.status === want || d.status === 'failed')) return s;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const busyLoad = load(3600);
  const started = Date.now();
  await upload(plain.id, [{ name: 'long.txt', text: interviewText(2_000_000, 0) }]);
  await upload(
    anonymised.id,
    Array.from({ length: 20 }, (_, i) => ({ name: `interview-${i}.txt`, text: interviewText(50_000, i + 1) })),
  );
  for (const p of [plain, anonymised]) {
    const s = await settle(p.id, 'awaiting_confirmation');
    await account_({ action: 'confirm_documents', projectId: p.id, expectedCreditCost: s.confirmableCreditCost });
  }
  const final = [await settle(plain.id, 'ready'), await settle(anonymised.id, 'ready')].flatMap((s) => s.documents as { status: string }[]);
  const ready = final.filter((d) => d.status === 'ready').length;
  const workMs = Date.now() - started;
  (busyLoad as unknown as { stop(): void }).stop();
  const busy = await busyLoad;

  console.log(
    `\n${CONNECTIONS} connections asking get_project, Node ${process.version}, ${os.cpus().length} cores; the work took ${(workMs / 1000).toFixed(1)} s (${ready} of ${final.length} documents ready)\n`,
  );
  console.log('| phase | requests | p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('idle (10 s)', idle));
  console.log(row('during the work', busy));
  console.log(`\np99 while busy / p99 idle: ${(busy.latency.p99 / Math.max(1, idle.latency.p99)).toFixed(1)}x`);

  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
