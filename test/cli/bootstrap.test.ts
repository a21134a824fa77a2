import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, ACCOUNT, PARTNER, READ, WRITE, type TestApp } from '../helpers/app.js';
import { bootstrapIfEmpty, describeDemo } from '../../src/cli/bootstrap.js';
import { parseAdminArgs } from '../../src/cli/admin-args.js';

describe('first-start bootstrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('creates a demo project whose printed keys work, once', async () => {
    const demo = await bootstrapIfEmpty(t.app.store);
    expect(demo).not.toBeNull();
    expect(await bootstrapIfEmpty(t.app.store)).toBeNull();
    const text = describeDemo(demo!, 'http://127.0.0.1:8080');
    const curl = text.split('\n').find((l) => l.includes('curl'))!;
    expect(curl).toContain(demo!.readKey);
    expect((await t.post(READ, demo!.readKey, { action: 'get_project' })).statusCode).toBe(200);
    expect((await t.post(WRITE, demo!.editKey, { action: 'create_note', targetType: 'document', targetId: 'D1', text: 'x' })).statusCode).not.toBe(401);
    expect((await t.post(ACCOUNT, demo!.accountKey, { action: 'get_project_status', projectId: demo!.projectId })).statusCode).toBe(200);
    expect((await t.post(PARTNER, demo!.partnerSecret, { action: 'list_accounts' })).statusCode).toBe(200);
  });
});

describe('sift admin arguments', () => {
  it('types members from the schema and validates like the HTTP surface', () => {
    expect(parseAdminArgs(['create_account', '--name', 'Team', '--ownerUserId', '0b0c5a4e-8d1f-4c1e-9f1a-2b3c4d5e6f70', '--credits', '25'])).toEqual({
      action: 'create_account',
      name: 'Team',
      ownerUserId: '0b0c5a4e-8d1f-4c1e-9f1a-2b3c4d5e6f70',
      credits: 25,
    });
    expect(() => parseAdminArgs(['create_account', '--name', 'Team'])).toThrow(/ownerUserId/);
    expect(() => parseAdminArgs(['create_user', '--email', 'a@b.co', '--bogus', '1'])).toThrow(/bogus/);
    expect(() => parseAdminArgs(['nope'])).toThrow(/unknown action/);
    expect(() => parseAdminArgs([])).toThrow(/usage/);
  });
});

describe('a first start that cannot listen', () => {
  it('says the port is taken in a sentence and makes no keys; the next start makes and shows them', async () => {
    const { spawn } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const net = await import('node:net');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-first-start-'));
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as import('node:net').AddressInfo).port;
    const serve = (onPort: number) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--workers', '0'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        // Its own empty SQLite store, whatever store the suite's environment names.
        env: { ...process.env, DATABASE_URL: '', SIFT_DATA_DIR: dataDir, PORT: String(onPort), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out = { stdout: '', stderr: '' };
      child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
      return { child, out, exited: new Promise<number | null>((r) => child.on('exit', r)) };
    };
    try {
      const first = serve(port);
      expect(await first.exited).toBe(1);
      expect(first.out.stderr.trim()).toBe(
        `sift: port ${port} on 127.0.0.1 is in use by another program: stop it, or start sift on another port (PORT=8081 npm start)`,
      );
      expect(first.out.stdout).not.toMatch(/key/);
      taken.close();
      const second = serve(port);
      try {
        for (let i = 0; i < 300 && !/account key +sift_/.test(second.out.stdout); i++) await new Promise((r) => setTimeout(r, 100));
        expect(second.out.stdout, second.out.stderr).toMatch(/first start — a demo project and keys were created/);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
