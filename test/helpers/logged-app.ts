import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseConfig } from '../../src/config.js';
import { createApp, type App } from '../../src/app.js';
import { ADMIN_TOKEN } from './app.js';
import { openTestStore, type StoreKind } from './stores.js';

/** One line of the server's JSON log. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/**
 * An app on a fresh store whose log (at `level` and above) is kept in `logs`, for tests of what
 * an operator reads there. Limits are as high as makeTestApp's unless `env` sets them.
 */
export async function makeLoggedApp(
  kind: StoreKind,
  env: Record<string, string> = {},
  level: 'info' | 'warn' = 'warn',
): Promise<{ app: App; logs: LogLine[]; close(): Promise<void> }> {
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-logged-'));
  const store = await openTestStore(kind);
  const high = '100000';
  const config = parseConfig({
    SIFT_DATA_DIR: dataDir,
    SIFT_ADMIN_TOKEN: ADMIN_TOKEN,
    SIFT_WORKERS: '0',
    SIFT_RATE_LIMIT_ADMIN: high,
    SIFT_RATE_LIMIT_WRITE: high,
    SIFT_RATE_LIMIT_ACCOUNT: high,
    SIFT_RATE_LIMIT_ACCOUNT_UPLOAD: high,
    SIFT_RATE_LIMIT_FAILED_AUTH: high,
    ...env,
  });
  // Fastify takes a destination stream in its logger options; the app's type names only the level.
  const app = await createApp(config, { store, logger: { level, stream } as never });
  return {
    app,
    logs,
    async close() {
      await app.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
