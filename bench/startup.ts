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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, ROOT, sleep, startServer } from './server-process.js';

const RUNS = Number(process.env.RUNS ?? 5);

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
