/**
 * From launch to the first answer (issue 29): `sift serve` (the compiled service, as `npm start`
 * runs it after its build check) with an empty data folder and again on the same folder, beside a
 * bare Fastify server in a process of its own; each launched five times, alternated, medians
 * (ranges). Then the server's memory at idle, five seconds after its first answer (VmRSS, threads
 * included).
 *
 *   npm run build && npx tsx bench/startup.ts
 *
 * Targets: a second start answers within 1.5 s, an empty data folder within 2.5 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const RUNS = Number(process.env.RUNS ?? 5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

const BARE = `
const Fastify = require(${JSON.stringify(path.join(ROOT, 'node_modules/fastify'))});
const app = Fastify();
app.get('/readyz', async () => ({ ready: true }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Launches a server and times it to its first 200 on /readyz; with `idle`, also its RSS that long after. */
async function launch(args: string[], env: Record<string, string>, idleMs = 0): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
      } catch {}
      if (child.exitCode !== null || performance.now() - started > 60_000) throw new Error(`no answer:\n${out}`);
      await sleep(5);
    }
    const ms = performance.now() - started;
    if (idleMs > 0) await sleep(idleMs);
    return { ms, rss: idleMs > 0 ? rssOf(child.pid!) : 0 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  const bareFile = path.join(os.tmpdir(), `sift-bare-${process.pid}.cjs`);
  fs.writeFileSync(bareFile, BARE);
  const serve = [path.join(ROOT, 'dist/cli/main.js'), 'serve'];
  const env = (dir: string) => ({ SIFT_DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const bare: number[] = [];
  const empty: number[] = [];
  const second: number[] = [];
  const dirs: string[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      bare.push((await launch([bareFile], {})).ms);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-startup-'));
      dirs.push(dir);
      empty.push((await launch(serve, env(dir))).ms);
      second.push((await launch(serve, env(dir))).ms);
    }
    const idle = await launch(serve, env(dirs[0]!), 5000);
    const bareIdle = await launch([bareFile], {}, 5000);
    const fmt = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} (${(Math.min(...xs) / 1000).toFixed(2)}-${(Math.max(...xs) / 1000).toFixed(2)})`;
    console.log(`\n${RUNS} launches each, alternated, Node ${process.version}, ${os.cpus().length} cores\n`);
    console.log('| launch to the first answer on /readyz | seconds, median (range) | vs bare Fastify |');
    console.log('|---|---:|---:|');
    console.log(`| bare Fastify | ${fmt(bare)} | 1.0x |`);
    console.log(`| sift serve, empty data folder | ${fmt(empty)} | ${(median(empty) / median(bare)).toFixed(1)}x |`);
    console.log(`| sift serve, second start | ${fmt(second)} | ${(median(second) / median(bare)).toFixed(1)}x |`);
    console.log(
      `\nRSS at idle, 5 s after the first answer: sift ${Math.round(idle.rss)} MB (server and worker threads), bare Fastify ${Math.round(bareIdle.rss)} MB`,
    );
  } finally {
    fs.rmSync(bareFile, { force: true });
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
