/**
 * What the benches that run sift in a process of its own share: a free port, a compiled server
 * started and awaited on `/readyz`, its memory, and a client for its surfaces.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** A median with the range of `xs`, as the benches' tables show it: `12.3 (11.0-14.2)`. */
export const medianRange = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
/** A markdown table row: `name`, then per column (values, digits) its medianRange. */
export const medianRow = (name: string, columns: [number[], number][]) => `| ${name} | ${columns.map(([xs, digits]) => medianRange(xs, digits)).join(' | ')} |`;

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** Rate limits out of the way: a bench measures speed, not the limits. */
export const NO_LIMITS = Object.fromEntries(
  ['READ', 'WRITE', 'ACCOUNT', 'ACCOUNT_UPLOAD', 'PARTNER', 'PARTNER_UPLOAD', 'ADMIN', 'FAILED_AUTH'].map((b) => [`SIFT_RATE_LIMIT_${b}`, '1000000000']),
);

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Launch to the first 200 on /readyz, in milliseconds. */
  startMs: number;
  /** VmRSS of the process (its threads included), in MB. */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts `node <args>` (by default the compiled `sift serve`) on a free port and waits for its first 200 on /readyz. */
export async function startServer(env: Record<string, string>, args = [path.join(ROOT, 'dist/cli/main.js'), 'serve']): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {}
    if (child.exitCode !== null || performance.now() - started > 60_000) {
      await stop();
      throw new Error(`the server did not start:\n${out}`);
    }
    await sleep(5);
  }
  const startMs = performance.now() - started;
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { child, base, startMs, rss, stop };
}

/** CPU time (ms) a process has used so far, all its threads together (Linux, 100 clock ticks a second). */
const cpuMs = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/** Waits until a process uses under 5% of a core over half a second (its background loading done), 30 s at most. */
export async function untilIdle(pid: number): Promise<void> {
  const started = performance.now();
  let before = cpuMs(pid);
  while (performance.now() - started < 30_000) {
    await sleep(500);
    const now = cpuMs(pid);
    if (now - before < 25) return;
    before = now;
  }
}

/** A JSON action on one of the server's surfaces; anything but 200 throws with the answer. */
export function client(base: string) {
  return async (surface: string, key: string, body: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/sift-${surface}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${body.action}: ${res.status} ${await res.text()}`);
    return (await res.json()) as any;
  };
}

/** The PostgreSQL server the benches use (DATABASE_URL, or this machine's `test` database). */
export const PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new, empty database on that server, for one bench run: its URL, and how to drop it. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(PG);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A project of `texts` on a running server, as a user makes it: an account with credits, the
 * files uploaded twenty at a time through the account key, their price confirmed, and every
 * document `ready`. Answers the account key, the project, a status reader, and the seconds from
 * the confirmation to the last document ready.
 */
export async function readyProject(base: string, adminToken: string, texts: string[]) {
  const post = client(base);
  const { user } = await post('admin', adminToken, { action: 'create_user', email: 'bench@example.com' });
  const { account } = await post('admin', adminToken, { action: 'create_account', name: 'Bench', ownerUserId: user.id, credits: 10_000_000 });
  const { project } = await post('admin', adminToken, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Bench' });
  const key = (await post('admin', adminToken, { action: 'create_account_key', accountId: account.id, userId: user.id })).key as string;
  for (let from = 0; from < texts.length; from += 20) {
    const form = new FormData();
    for (const [i, t] of texts.slice(from, from + 20).entries()) form.append('file', new Blob([t]), `interview-${from + i}.txt`);
    const r = await fetch(`${base}/api/sift-account/upload?projectId=${project.id}`, {
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
  return { post, key, project: project as { id: string }, status, processingSeconds: (performance.now() - confirmed) / 1000 };
}

/** Waits for an analysis to complete (throws if it fails), reading a project's status. */
export async function analysisCompleted(status: () => Promise<{ analyses: { id: string; status: string }[] }>, id: string): Promise<void> {
  for (;;) {
    const a = (await status()).analyses.find((x) => x.id === id);
    if (a?.status === 'completed') return;
    if (a?.status === 'failed') throw new Error('the analysis failed');
    await sleep(250);
  }
}
