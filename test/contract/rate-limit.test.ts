import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import { makeTestApp, seedProject, ACCOUNT, ADMIN, ADMIN_TOKEN, PARTNER, READ, WRITE, type TestApp } from '../helpers/app.js';
import { parseConfig } from '../../src/config.js';
import { createApp, type App } from '../../src/app.js';

const LIMITS = {
  SIFT_RATE_LIMIT_READ: '3',
  SIFT_RATE_LIMIT_WRITE: '2',
  SIFT_RATE_LIMIT_ACCOUNT: '2',
  SIFT_RATE_LIMIT_PARTNER: '2',
};

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', LIMITS);
  });
  afterAll(() => t?.close());

  it('counts per project on the read and write surfaces, with headers and Retry-After', async () => {
    const a = await seedProject(t);
    const b = await seedProject(t);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await t.post(READ, a.readKey, { action: 'get_project' }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
    expect(Number(answers[0]!.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[3]!.json()).toEqual({ error: expect.stringContaining('rate limit') });
    // The edit key of the same project shares the project's count; another project does not.
    expect((await t.post(READ, a.editKey, { action: 'get_project' })).statusCode).toBe(429);
    expect((await t.post(READ, b.readKey, { action: 'get_project' })).statusCode).toBe(200);
    const writes = [];
    for (let i = 0; i < 3; i++)
      writes.push((await t.post(WRITE, b.editKey, { action: 'manage_insights', operation: 'create', categories: [], text: 'x' })).statusCode);
    expect(writes).toEqual([200, 200, 429]);
  });

  it('counts per account on the account surface and per partner on the partner surface', async () => {
    const a = await seedProject(t);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.post(ACCOUNT, a.accountKey, { action: 'get_project_status', projectId: a.projectId })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const p1 = (await t.admin('create_partner', { name: 'one' })).secret;
    const p2 = (await t.admin('create_partner', { name: 'two' })).secret;
    const partnerStatuses = [];
    for (let i = 0; i < 3; i++) partnerStatuses.push((await t.post(PARTNER, p1, { action: 'list_accounts' })).statusCode);
    expect(partnerStatuses).toEqual([200, 200, 429]);
    expect((await t.post(PARTNER, p2, { action: 'list_accounts' })).statusCode).toBe(200);
  });
});

describe('credentials cannot be guessed at full speed', () => {
  it('past SIFT_RATE_LIMIT_FAILED_AUTH wrong credentials an address gets 429 for wrong ones, while its valid keys still pass', async () => {
    const t = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '3' });
    try {
      const f = await seedProject(t);
      const wrong = [];
      for (let i = 0; i < 4; i++) wrong.push((await t.post(READ, `sift_wrong${i}`, { action: 'get_project' })).statusCode);
      expect(wrong).toEqual([401, 401, 401, 429]);
      const refused = await t.post(ACCOUNT, 'sift_wrong', { action: 'list_projects' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['sift-error-code']).toBe('rate_limited');
      // Keys are never refused for failures that were not their own: every valid credential passes.
      expect((await t.post(READ, f.readKey, { action: 'get_project' })).statusCode).toBe(200);
      expect((await t.post(ACCOUNT, f.accountKey, { action: 'list_projects' })).statusCode).toBe(200);
      expect((await t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: 'x@example.com' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('wrong operator tokens count however the path is spelled; past the limit they get 429, while the right token still passes', async () => {
    const t = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '3' });
    try {
      const f = await seedProject(t);
      const spelled = ['/api/sift%2Dadmin', '/api/%73ift-admin', '/api/sift-%61dmin', '/api/sift-admin'];
      const wrong = [];
      for (const url of spelled) wrong.push((await t.post(url, 'a-guess-at-the-operator-token', { action: 'list_users' })).statusCode);
      expect(wrong).toEqual([401, 401, 401, 429]);
      const refused = await t.post(ADMIN, 'another-guess-at-the-token', { action: 'list_users' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Nobody sharing the operator's address can lock the operator out.
      expect((await t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: 'y@example.com' })).statusCode).toBe(200);
      // The keys of that address pass too.
      expect((await t.post(READ, f.readKey, { action: 'get_project' })).statusCode).toBe(200);
      // Encoded paths of the other surfaces count as theirs too.
      expect((await t.post('/api/%73ift-read', 'sift_wrong', { action: 'get_project' })).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it("counts failures by the client's address: the connection's, or X-Forwarded-For's only behind a proxy SIFT_TRUST_PROXY names", async () => {
    const wrongFrom = (t: Awaited<ReturnType<typeof makeTestApp>>, forwarded: string) =>
      t.post(READ, 'sift_wrong', { action: 'get_project' }, { 'x-forwarded-for': forwarded });
    const trusted = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '2', SIFT_TRUST_PROXY: '127.0.0.1' });
    const untrusted = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '2' });
    try {
      const behindProxy = [];
      for (const client of ['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.2']) behindProxy.push((await wrongFrom(trusted, client)).statusCode);
      expect(behindProxy).toEqual([401, 401, 429, 401]);
      const direct = [];
      for (const client of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) direct.push((await wrongFrom(untrusted, client)).statusCode);
      expect(direct).toEqual([401, 401, 429]);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });

  it('the operator surface has a rate limit of its own (SIFT_RATE_LIMIT_ADMIN)', async () => {
    const t = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_ADMIN: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: `op${i}@example.com` })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

// CI must test the shared limits: there a missing REDIS_URL is a failure, not a skip.
if (process.env.CI === 'true' && !process.env.REDIS_URL) throw new Error('CI=true: the Redis suite needs REDIS_URL (.ci/run sets it)');

describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  it('two API processes on one store count together', async () => {
    const one = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_READ: '4', REDIS_URL: process.env.REDIS_URL! });
    const config = parseConfig({ SIFT_RATE_LIMIT_READ: '4', REDIS_URL: process.env.REDIS_URL!, SIFT_WORKERS: '0', SIFT_DATA_DIR: os.tmpdir() });
    const two = await createApp(config, { store: one.app.store });
    try {
      const f = await seedProject(one);
      const call = (app: App) =>
        app.server.inject({
          method: 'POST',
          url: READ,
          headers: { authorization: `Bearer ${f.readKey}`, 'content-type': 'application/json' },
          payload: '{"action":"get_project"}',
        });
      const statuses = [];
      for (const app of [one.app, two, one.app, two, one.app]) statuses.push((await call(app)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
