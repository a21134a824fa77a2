import { afterAll, beforeAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { parseConfig } from '../../src/config.js';
import { createApp, type App } from '../../src/app.js';
import { openTestStore, sharedTestStore, type StoreKind } from './stores.js';

export const ADMIN_TOKEN = 'test-operator-token-0123456789';

export interface TestApp {
  app: App;
  kind: StoreKind;
  /** POSTs a JSON body with a bearer credential. */
  post(path: string, token: string | null, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Calls an operator action and returns its answer (throws unless 200). */
  admin<T = Record<string, any>>(action: string, body?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/**
 * An app on a fresh store. By default the test holds the store and drives the workers with
 * `drain()`; with `threaded` the app opens the store itself and runs `SIFT_WORKERS` workers in
 * their own thread, as `sift serve` does.
 */
export async function makeTestApp(
  kind: StoreKind,
  env: Record<string, string> = {},
  options: { threaded?: boolean; warmsBeforeReady?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-test-'));
  const shared = options.threaded ? await sharedTestStore(kind, dataDir) : null;
  const store = shared ? null : await openTestStore(kind);
  const config = parseConfig({
    SIFT_DATA_DIR: dataDir,
    SIFT_ADMIN_TOKEN: ADMIN_TOKEN,
    SIFT_WORKERS: '0',
    // Contract tests fire many requests per project; rate-limit tests set their own limits.
    SIFT_RATE_LIMIT_READ: '100000',
    SIFT_RATE_LIMIT_WRITE: '100000',
    SIFT_RATE_LIMIT_ACCOUNT: '100000',
    SIFT_RATE_LIMIT_ACCOUNT_UPLOAD: '100000',
    SIFT_RATE_LIMIT_PARTNER: '100000',
    SIFT_RATE_LIMIT_PARTNER_UPLOAD: '100000',
    SIFT_RATE_LIMIT_WRITE_UPLOAD: '100000',
    SIFT_RATE_LIMIT_ADMIN: '100000',
    SIFT_RATE_LIMIT_FAILED_AUTH: '100000',
    SIFT_RATE_LIMIT_SIGN_IN: '100000',
    ...env,
  });
  const app = await createApp(config, { ...(shared ? { storeOptions: shared.options } : { store: store! }), warmsBeforeReady: options.warmsBeforeReady });
  const post: TestApp['post'] = (path, token, body, headers = {}) =>
    app.server.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    app,
    kind,
    post,
    async admin(action, body = {}) {
      const res = await post('/api/sift-admin', ADMIN_TOKEN, { action, ...body });
      if (res.statusCode !== 200) throw new Error(`admin ${action} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    async close() {
      await app.close();
      await store?.close();
      await shared?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Fixture {
  userId: string;
  accountId: string;
  projectId: string;
  projectShortId: string;
  editKey: string;
  readKey: string;
  accountKey: string;
}

/** A user with an account (1000 credits), a project they own, and one key of each kind. */
export async function seedProject(t: TestApp, email = `u${Math.random().toString(36).slice(2)}@example.com`): Promise<Fixture> {
  const { user } = await t.admin('create_user', { email, name: 'Test user' });
  const { account } = await t.admin('create_account', { name: 'Team', ownerUserId: user.id, credits: 1000 });
  const { project } = await t.admin('create_project', { accountId: account.id, ownerUserId: user.id, name: 'Interviews' });
  const editKey = (await t.admin('create_project_key', { projectId: project.id, userId: user.id, access: 'edit' })).key;
  const readKey = (await t.admin('create_project_key', { projectId: project.id, userId: user.id, access: 'read' })).key;
  const accountKey = (await t.admin('create_account_key', { accountId: account.id, userId: user.id })).key;
  return { userId: user.id, accountId: account.id, projectId: project.id, projectShortId: project.shortId, editKey, readKey, accountKey };
}

export const READ = '/api/sift-read';
export const WRITE = '/api/sift-write';
export const ACCOUNT = '/api/sift-account';
export const PARTNER = '/api/sift-partner';
export const ADMIN = '/api/sift-admin';

/**
 * A fresh app with a seeded project for the enclosing `describe`, closed after it. Tests read
 * `ctx.t` and `ctx.f` once `beforeAll` has run.
 */
export function useSeededApp(kind: StoreKind, env: Record<string, string> = {}): { t: TestApp; f: Fixture } {
  const ctx = {} as { t: TestApp; f: Fixture };
  beforeAll(async () => {
    ctx.t = await makeTestApp(kind, env);
    ctx.f = await seedProject(ctx.t);
  });
  afterAll(() => ctx.t?.close());
  return ctx;
}
