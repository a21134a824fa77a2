/**
 * The scale-out proof: PostgreSQL, Redis and an S3-compatible server (s3rver, in this process);
 * two API processes (`sift serve --workers 0`) and two worker processes (`sift worker`); a steady
 * mix of uploads, confirmations, reads and analyses from several clients; `kill -9` of one API
 * process and one worker in the middle, then both restarted. It reports what was served and
 * failed, and checks that nothing was lost, charged twice, duplicated or left stuck.
 *   npx tsx bench/scale-proof.ts            full form: 300 s of load, 6 clients
 *   npx tsx bench/scale-proof.ts --short    short form for CI: 45 s of load, 3 clients (≤ 3 min in all)
 * Needs DATABASE_URL (a PostgreSQL server where it may create a database) and REDIS_URL; loopback only.
 * Exits 1 when any of lost, double-charged, duplicated or stuck is not 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { openStore } from '../src/store/store.js';
import { loadStudy, STUDIES_DIR } from '../eval/passages/load.js';

const SHORT = process.argv.includes('--short');
// Interviews written like real ones (a development study of the passage benchmark, never a held-out one).
const INTERVIEWS = ['library-users', 'care-workers'].flatMap((name) => loadStudy(path.join(STUDIES_DIR, name)).transcripts.map((t) => t.text));
const LOAD_MS = (SHORT ? 45 : 300) * 1000;
const CLIENTS = SHORT ? 3 : 6;
// Short enough that a killed worker's items come back within the run, long enough that an
// analysis (computed without a heartbeat between its steps) finishes within one lease on a busy machine.
const LEASE_SECONDS = 20;
const ROOT = path.resolve(import.meta.dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL || !REDIS_URL) throw new Error('scale-proof needs DATABASE_URL and REDIS_URL');
const ADMIN = 'scale-proof-operator-token-0123';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pgAdmin(sql: string) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

interface Proc {
  name: string;
  child: ChildProcess;
  out: string;
}

async function main() {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-scale-'));
  const database = `sift_scale_${crypto.randomBytes(4).toString('hex')}`;
  await pgAdmin(`CREATE DATABASE ${database}`);
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'sift', configs: [] }] });
  const { port: s3Port } = (await s3.run()) as { port: number };
  const env = {
    DATABASE_URL: Object.assign(new URL(DATABASE_URL!), { pathname: `/${database}` }).toString(),
    REDIS_URL: REDIS_URL!,
    SIFT_BLOB_URL: 's3://sift/originals',
    SIFT_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    SIFT_S3_ACCESS_KEY_ID: 'S3RVER',
    SIFT_S3_SECRET_ACCESS_KEY: 'S3RVER',
    SIFT_ADMIN_TOKEN: ADMIN,
    SIFT_LEASE_SECONDS: String(LEASE_SECONDS),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...Object.fromEntries(
      ['READ', 'WRITE', 'ACCOUNT', 'ACCOUNT_UPLOAD', 'PARTNER', 'PARTNER_UPLOAD', 'WRITE_UPLOAD', 'ADMIN', 'FAILED_AUTH'].map((b) => [
        `SIFT_RATE_LIMIT_${b}`,
        '1000000',
      ]),
    ),
  };
  const procs = new Map<string, Proc>();
  const launch = (name: string, args: string[], extra: Record<string, string>) => {
    // Each process has a data folder of its own, as on another host: only the services are shared.
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, SIFT_DATA_DIR: path.join(work, name), ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p: Proc = { name, child, out: '' };
    child.stdout!.on('data', (d: Buffer) => (p.out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (p.out += d.toString()));
    procs.set(name, p);
    return p;
  };
  const ports = [await freePort(), await freePort()];
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const ready = async (base: string, ms = 60_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      try {
        if ((await fetch(`${base}/readyz`)).status === 200) return;
      } catch {}
      await sleep(100);
    }
    throw new Error(`${base} did not become ready`);
  };

  const api1 = launch('api-1', ['serve', '--workers', '0'], { PORT: String(ports[0]) });
  await ready(bases[0]!);
  // A first start makes and prints its demo keys just after it starts listening.
  for (let i = 0; i < 300 && !/partner secret +\S+/.test(api1.out); i++) await sleep(100);
  const accountKey = api1.out.match(/account key +(\S+)/)?.[1];
  const projectId = api1.out.match(/project +\S+ \(([^)]+)\)/)?.[1];
  if (!accountKey || !projectId) throw new Error(`api-1 printed no demo keys:\n${api1.out}`);
  // The script's own connection, to watch leases and count at the end (migrations ran in api-1).
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: work });
  launch('api-2', ['serve', '--workers', '0'], { PORT: String(ports[1]) });
  await ready(bases[1]!);
  launch('worker-1', ['worker', '--concurrency', '2'], {});
  launch('worker-2', ['worker', '--concurrency', '2'], {});

  const stats = { served: 0, failed: 0, failedOnKilled: 0, uploaded: new Set<string>(), confirmed: new Set<string>(), confirms: 0, analyses: 0 };
  let killedBase: string | null = null;
  /** One request to one API; a refused or reset connection is a failure of that process. */
  async function call(base: string, pathname: string, init: RequestInit): Promise<Response | null> {
    try {
      const res = await fetch(`${base}${pathname}`, init);
      if (res.status >= 500) stats.failed++;
      else stats.served++;
      return res;
    } catch {
      if (base === killedBase) stats.failedOnKilled++;
      else stats.failed++;
      return null;
    }
  }
  const json = (body: unknown, extra: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { authorization: `Bearer ${accountKey}`, 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  /** Tries each API in turn (from `first`), as a client behind a load balancer would. */
  async function any(first: number, pathname: string, init: () => RequestInit): Promise<any> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const res = await call(bases[(first + attempt) % 2]!, pathname, init());
      if (res?.status === 200) return res.json();
      if (res && res.status < 500) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
      await sleep(200);
    }
    throw new Error(`${pathname}: no API answered`);
  }
  const account = (await any(0, '/api/sift-account', () => json({ action: 'get_credits' }))) as { accountId: string };
  await any(0, '/api/sift-admin', () => ({
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'grant_credits', accountId: account.accountId, amount: 1_000_000 }),
  }));

  const deadline = Date.now() + LOAD_MS;
  async function client(n: number) {
    let i = 0;
    while (Date.now() < deadline) {
      const first = (n + i) % 2;
      i++;
      try {
        // Made unique, so that no upload is a duplicate of another.
        const text = `${INTERVIEWS[(n * 7 + i) % INTERVIEWS.length]}\n\n(transcript ${crypto.randomUUID()})`;
        const form = new FormData();
        form.append('file', new Blob([text]), `c${n}-${i}.txt`);
        const up = await call(bases[first]!, `/api/sift-account/upload?projectId=${projectId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accountKey}` },
          body: form,
        });
        if (up?.status !== 200) continue;
        const id = ((await up.json()) as { documents: { id: string }[] }).documents[0]!.id;
        stats.uploaded.add(id);
        let cost = 0;
        for (let w = 0; w < 150; w++) {
          const s = await any(first, '/api/sift-account', () => json({ action: 'get_project_status', projectId }));
          const doc = (s.documents as { id: string; status: string; creditCost: number | null }[]).find((d) => d.id === id);
          if (doc?.status === 'awaiting_confirmation') {
            cost = doc.creditCost ?? 0;
            break;
          }
          await sleep(200);
        }
        // The same key on every retry, whichever API answers: one charge however often it is sent.
        const key = crypto.randomUUID();
        const confirmed = await any(first, '/api/sift-account', () =>
          json({ action: 'confirm_documents', projectId, documentIds: [id], expectedCreditCost: cost }, { 'idempotency-key': key }),
        );
        stats.confirms++;
        for (const c of confirmed.confirmedDocumentIds as string[]) stats.confirmed.add(c);
        await call(bases[1 - first]!, '/api/sift-account', json({ action: 'list_projects' }));
        if (i % 12 === 0) {
          await any(first, '/api/sift-account', () => json({ action: 'start_analysis', projectId, type: 'automatic' }));
          stats.analyses++;
        }
      } catch (err) {
        stats.failed++;
        if (stats.failed < 5) console.error(`client ${n}: ${(err as Error).message}`);
      }
    }
  }

  const chaos = (async () => {
    await sleep(LOAD_MS / 3);
    const w1 = procs.get('worker-1')!;
    const workerPid = w1.child.pid!;
    const heldByDead = async () => {
      const dead = `%:${workerPid}:%`;
      const docs = await store.db
        .selectFrom('documents')
        .select('id')
        .where('leaseOwner', 'like', dead)
        .where('status', 'in', ['pending', 'processing'])
        .execute();
      const runs = await store.db.selectFrom('analyses').select('id').where('leaseOwner', 'like', dead).where('status', 'in', ['queued', 'running']).execute();
      return docs.length + runs.length;
    };
    // Kill the worker while it holds work (waiting up to 15 s for it to take some), and an API with it.
    for (const end = Date.now() + 15_000; Date.now() < end && (await heldByDead()) === 0; ) await sleep(50);
    const killedAt = Date.now();
    killedBase = bases[0]!;
    api1.child.kill('SIGKILL');
    w1.child.kill('SIGKILL');
    const heldAtKill = await heldByDead();
    const takenOver = (async () => {
      while ((await heldByDead()) > 0) await sleep(250);
      return Date.now() - killedAt;
    })();
    await sleep(2000);
    launch('api-1', ['serve', '--workers', '0'], { PORT: String(ports[0]) });
    launch('worker-1', ['worker', '--concurrency', '2'], {});
    await ready(bases[0]!);
    const apiBack = Date.now() - killedAt;
    killedBase = null;
    return { apiBack, heldAtKill, takenOverMs: await takenOver };
  })();

  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  const { apiBack, heldAtKill, takenOverMs } = await chaos;

  // Let the workers finish what was confirmed.
  const settleEnd = Date.now() + 90_000;
  for (;;) {
    const open = await store.db.selectFrom('documents').select(['id']).where('status', 'in', ['pending', 'processing']).execute();
    const runs = await store.db.selectFrom('analyses').select(['id']).where('status', 'in', ['queued', 'running']).execute();
    if ((open.length === 0 && runs.length === 0) || Date.now() > settleEnd) break;
    await sleep(500);
  }
  const docs = await store.db.selectFrom('documents').select(['id', 'counter', 'status', 'leaseExpiresAt']).execute();
  // The account surface answers documents by UUID; keep the short form too.
  const byShort = new Map(docs.flatMap((d) => [[d.id, d] as const, [`D${d.counter}`, d] as const]));
  const charges = await store.db.selectFrom('creditLedger').select(['documentIds']).where('kind', '=', 'charge').execute();
  const chargedTimes = new Map<string, number>();
  for (const c of charges) for (const d of JSON.parse(c.documentIds ?? '[]') as string[]) chargedTimes.set(d, (chargedTimes.get(d) ?? 0) + 1);
  // A document is analysed by one automatic run: its insights all come from that run, and no run
  // wrote the same insight (statement and quotes) twice, however often its lease changed hands.
  const insights = await store.db.selectFrom('insights').select(['documentId', 'analysisId', 'text', 'quotes']).execute();
  const seen = new Map<string, number>();
  const runsOfDoc = new Map<string, Set<string | null>>();
  for (const i of insights) {
    const key = [i.analysisId, i.documentId, i.text, i.quotes].join('\u0000');
    seen.set(key, (seen.get(key) ?? 0) + 1);
    runsOfDoc.set(i.documentId ?? '', (runsOfDoc.get(i.documentId ?? '') ?? new Set()).add(i.analysisId));
  }
  const analysedTwice = [...runsOfDoc.values()].filter((r) => r.size > 1).length;
  const runs = await store.db.selectFrom('analyses').select(['status', 'note', 'error']).execute();
  for (const r of runs) if (r.status === 'failed') console.error(`a run failed: ${r.error}`);
  const now = new Date().toISOString();
  const stuckDocs = docs.filter((d) => (d.status === 'processing' || d.status === 'pending') && (!d.leaseExpiresAt || d.leaseExpiresAt < now));
  const stuckRuns = runs.filter((r) => r.status === 'queued' || r.status === 'running');
  await store.close();

  const lost = [...stats.uploaded].filter((id) => !byShort.has(id)).length;
  const confirmedUuids = [...stats.confirmed].map((id) => byShort.get(id)?.id);
  const notReady = [...stats.confirmed].filter((id) => byShort.get(id)?.status !== 'ready').length;
  const doubleCharged = [...chargedTimes.values()].filter((n) => n > 1).length;
  const unchargedConfirms = confirmedUuids.filter((u) => !u || !chargedTimes.has(u)).length;
  const duplicated = [...seen.values()].reduce((s, n) => s + (n - 1), 0);
  const stuck = stuckDocs.length + stuckRuns.length;

  for (const p of procs.values()) p.child.kill('SIGTERM');
  await Promise.all([...procs.values()].map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.on('exit', r)))));
  await s3.close();
  await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  fs.rmSync(work, { recursive: true, force: true });

  const rows: [string, string | number][] = [
    ['load', `${LOAD_MS / 1000} s, ${CLIENTS} clients, 2 API + 2 worker processes, lease ${LEASE_SECONDS} s`],
    ['requests served', stats.served],
    ['requests failed on the killed API process (connection refused or reset)', stats.failedOnKilled],
    ['requests failed otherwise', stats.failed],
    ['documents uploaded / in the store (lost)', `${stats.uploaded.size} / ${stats.uploaded.size - lost} (${lost})`],
    ['documents confirmed / ready at the end', `${stats.confirmed.size} / ${stats.confirmed.size - notReady}`],
    [
      'confirmations answered / charges (documents charged twice, confirmed but uncharged)',
      `${stats.confirms} / ${charges.length} (${doubleCharged}, ${unchargedConfirms})`,
    ],
    [
      'automatic analyses started / runs (completed, failed)',
      `${stats.analyses} / ${runs.length} (${runs.filter((r) => r.status === 'completed').length}, ${runs.filter((r) => r.status === 'failed').length})`,
    ],
    ['insights / duplicated (documents analysed by two runs)', `${insights.length} / ${duplicated} (${analysedTwice})`],
    ['items stuck past their lease (documents + runs)', stuck],
    ['killed API answering /readyz again after', `${(apiBack / 1000).toFixed(1)} s (restarted after 2 s)`],
    ["killed worker's items (held at the kill) taken over after", `${heldAtKill} items, ${(takenOverMs / 1000).toFixed(1)} s`],
    ['total run time', `${((Date.now() - started) / 1000).toFixed(0)} s`],
  ];
  console.log(`\n| scale-out proof${SHORT ? ' (short)' : ''} | |\n|---|---:|`);
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  const failedRuns = runs.filter((r) => r.status === 'failed').length;
  const bad = lost + doubleCharged + unchargedConfirms + duplicated + analysedTwice + stuck + notReady + stats.failed + failedRuns;
  if (bad > 0) {
    console.error(
      `\nscale-proof: FAILED (lost ${lost}, double-charged ${doubleCharged}, uncharged ${unchargedConfirms}, duplicated ${duplicated} (analysed twice ${analysedTwice}), stuck ${stuck}, not ready ${notReady}, failed runs ${failedRuns}, other failures ${stats.failed})`,
    );
    process.exit(1);
  }
  console.log('\nscale-proof: 0 lost, 0 double-charged, 0 duplicated, 0 stuck');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
