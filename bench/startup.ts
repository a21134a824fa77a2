/**
 * From launch to the first answer (issues 29 and 45): `sift serve` (the compiled service) with an
 * empty data folder and again on the same folder, `npm start` on that folder (what a user runs:
 * npm, the build check, then the same server), beside a bare Fastify server in a process of its
 * own, launched by `node` and by `npm start` (so that `npm start` has a baseline launched the same
 * way); each launched RUNS times (5), alternated, medians (ranges). Then the server's memory at
 * idle, five seconds after its first answer (VmRSS, threads included), and the machine's 1-minute
 * load before and after.
 *
 *   npm run build && npx tsx bench/startup.ts
 *   BUSY=2 npx tsx bench/startup.ts                 # two CPU-spinning processes beside every launch
 *   COMPARE=/tmp/other-checkout npx tsx bench/startup.ts   # another built checkout, alternated with this one
 *
 * Target (issue 45): a second start within 3× a bare Fastify server's start, quiet and with BUSY=2.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, median, ROOT, sleep, startServer } from './server-process.js';

const RUNS = Number(process.env.RUNS ?? 5);
const BUSY = Number(process.env.BUSY ?? 0);
const COMPARE = (process.env.COMPARE ?? '').split(',').filter(Boolean);

const BARE = `
const Fastify = require(${JSON.stringify(path.join(ROOT, 'node_modules/fastify'))});
const app = Fastify();
app.get('/readyz', async () => ({ ready: true }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Launches a server and times it to its first 200 on /readyz; with `idleMs`, also its RSS that long after. */
async function launch(args: string[], env: Record<string, string>, idleMs = 0): Promise<{ ms: number; rss: number }> {
  const server = await startServer(env, args);
  try {
    if (idleMs > 0) await sleep(idleMs);
    return { ms: server.startMs, rss: idleMs > 0 ? server.rss() : 0 };
  } finally {
    await server.stop();
  }
}

/** `npm start` in `root` (its build check, then the server), timed to its first 200 on /readyz; the whole process group stopped after. */
async function npmStart(root: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return performance.now() - started;
      } catch {}
      if (child.exitCode !== null || performance.now() - started > 120_000) throw new Error(`npm start did not start:\n${out}`);
      await sleep(5);
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const load1 = () => os.loadavg()[0]!.toFixed(2);

async function main() {
  const bareFile = path.join(os.tmpdir(), `sift-bare-${process.pid}.cjs`);
  fs.writeFileSync(bareFile, BARE);
  const roots = [ROOT, ...COMPARE.map((r) => path.resolve(r))];
  const env = (dir: string) => ({ SIFT_DATA_DIR: dir, LOG_LEVEL: 'silent' });
  // The same bare server as a package whose `npm start` runs it.
  const bareNpm = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bare-npm-'));
  fs.writeFileSync(path.join(bareNpm, 'server.cjs'), BARE);
  fs.writeFileSync(path.join(bareNpm, 'package.json'), JSON.stringify({ name: 'bare', private: true, scripts: { start: 'node server.cjs' } }));
  const bare: number[] = [];
  const bareByNpm: number[] = [];
  const rows = roots.map(() => ({ empty: [] as number[], second: [] as number[], npm: [] as number[] }));
  const dirs: string[] = [];
  const busy: ChildProcess[] = [];
  // Each in a session of its own: with the kernel's autogroups, a spinner in the bench's session
  // slowed only what was launched in that session (`serve`, bare Fastify), not `npm start`'s own.
  for (let i = 0; i < BUSY; i++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true }));
  const loadBefore = load1();
  try {
    for (let i = 0; i < RUNS; i++) {
      bare.push((await launch([bareFile], {})).ms);
      bareByNpm.push(await npmStart(bareNpm, {}));
      for (const [r, root] of roots.entries()) {
        const serve = [path.join(root, 'dist/cli/main.js'), 'serve'];
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-startup-'));
        dirs.push(dir);
        rows[r]!.empty.push((await launch(serve, env(dir))).ms);
        rows[r]!.second.push((await launch(serve, env(dir))).ms);
        rows[r]!.npm.push(await npmStart(root, env(dir)));
      }
    }
    const idle = await launch([path.join(ROOT, 'dist/cli/main.js'), 'serve'], env(dirs[0]!), 5000);
    const bareIdle = await launch([bareFile], {}, 5000);
    const fmt = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s (${(Math.min(...xs) / 1000).toFixed(2)}-${(Math.max(...xs) / 1000).toFixed(2)})`;
    const vs = (xs: number[]) => `${(median(xs) / median(bare)).toFixed(1)}x`;
    console.log(
      `\n${RUNS} launches each, alternated, Node ${process.version}, ${os.cpus().length} cores, ${BUSY} busy processes beside; 1-minute load ${loadBefore} before, ${load1()} after\n`,
    );
    console.log('| launch to the first answer on /readyz | median (range) | vs bare Fastify |');
    console.log('|---|---:|---:|');
    console.log(`| bare Fastify | ${fmt(bare)} | 1.0x |`);
    console.log(`| bare Fastify, npm start | ${fmt(bareByNpm)} | ${vs(bareByNpm)} |`);
    for (const [r, root] of roots.entries()) {
      const label = r === 0 ? 'sift' : `sift (${root})`;
      console.log(`| ${label} serve, empty data folder | ${fmt(rows[r]!.empty)} | ${vs(rows[r]!.empty)} |`);
      console.log(`| ${label} serve, second start | ${fmt(rows[r]!.second)} | ${vs(rows[r]!.second)} |`);
      console.log(
        `| ${label} npm start, second start | ${fmt(rows[r]!.npm)} | ${vs(rows[r]!.npm)} (${(median(rows[r]!.npm) / median(bareByNpm)).toFixed(1)}x bare Fastify's npm start) |`,
      );
    }
    console.log(
      `\nRSS at idle, 5 s after the first answer: sift ${Math.round(idle.rss)} MB (server and worker threads), bare Fastify ${Math.round(bareIdle.rss)} MB`,
    );
  } finally {
    for (const b of busy) b.kill();
    fs.rmSync(bareFile, { force: true });
    fs.rmSync(bareNpm, { recursive: true, force: true });
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
