import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp, READ, seedProject, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

/**
 * A start loads what search reads (its language's data, the vectors of the projects processed
 * last) once it listens, and says ready only then (issue 45): the process answers /healthz
 * meanwhile, and the first search after /readyz says ready answers.
 */
describe.each(STORE_KINDS)('search loaded at start on %s', (kind) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it.skipIf(skipKind(kind))(
    'answers /healthz while it loads, says ready once loaded, and the first search then answers',
    async () => {
      const t = await makeTestApp(kind);
      apps.push(t);
      const f = await seedProject(t);
      await uploadReady(
        t,
        f,
        TRANSCRIPTS.slice(0, 3).map((x) => ({ filename: x.filename, content: x.text })),
      );
      let loaded = false;
      const warming = t.app.warm().then(() => {
        loaded = true;
      });
      const live = await t.app.server.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(loaded).toBe(false);
      for (;;) {
        const ready = await t.app.server.inject({ method: 'GET', url: '/readyz' });
        if (ready.statusCode === 200) break;
        // Still loading past the probe's two seconds: named, and asked again later.
        expect(ready.json()).toEqual({ status: 'unavailable', down: ['search'] });
      }
      expect(loaded).toBe(true);
      const search = await t.post(READ, f.readKey, { action: 'search', query: 'the yearly price is expensive' });
      expect(search.statusCode, search.body).toBe(200);
      expect(search.json().results[0].text).toContain('price');
      await warming;
    },
    60_000,
  );

  it.skipIf(skipKind(kind))('as `serve` starts (warming before it is ready): not ready until its warm-up is called and done', async () => {
    const t = await makeTestApp(kind, {}, { warmsBeforeReady: true });
    apps.push(t);
    await seedProject(t);
    const before = await t.app.server.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'unavailable', down: ['search'] });
    expect((await t.app.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.app.warm();
    const after = await t.app.server.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
  });

  it.skipIf(skipKind(kind))('says ready where nothing is searchable yet', async () => {
    const t = await makeTestApp(kind);
    apps.push(t);
    await seedProject(t);
    await t.app.warm();
    const ready = await t.app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});
