/**
 * The fault suite (issue 41): sift under load while its database, Redis and its own processes
 * fail, on its own PostgreSQL cluster and Redis server (services.ts). Against the built server:
 *
 *   npm run build && npx tsx test/fault/faults.ts --store sqlite
 *   npm run build && npx tsx test/fault/faults.ts --store postgres
 *
 * While clients upload, confirm and analyse: (PostgreSQL) every connection terminated three
 * times and the cluster restarted; Redis stopped and started; ten `kill -9` rounds of the API and
 * the worker processes, each restarted, a lease apart (each round's items can be taken over before
 * the next kill; kills every few seconds caught one good file alone three times running and failed it). Then the load stops, the work settles, the processes stop
 * and the orphan sweep runs, and it checks: no process exited on its own; no confirmed document
 * lost or left unready; no good upload failed; no document charged twice; every analysis
 * completed; no orphan left; authentication p99 under 100 ms while Redis was down; `/readyz`
 * 503 only while PostgreSQL was down, and ready again within 5 s of its return. Exits 1 otherwise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../../src/store/store.js';
import { fileBlobStore } from '../../src/store/blobs.js';
import { sweepOrphans } from '../../src/worker/blob-sweep.js';
import { Fleet } from './fleet.js';
import { freePort, PostgresCluster, RedisServer, sleep } from './services.js';
import { Client } from './client.js';

const STORE = process.argv.includes('postgres') ? 'postgres' : 'sqlite';
const KILL_ROUNDS = 10;
const LEASE_MS = 10_000;
const ADMIN = 'fault-suite-operator-token-0123456789';

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? 0;

/** Whatever happens, the suite's processes, cluster, server and files go with it (last made, first gone). */
async function main() {
  const teardown: (() => Promise<unknown>)[] = [];
  let code = 1;
  try {
    code = await suite(teardown);
  } catch (err) {
    console.error(`\nfault suite on ${STORE}: stopped by`, err);
  } finally {
    for (const step of teardown.reverse()) await step().catch(() => undefined);
  }
  process.exit(code);
}

async function suite(teardown: (() => Promise<unknown>)[]): Promise<number> {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-faults-'));
  teardown.push(async () => fs.rmSync(work, { recursive: true, force: true }));
  fs.chmodSync(work, 0o755);
  const dataDir = path.join(work, 'data');
  const cluster = STORE === 'postgres' ? await PostgresCluster.create(work) : null;
  if (cluster) teardown.push(() => cluster.stop());
  const redis = await RedisServer.create();
  teardown.push(() => redis.stop());
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const fleet = new Fleet({
    SIFT_ADMIN_TOKEN: ADMIN,
    SIFT_DATA_DIR: dataDir,
    SIFT_LEASE_SECONDS: String(LEASE_MS / 1000),
    REDIS_URL: redis.url,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    ...Object.fromEntries(
      ['READ', 'WRITE', 'ACCOUNT', 'ACCOUNT_UPLOAD', 'PARTNER', 'PARTNER_UPLOAD', 'WRITE_UPLOAD', 'ADMIN'].map((b) => [`SIFT_RATE_LIMIT_${b}`, '1000000']),
    ),
  });
  teardown.push(async () => {
    await fleet.stopAll();
    // Said again here too: a check that threw (a request nobody answered) ends the suite before its table.
    for (const e of fleet.ownExits) console.error(e);
  });
  // SQLite: one process with its workers in a thread, as `npm start` runs. PostgreSQL: an API and a worker process.
  const api = () => fleet.launch('api', cluster ? ['serve', '--workers', '0'] : ['serve'], { PORT: String(port), SIFT_WORKERS: '2' });
  const worker = () => fleet.launch('worker', ['worker', '--concurrency', '2'], {});
  const first = api();
  await fleet.ready(base);
  for (let i = 0; i < 300 && !/account key +\S+/.test(first.out); i++) await sleep(100);
  const accountKey = first.out.match(/account key +(\S+)/)?.[1];
  const readKey = first.out.match(/read key +(\S+)/)?.[1];
  const projectId = first.out.match(/project +\S+ \(([^)]+)\)/)?.[1];
  if (!accountKey || !readKey || !projectId) throw new Error(`the first start printed no demo keys:\n${first.out}`);
  if (cluster) worker();

  const client = new Client(base, accountKey, projectId);
  const account = await client.retry('/api/sift-account', { action: 'get_credits' });
  await client.retry('/api/sift-admin', { action: 'grant_credits', accountId: account.accountId, amount: 1_000_000 }, ADMIN);

  // /readyz every 200 ms, and the windows when PostgreSQL was away.
  const readiness: { at: number; status: number | null }[] = [];
  const pgDown: { from: number; to: number }[] = [];
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      readiness.push({ at: Date.now(), status: await client.status('/readyz') });
      await sleep(200);
    }
  })();
  const load = client.startLoad(2);
  const log: string[] = [];
  const say = (line: string) => {
    log.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`);
    console.log(log.at(-1));
  };

  await sleep(5000);
  const backAfter: number[] = [];
  if (cluster) {
    for (let i = 0; i < 3; i++) {
      await client.retry('/api/sift-account', { action: 'start_analysis', projectId, type: 'automatic' });
      say(`terminated ${await cluster.terminateConnections()} PostgreSQL connections`);
      await sleep(2500);
    }
    await client.retry('/api/sift-account', { action: 'start_analysis', projectId, type: 'automatic' });
    const from = Date.now();
    await cluster.stop();
    say('PostgreSQL stopped');
    await sleep(4000);
    await cluster.start();
    const to = Date.now();
    pgDown.push({ from, to });
    say('PostgreSQL started again');
    backAfter.push(await client.readyWithin(10_000));
    say(`ready again after ${backAfter.at(-1)} ms`);
  }

  await redis.stop();
  say('Redis stopped');
  await sleep(300);
  const auth = await client.authLatencies(readKey, 4000);
  await redis.start();
  say(`Redis started again (p99 while it was down: right key ${p99(auth.right)} ms, wrong key ${p99(auth.wrong)} ms)`);
  // The new Redis is empty: once the API has reconnected, its requests count there again.
  let sharedAgain = false;
  for (const end = Date.now() + 10_000; !sharedAgain && Date.now() < end; await sleep(250)) {
    await client.status('/readyz');
    await client.retry('/api/sift-account', { action: 'get_credits' });
    sharedAgain = ((await redis.keys()) ?? 0) > 0;
  }

  const restarts: number[] = [];
  for (let round = 0; round < KILL_ROUNDS; round++) {
    // A round is a kill and its recovery: the next kill comes once what this one left in flight
    // could be taken over (its lease ended), not while the same items still wait for a live worker.
    await sleep(LEASE_MS + 500 + Math.random() * 2000);
    const victim = cluster && round % 2 === 1 ? 'worker' : 'api';
    await fleet.kill9(victim);
    say(`kill -9 ${victim} (round ${round + 1})`);
    await sleep(500);
    if (victim === 'api') {
      const restarted = Date.now();
      api();
      await fleet.ready(base);
      restarts.push(Date.now() - restarted);
    } else worker();
  }

  await sleep(3000);
  await client.stopLoad();
  await load;
  say(`load stopped: ${client.stats.uploaded.size} uploaded, ${client.stats.confirmed.size} confirmed, ${client.stats.analyses} analyses started`);
  await client.settle(cluster?.url ?? null, dataDir, 180_000);
  watching = false;
  await watcher;
  await fleet.stopAll();

  const store = await openStore({ databaseUrl: cluster?.url ?? null, dataDir });
  const blobs = fileBlobStore(dataDir);
  const swept = await sweepOrphans(store, blobs, 0);
  const docs = await store.db.selectFrom('documents').select(['id', 'status', 'error', 'blobKey', 'soloAttempts']).execute();
  const byId = new Map(docs.map((d) => [d.id, d]));
  const charges = await store.db.selectFrom('creditLedger').select('documentIds').where('kind', '=', 'charge').execute();
  const runs = await store.db.selectFrom('analyses').select(['status', 'error']).execute();
  await store.close();
  const chargedTimes = new Map<string, number>();
  for (const c of charges) for (const id of JSON.parse(c.documentIds ?? '[]') as string[]) chargedTimes.set(id, (chargedTimes.get(id) ?? 0) + 1);
  const named = new Set(docs.flatMap((d) => (d.blobKey ? [d.blobKey] : [])));
  const stored = listFiles(path.join(dataDir, 'blobs')).map((f) => path.relative(path.join(dataDir, 'blobs'), f));
  const orphans = stored.filter((k) => !named.has(k)).length + listFiles(path.join(dataDir, 'tmp')).length;
  const within = (at: number) => pgDown.some((w) => at >= w.from - 500 && at <= w.to + 5000);
  const wrong503 = readiness.filter((r) => r.status === 503 && !within(r.at)).length;
  const failedDocs = docs.filter((d) => d.status === 'failed');
  for (const d of failedDocs) console.error(`failed document ${d.id}: ${d.error}`);
  for (const r of runs.filter((r) => r.status !== 'completed')) console.error(`analysis ${r.status}: ${r.error ?? ''}`);

  const checks: [string, number | string, boolean][] = [
    ['processes that exited on their own', fleet.ownExits.length, fleet.ownExits.length === 0],
    ['uploads answered 200 and not in the store', [...client.stats.uploaded].filter((id) => !byId.has(id)).length, false],
    ['confirmed documents not ready', [...client.stats.confirmed].filter((id) => byId.get(id)?.status !== 'ready').length, false],
    ['documents failed (every upload is a good one)', failedDocs.length, false],
    ['documents charged twice', [...chargedTimes.values()].filter((n) => n > 1).length, false],
    ['analyses not completed', `${runs.filter((r) => r.status !== 'completed').length} of ${runs.length}`, runs.every((r) => r.status === 'completed')],
    ['orphan files after the sweep (it removed)', `${orphans} (${swept})`, orphans === 0],
    [
      'authentication p99 while Redis was down, right / wrong key (ms)',
      `${p99(auth.right)} / ${p99(auth.wrong)}`,
      p99(auth.right) < 100 && p99(auth.wrong) < 100,
    ],
    ['rate limits shared through Redis again after it returned', sharedAgain ? 'yes' : 'no', sharedAgain],
    ['/readyz 503 outside PostgreSQL outages (+5 s)', `${wrong503} of ${readiness.length} probes`, wrong503 === 0],
    ['ready again after PostgreSQL returned (ms)', backAfter.join(', ') || 'n/a', backAfter.every((ms) => ms <= 5000)],
  ];
  for (const c of checks) if (c[2] === false && typeof c[1] === 'number') c[2] = c[1] === 0;
  console.log(`\n| fault suite on ${STORE} | | |\n|---|---:|---|`);
  for (const [what, value, ok] of checks) console.log(`| ${what} | ${value} | ${ok ? 'ok' : 'FAILED'} |`);
  console.log(`| requests answered 5xx / not answered (during faults) | ${client.stats.errors5xx} / ${client.stats.unanswered} | |`);
  console.log(`| documents in flight at a kill, tried again alone | ${docs.filter((d) => d.soloAttempts > 0).length} | |`);
  console.log(
    `| API ready after a restart, median / max (ms) | ${[...restarts].sort((a, b) => a - b)[restarts.length >> 1] ?? 0} / ${Math.max(0, ...restarts)} | |`,
  );
  console.log(`| total run time | ${((Date.now() - started) / 1000).toFixed(0)} s | |`);
  const failed = checks.filter((c) => !c[2]).length;
  if (failed > 0) {
    console.error(`\nfault suite on ${STORE}: ${failed} of ${checks.length} checks FAILED`);
    return 1;
  }
  console.log(`\nfault suite on ${STORE}: all ${checks.length} checks hold`);
  return 0;
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

await main();
