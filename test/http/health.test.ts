import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

describe.each(STORE_KINDS)('health endpoints on %s', (kind) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it.skipIf(skipKind(kind))('answer alive and ready without a credential when store, Redis and blobs answer', async () => {
    const t = await makeTestApp(kind, process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
    apps.push(t);
    const live = await t.app.server.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.statusCode).toBe(200);
  });

  it.skipIf(skipKind(kind))('answer 503 naming what is down (an unreachable bucket), and Redis as degraded, not down', async () => {
    const t = await makeTestApp(kind, {
      SIFT_BLOB_URL: 's3://sift-nowhere',
      SIFT_S3_ENDPOINT: 'http://127.0.0.1:9',
      SIFT_S3_ACCESS_KEY_ID: 'x',
      SIFT_S3_SECRET_ACCESS_KEY: 'y',
      REDIS_URL: 'redis://127.0.0.1:9',
    });
    apps.push(t);
    expect((await t.app.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ status: 'unavailable', down: ['blobs'], degraded: ['redis'] });
  });

  it.skipIf(skipKind(kind))('stay ready with Redis unreachable, saying the limits are degraded', async () => {
    const t = await makeTestApp(kind, { REDIS_URL: 'redis://127.0.0.1:9' });
    apps.push(t);
    const ready = await t.app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', degraded: ['redis'] });
  });
});
