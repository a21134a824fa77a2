import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_TOKEN, makeTestApp, type TestApp } from '../helpers/app.js';
import { makeLoggedApp } from '../helpers/logged-app.js';
import { FORWARDED_WITHOUT_TRUST } from '../../src/http/proxy-warning.js';
import { isOperatorToken } from '../../src/http/credential-guard.js';

/** Issue 41, part 5: nobody can lock the operator out by guessing from the operator's address. */
describe('the operator token past the failed-credential limit (the default 30 a minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '30' });
  });
  afterAll(() => t?.close());

  const signIn = (key: string) =>
    t.app.server.inject({
      method: 'POST',
      url: '/console/session',
      headers: { host: 'console.test', origin: 'http://console.test', 'x-sift-console': '1', 'content-type': 'application/json' },
      payload: JSON.stringify({ key }),
    });

  it('35 wrong tokens on the operator surface, then the right one: 200; the 36th wrong one: 429', async () => {
    const wrong: number[] = [];
    for (let i = 0; i < 35; i++) wrong.push((await t.post(ADMIN, `wrong-operator-token-${i}`, { action: 'list_users' })).statusCode);
    expect(wrong).toEqual([...Array(30).fill(401), ...Array(5).fill(429)]);
    const right = await t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: 'operator-passes@example.com' });
    expect(right.statusCode, right.body).toBe(200);
    const sixth = await t.post(ADMIN, 'wrong-operator-token-35', { action: 'list_users' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['sift-error-code']).toBe('rate_limited');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('at the console: 35 wrong sign-ins, then the operator token signs in; the 36th wrong one: 429', async () => {
    // The same address as above, already past its limit: the console counts on the same buckets.
    const wrong: number[] = [];
    for (let i = 0; i < 35; i++) wrong.push((await signIn(`wrong-operator-token-${i}`)).statusCode);
    expect(wrong.every((s) => s === 429)).toBe(true);
    const right = await signIn(ADMIN_TOKEN);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ kind: 'operator' });
    expect((await signIn('wrong-operator-token-35')).statusCode).toBe(429);
  });

  it('on a fresh address count, the console sign-in also goes 401 to 429 and lets the operator token through', async () => {
    const fresh = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '30' });
    try {
      const attempt = (key: string) =>
        fresh.app.server.inject({
          method: 'POST',
          url: '/console/session',
          headers: { host: 'console.test', origin: 'http://console.test', 'x-sift-console': '1', 'content-type': 'application/json' },
          payload: JSON.stringify({ key }),
        });
      const wrong: number[] = [];
      for (let i = 0; i < 35; i++) wrong.push((await attempt(`wrong-operator-token-${i}`)).statusCode);
      expect(wrong).toEqual([...Array(30).fill(401), ...Array(5).fill(429)]);
      expect((await attempt(ADMIN_TOKEN)).statusCode).toBe(200);
      expect((await attempt('wrong-operator-token-35')).statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('isOperatorToken', () => {
  it('matches the token only, whatever the lengths of the guesses', () => {
    const token = 'test-operator-token-0123456789';
    expect(isOperatorToken(token, token)).toBe(true);
    for (const guess of [null, '', 't', token.slice(0, -1), `${token}x`, token.toUpperCase(), 'x'.repeat(10_000)])
      expect(isOperatorToken(guess, token)).toBe(false);
  });
});

describe('a proxy SIFT_TRUST_PROXY does not name', () => {
  it('is logged once, at the first request that carries X-Forwarded-For, and listed in /readyz from then on (still ready)', async () => {
    const { app, logs, close } = await makeLoggedApp('sqlite');
    try {
      const before = await app.server.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ status: 'ready' });
      expect(logs.filter((l) => l.msg === FORWARDED_WITHOUT_TRUST)).toEqual([]);

      for (let i = 0; i < 3; i++) await app.server.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      const warned = logs.filter((l) => l.msg === FORWARDED_WITHOUT_TRUST);
      expect(warned).toHaveLength(1);
      expect(warned[0]!.level).toBe(40);
      expect(warned[0]!.reqId).toBeDefined();

      const after = await app.server.inject({ method: 'GET', url: '/readyz' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ready', warnings: [FORWARDED_WITHOUT_TRUST] });
    } finally {
      await close();
    }
  });

  it('says nothing when SIFT_TRUST_PROXY is set', async () => {
    const { app, logs, close } = await makeLoggedApp('sqlite', { SIFT_TRUST_PROXY: '127.0.0.1' });
    try {
      await app.server.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.7' } });
      const ready = await app.server.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready' });
      expect(logs.filter((l) => l.msg === FORWARDED_WITHOUT_TRUST)).toEqual([]);
    } finally {
      await close();
    }
  });
});
