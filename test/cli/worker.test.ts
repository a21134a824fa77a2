import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_URL, STORE_KINDS, skipKind } from '../helpers/stores.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `sift <args>` from source, as a separate process with its own output collected. */
function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function pgAdmin(sql: string) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

describe.each(STORE_KINDS)('API and workers as separate processes on %s', (kind) => {
  const running: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-procs-'));
  const database = `sift_procs_${crypto.randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
    if (kind === 'postgres' && !skipKind(kind)) await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skipKind(kind))(
    'sift serve --workers 0 leaves uploads to sift worker, which processes them and stops cleanly on SIGTERM',
    async () => {
      let databaseUrl = '';
      if (kind === 'postgres') {
        await pgAdmin(`CREATE DATABASE ${database}`);
        databaseUrl = Object.assign(new URL(DATABASE_URL), { pathname: `/${database}` }).toString();
      }
      const env = {
        ...{ SIFT_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SIFT_ADMIN_TOKEN: 'test-operator-token-0123456789' },
        SIFT_RATE_LIMIT_ACCOUNT: '100000',
      };
      const api = start(['serve', '--workers', '0'], env);
      running.push(api.child);
      const base = await until('the API to print its address', () => api.out.stdout.match(/curl -s -X POST (http:\/\/[^ ]+)\/api\/sift-read/)?.[1]);
      const accountKey = api.out.stdout.match(/account key +(\S+)/)![1]!;
      const projectId = api.out.stdout.match(/project +\S+ \(([^)]+)\)/)![1]!;
      const account = async (body: Record<string, unknown>) => {
        const res = await fetch(`${base}/api/sift-account`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accountKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as Record<string, any>;
      };
      const form = new FormData();
      form.append('file', new Blob(['Interviewer: How was it?\nParticipant: The waiting list was long, but the staff were kind.']), 'a.txt');
      const uploaded = await fetch(`${base}/api/sift-account/upload?projectId=${projectId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accountKey}` },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const status = async () => (await account({ action: 'get_project_status', projectId })).documents[0].status as string;

      // The API process does no background work of its own.
      await new Promise((r) => setTimeout(r, 2500));
      expect(await status()).toBe('pending');

      const worker = start(['worker', '--concurrency', '1'], env);
      running.push(worker.child);
      await until('extraction by the worker', async () => ((await status()) === 'awaiting_confirmation' ? true : undefined));
      const { confirmableCreditCost } = await account({ action: 'get_project_status', projectId });
      await account({ action: 'confirm_documents', projectId, expectedCreditCost: confirmableCreditCost });
      await until('processing by the worker', async () => ((await status()) === 'ready' ? true : undefined));
      expect(worker.out.stdout).toContain('sift worker: 1 work loop(s)');

      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
    },
    120_000,
  );
});
