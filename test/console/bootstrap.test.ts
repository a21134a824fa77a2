import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { bootstrapIfEmpty, describeDemo } from '../../src/cli/bootstrap.js';

describe('first start and the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('prints the console address, where the printed account key signs in', async () => {
    const demo = (await bootstrapIfEmpty(t.app.store))!;
    const lines = describeDemo(demo, 'http://127.0.0.1:8080').split('\n');
    const at = lines.findIndex((l) => /console/i.test(l));
    expect(at).toBeGreaterThan(-1);
    expect(lines[at + 1]!.trim()).toBe('http://127.0.0.1:8080/');
    expect(lines.some((l) => l.includes(demo.accountKey))).toBe(true);
    const res = await t.app.server.inject({
      method: 'POST',
      url: '/console/session',
      headers: { host: 'localhost', origin: 'http://localhost', 'x-sift-console': '1', 'content-type': 'application/json' },
      payload: JSON.stringify({ key: demo.accountKey }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'account', user: { email: 'demo@sift.local' } });
  });
});
