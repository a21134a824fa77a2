import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, seedProject, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { uploadReady } from '../helpers/upload.js';

// Reading entities on the thread that answers HTTP froze every other request for seconds: here it
// throws, so only the worker thread (which loads the real module) can answer.
vi.mock('../../src/engine/entities/index.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/engine/entities/index.js')>()),
  entitiesOf: () => {
    throw new Error('entities read on the thread that answers HTTP');
  },
}));

describe('find_entities reads entities off the thread that answers HTTP', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
    f = await seedProject(t);
    await uploadReady(
      t,
      f,
      TRANSCRIPTS.map((x) => ({ filename: x.filename, content: x.text })),
    );
  });
  afterAll(() => t?.close());

  it('lists the entities read in a worker thread, and again from its cache', async () => {
    for (let round = 0; round < 2; round++) {
      const res = await t.post(READ, f.readKey, { action: 'find_entities' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().entities.length).toBeGreaterThan(0);
    }
  });
});
