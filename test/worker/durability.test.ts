import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { claimDocument } from '../../src/worker/lease.js';
import { finishDocument } from '../../src/worker/extract-document.js';
import { startWorkers } from '../../src/worker/runner.js';
import { parseConfig } from '../../src/config.js';

describe.each(STORE_KINDS)('durable background work on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    const addDocuments = async (n: number) => {
      const res = await t.post('/api/sift-partner', partnerSecret, {
        action: 'add_documents',
        projectId: partnerProject,
        files: { documents: Array.from({ length: n }, (_, i) => ({ filename: `d${i}.txt`, text: `Participant: document number ${i} talks about pricing.` })) },
      });
      expect(res.statusCode).toBe(200);
      return res.json().documents as { id: string }[];
    };
    let partnerSecret = '';
    let partnerProject = '';

    beforeAll(async () => {
      t = await makeTestApp(kind);
      partnerSecret = (await t.admin('create_partner', { name: 'P', credits: 1000 })).secret;
      const account = (await t.post('/api/sift-partner', partnerSecret, { action: 'create_account', email: 'durable@example.com' })).json().account;
      partnerProject = (await t.post('/api/sift-partner', partnerSecret, { action: 'create_project', accountId: account.id, name: 'D' })).json().project.id;
    });
    afterAll(() => t?.close());

    it('a document claimed by a worker that died is finished once its lease runs out, and the dead worker cannot write', async () => {
      const [doc] = await addDocuments(1);
      const claimed = await claimDocument(t.app.store, 'pending', 'dead-worker', 100);
      expect(claimed?.id).toBe(doc!.id);
      await t.app.workers.drain();
      const still = await t.app.store.db.selectFrom('documents').select('status').where('id', '=', doc!.id).executeTakeFirstOrThrow();
      expect(still.status).toBe('pending');
      await new Promise((r) => setTimeout(r, 150));
      await t.app.workers.drain();
      const done = await t.app.store.db.selectFrom('documents').select(['status', 'attempts']).where('id', '=', doc!.id).executeTakeFirstOrThrow();
      expect(done.status).toBe('awaiting_confirmation');
      // The dead worker wakes up late: its lease is gone, so its write changes nothing.
      await finishDocument({ store: t.app.store, owner: 'dead-worker' } as never, claimed!, 'pending', { status: 'failed', error: 'late' });
      expect((await t.app.store.db.selectFrom('documents').select('status').where('id', '=', doc!.id).executeTakeFirstOrThrow()).status).toBe(
        'awaiting_confirmation',
      );
    });

    it('several workers never take the same document', async () => {
      const docs = [...(await addDocuments(12)), ...(await addDocuments(12))];
      const config = parseConfig({ SIFT_WORKERS: '4', SIFT_DATA_DIR: '/tmp' });
      const workers = startWorkers({ config, store: t.app.store, blobs: t.app.blobs, log: t.app.server.log, leaseMs: 60_000 }, { count: 4, pollMs: 20 });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const pending = await t.app.store.db.selectFrom('documents').select('id').where('status', '=', 'pending').execute();
        if (pending.length === 0 || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await workers.stop();
      const rows = await t.app.store.db
        .selectFrom('documents')
        .select(['id', 'status', 'attempts'])
        .where(
          'id',
          'in',
          docs.map((d) => d.id),
        )
        .execute();
      expect(rows.every((r) => r.status === 'awaiting_confirmation')).toBe(true);
      expect(rows.map((r) => Number(r.attempts))).toEqual(rows.map(() => 1));
      const status = (await t.post('/api/sift-partner', partnerSecret, { action: 'get_project_status', projectId: partnerProject })).json();
      expect(status.pendingExtractionCount).toBe(0);
    });
  });
});
