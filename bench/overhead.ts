/**
 * The API's own overhead (issue 29): `get_project` on a sift server in a process of its own (no
 * background workers) beside a bare Fastify route answering the same body in a process of its
 * own, with autocannon in a third process at 32 connections; three rounds, alternated, medians
 * (ranges), and the CPU each server process spent per request (from /proc, user + system).
 *
 *   npm run build && npx tsx bench/overhead.ts               # SQLite
 *   npm run build && STORE=postgres npx tsx bench/overhead.ts
 *
 * Targets: get_project at least 0.5x the bare route's requests/s; CPU per request at most 1.7x.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { client, freshDatabase, medianRange, NO_LIMITS, ROOT, startServer, type ServerProcess } from './server-process.js';

const ADMIN = 'overhead-bench-operator-token';
const DURATION = Number(process.env.DURATION ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const run = promisify(execFile);
const TICKS = 100; // clock ticks a second (getconf CLK_TCK on Linux)

/** User + system CPU seconds a process has spent, its threads included. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

async function load(server: ServerProcess, url: string, headers: string[], body: string): Promise<{ rps: number; cpuPerRequest: number }> {
  const args = [path.join(ROOT, 'node_modules/autocannon/autocannon.js'), '--json', '-c', '32', '-d', String(DURATION), '-m', 'POST', '-b', body];
  for (const h of ['content-type=application/json', ...headers]) args.push('-H', h);
  const before = cpuSeconds(server.child.pid!);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 64 * 1024 * 1024 });
  const spent = cpuSeconds(server.child.pid!) - before;
  const r = JSON.parse(stdout) as { requests: { average: number; total: number }; non2xx: number; errors: number };
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, cpuPerRequest: spent / r.requests.total };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-overhead-'));
  const postgres = process.env.STORE === 'postgres';
  const database = postgres ? await freshDatabase('overhead') : null;
  const databaseUrl = database?.url;
  const sift = await startServer({
    SIFT_DATA_DIR: work,
    SIFT_ADMIN_TOKEN: ADMIN,
    SIFT_WORKERS: '0',
    ...NO_LIMITS,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const bareFile = path.join(work, 'bare.cjs');
  let bare: ServerProcess | null = null;
  try {
    const post = client(sift.base);
    const { user } = await post('admin', ADMIN, { action: 'create_user', email: 'overhead@example.com' });
    const { account } = await post('admin', ADMIN, { action: 'create_account', name: 'Overhead', ownerUserId: user.id });
    const { project } = await post('admin', ADMIN, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Overhead' });
    const key = (await post('admin', ADMIN, { action: 'create_project_key', projectId: project.id, userId: user.id, access: 'read' })).key as string;
    const answer = await post('read', key, { action: 'get_project' });
    fs.writeFileSync(
      bareFile,
      `const Fastify = require(${JSON.stringify(path.join(ROOT, 'node_modules/fastify'))});
const app = Fastify();
const body = ${JSON.stringify(answer)};
app.get('/readyz', async () => ({ ready: true }));
app.post('/api/sift-read', async () => body);
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`,
    );
    bare = await startServer({}, [bareFile]);
    const body = '{"action":"get_project"}';
    const auth = [`authorization=Bearer ${key}`];
    await load(sift, `${sift.base}/api/sift-read`, auth, body);
    await load(bare, `${bare.base}/api/sift-read`, auth, body);
    const rows = { bare: [] as { rps: number; cpuPerRequest: number }[], sift: [] as { rps: number; cpuPerRequest: number }[] };
    for (let round = 0; round < ROUNDS; round++) {
      rows.bare.push(await load(bare, `${bare.base}/api/sift-read`, auth, body));
      rows.sift.push(await load(sift, `${sift.base}/api/sift-read`, auth, body));
    }
    const rps = (r: typeof rows.bare) => r.map((x) => x.rps);
    const cpu = (r: typeof rows.bare) => r.map((x) => x.cpuPerRequest * 1e6);
    const ratios = rows.sift.map((s, i) => s.rps / rows.bare[i]!.rps);
    const cpuRatios = rows.sift.map((s, i) => s.cpuPerRequest / rows.bare[i]!.cpuPerRequest);
    console.log(
      `\n${postgres ? 'PostgreSQL' : 'SQLite'}, 32 connections, ${DURATION} s a run, ${ROUNDS} rounds, Node ${process.version}, ${os.cpus().length} cores\n`,
    );
    console.log('| route | req/s, median (range) | CPU µs per request | throughput vs bare | CPU vs bare |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(`| bare Fastify, same body | ${medianRange(rps(rows.bare))} | ${medianRange(cpu(rows.bare))} | 1.00 | 1.00 |`);
    console.log(
      `| sift get_project | ${medianRange(rps(rows.sift))} | ${medianRange(cpu(rows.sift))} | ${medianRange(ratios, 2)} | ${medianRange(cpuRatios, 2)} |`,
    );
  } finally {
    await sift.stop();
    await bare?.stop();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
