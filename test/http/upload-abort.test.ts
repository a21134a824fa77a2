import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createApp } from '../../src/app.js';
import { adminOps } from '../../src/domain/admin.js';

describe('an upload the client abandons mid-body', () => {
  it('is no server error in the log, and leaves no document and no staged file', async () => {
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-abort-'));
    const app = await createApp(parseConfig({ SIFT_DATA_DIR: dataDir, SIFT_WORKERS: '0' }), { logger: { level: 'info', stream } as never });
    try {
      const store = app.store;
      const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'abort@example.com' });
      const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'T', ownerUserId: user.id, credits: 100 });
      const { project } = await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'P' });
      const { key } = await adminOps.create_account_key(store, { action: 'create_account_key', accountId: account.id, userId: user.id });
      const base = await app.server.listen({ port: 0, host: '127.0.0.1' });
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
      await new Promise((r) => socket.on('connect', r));
      const part = '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n';
      socket.write(
        `POST /api/sift-account/upload?projectId=${project.id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 10000000\r\n\r\n${part}${'x'.repeat(100_000)}`,
      );
      await new Promise((r) => setTimeout(r, 300));
      socket.destroy();
      // Time for the server to notice the closed connection and end the request (it logs nothing more at info).
      await new Promise((r) => setTimeout(r, 1500));
      expect(logged.some((l) => /incoming request/.test(l))).toBe(true);
      expect(logged.filter((l) => /"level":50/.test(l))).toEqual([]);
      expect(await store.db.selectFrom('documents').select('id').execute()).toEqual([]);
      const staged = path.join(dataDir, 'tmp');
      expect(fs.existsSync(staged) ? fs.readdirSync(staged) : []).toEqual([]);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
