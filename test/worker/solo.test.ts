import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { claimDocument } from '../../src/worker/lease.js';
import { extractionJob } from '../../src/worker/extract-document.js';
import { MAX_SOLO_ATTEMPTS, SoloGate } from '../../src/worker/solo.js';
import type { WorkerContext } from '../../src/worker/context.js';
import { parseConfig } from '../../src/config.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the solo gate', () => {
  it('runs a suspect only once the work in hand is done, and starts nothing beside it', async () => {
    const gate = new SoloGate();
    const events: string[] = [];
    let endFirst!: () => void;
    const first = gate.run(false, () => new Promise<void>((r) => (endFirst = r)).then(() => void events.push('first done')));
    const suspect = gate.run(true, async () => {
      events.push('suspect starts');
      await tick();
      events.push('suspect done');
    });
    const later = gate.run(false, async () => void events.push('later starts'));
    await tick();
    expect(events).toEqual([]);
    endFirst();
    await Promise.all([first, suspect, later]);
    expect(events).toEqual(['first done', 'suspect starts', 'suspect done', 'later starts']);
  });

  it('lets work run side by side when nobody is suspect', async () => {
    const gate = new SoloGate();
    let running = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3].map(() =>
        gate.run(false, async () => {
          most = Math.max(most, ++running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
  });
});

describe.each(STORE_KINDS)('documents in flight when their process stopped, on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let secret = '';
    let projectId = '';
    beforeAll(async () => {
      t = await makeTestApp(kind);
      secret = (await t.admin('create_partner', { name: 'P', credits: 1000 })).secret;
      const account = (await t.post('/api/sift-partner', secret, { action: 'create_account', email: 'solo@example.com' })).json().account;
      projectId = (await t.post('/api/sift-partner', secret, { action: 'create_project', accountId: account.id, name: 'S' })).json().project.id;
    });
    afterAll(() => t?.close());

    const addDocument = async (text: string) => {
      const res = await t.post('/api/sift-partner', secret, { action: 'add_documents', projectId, files: { documents: [{ filename: 'a.txt', text }] } });
      return res.json().documents[0].id as string;
    };
    const row = (id: string) =>
      t.app.store.db
        .selectFrom('documents')
        .select(['status', 'attempts', 'soloAttempts', 'error', 'leaseOwner'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    /** A process claims the document and dies: its lease runs out. */
    const dieHolding = async (id: string) => {
      expect((await claimDocument(t.app.store, 'pending', `dead-${Math.random()}`, 1))?.id).toBe(id);
      await new Promise((r) => setTimeout(r, 10));
    };

    it('are read again however often their process stopped while others were in hand', async () => {
      const id = await addDocument('Participant: a good file that happened to be in flight.');
      for (let i = 0; i < 5; i++) await dieHolding(id);
      await t.app.workers.drain();
      const done = await row(id);
      expect(done.status).toBe('awaiting_confirmation');
      expect(done.soloAttempts).toBe(1);
    });

    it('fail only after stopping their process each time they were tried alone', async () => {
      const id = await addDocument('Participant: a file that stops every process that reads it.');
      await dieHolding(id);
      await t.app.store.db.updateTable('documents').set({ soloAttempts: MAX_SOLO_ATTEMPTS }).where('id', '=', id).execute();
      await t.app.workers.drain();
      const failed = await row(id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/each time it was tried alone/);
    });

    it('are given back untouched when the database goes away during the work', async () => {
      const id = await addDocument('Participant: a file read while the database restarts.');
      const gone = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      const blobs = { ...t.app.blobs, get: () => Promise.reject(gone) };
      const ctx = {
        config: parseConfig({ SIFT_DATA_DIR: '/tmp' }),
        store: t.app.store,
        blobs,
        log: t.app.server.log,
        leaseMs: 60_000,
        owner: 'outage',
      } as unknown as WorkerContext;
      // An inline document has no blob to read: make the read fail as the database would.
      await t.app.store.db.updateTable('documents').set({ blobKey: 'p/outage' }).where('id', '=', id).execute();
      expect(await extractionJob.run(ctx)).toBe(true);
      const after = await row(id);
      expect(after).toMatchObject({ status: 'pending', attempts: 0, soloAttempts: 0, leaseOwner: null });
    });
  });
});
