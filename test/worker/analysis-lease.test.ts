import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerTestApp } from '../helpers/ready-project.js';
import type { TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { testWorker } from '../helpers/worker-context.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { analysisJob } from '../../src/worker/analysis-job.js';
import { claimAnalysis } from '../../src/worker/lease.js';
import { parseConfig } from '../../src/config.js';
import { newId } from '../../src/domain/ids.js';
import type { WorkerContext } from '../../src/worker/context.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe.each(STORE_KINDS)('analysis runs held by one worker on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let secret = '';
    const worker = (owner: string, leaseMs: number, hooks?: WorkerContext['hooks']) =>
      testWorker(t, parseConfig({ SIFT_DATA_DIR: '/tmp' }), { owner, leaseMs, hooks });
    const call = (body: Record<string, unknown>) => t.post('/api/sift-partner', secret, body);

    /** A partner project with the test transcripts ready and one automatic run queued; answers the project and run ids. */
    async function queuedRun(): Promise<{ projectId: string; runId: string }> {
      const account = (await call({ action: 'create_account', email: `lease${Math.random()}@example.com` })).json().account;
      const projectId = (await call({ action: 'create_project', accountId: account.id, name: 'Leases' })).json().project.id as string;
      const added = await call({ action: 'add_documents', projectId, files: { documents: TRANSCRIPTS.map((x) => ({ filename: x.filename, text: x.text })) } });
      expect(added.statusCode).toBe(200);
      await t.app.workers.drain();
      const status = (await call({ action: 'get_project_status', projectId })).json();
      expect((await call({ action: 'confirm_documents', projectId, expectedCreditCost: status.confirmableCreditCost })).statusCode).toBe(200);
      await t.app.workers.drain();
      const started = await call({ action: 'start_analysis', projectId, type: 'automatic' });
      expect(started.statusCode).toBe(200);
      return { projectId, runId: started.json().analysis.id };
    }
    const results = async (runId: string) => ({
      run: await t.app.store.db.selectFrom('analyses').select(['status', 'attempts']).where('id', '=', runId).executeTakeFirstOrThrow(),
      insights: await t.app.store.db.selectFrom('insights').select(['documentId', 'text']).where('analysisId', '=', runId).execute(),
      categories: await t.app.store.db.selectFrom('categories').select(['text']).where('analysisId', '=', runId).execute(),
    });

    beforeAll(async () => {
      // The engine warmed up, as the worker thread does before its first claim: its first-use loading is not part of a leased step.
      ({ t, secret } = await partnerTestApp(kind));
    });
    afterAll(() => t?.close());

    it("a project's runs go one at a time, oldest first: two workers never analyse the same documents at once", async () => {
      const { projectId, runId: first } = await queuedRun();
      const second = (await call({ action: 'start_analysis', projectId, type: 'automatic' })).json().analysis.id as string;
      // Another project's run, started without draining (a drain would run the queued runs).
      const account = (await call({ action: 'create_account', email: `lease${Math.random()}@example.com` })).json().account;
      const elsewhere = (await call({ action: 'create_project', accountId: account.id, name: 'Other' })).json().project.id as string;
      const other = { runId: (await call({ action: 'start_analysis', projectId: elsewhere, type: 'automatic' })).json().analysis.id as string };
      const a = await claimAnalysis(t.app.store, 'worker-a', 60_000);
      const b = await claimAnalysis(t.app.store, 'worker-b', 60_000);
      // B gets the other project's run, not the second run of A's project.
      expect([a?.id, b?.id]).toEqual([first, other.runId]);
      expect(await claimAnalysis(t.app.store, 'worker-c', 60_000)).toBeNull();
      await t.app.store.db
        .updateTable('analyses')
        .set({ status: 'completed', leaseOwner: null, leaseExpiresAt: null })
        .where('id', 'in', [first, other.runId])
        .execute();
      expect((await claimAnalysis(t.app.store, 'worker-c', 60_000))?.id).toBe(second);
      await t.app.store.db.updateTable('analyses').set({ status: 'completed', leaseOwner: null, leaseExpiresAt: null }).where('id', '=', second).execute();
    });

    it('a worker with a slow step keeps its one-second lease by heartbeat: the other never claims the run, attempts stay 1', async () => {
      const { runId } = await queuedRun();
      let slow = 0;
      // Two steps each longer than the lease itself: only the heartbeat keeps the run A's.
      const a = worker('worker-a', 1000, { beforeAnalysisWrite: () => sleep(++slow <= 2 ? 1600 : 0) });
      const b = worker('worker-b', 1000);
      let aDone = false;
      const first = analysisJob.run(a).finally(() => (aDone = true));
      const bClaims: boolean[] = [];
      await sleep(100);
      while (!aDone) {
        bClaims.push(await analysisJob.run(b));
        await sleep(150);
      }
      expect(await first).toBe(true);
      expect(bClaims.length).toBeGreaterThan(10);
      expect(bClaims.every((claimed) => claimed === false)).toBe(true);
      const r = await results(runId);
      expect(r.run).toMatchObject({ status: 'completed' });
      expect(Number(r.run.attempts)).toBe(1);
      expect(r.insights.length).toBeGreaterThan(0);
      const keys = r.insights.map((i) => `${i.documentId}:${i.text}`);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('a run taken over after its worker died starts from a clean slate, and the dead worker cannot add to it', async () => {
      const { projectId, runId } = await queuedRun();
      const dead = await claimAnalysis(t.app.store, 'dead-worker', 100);
      expect(dead?.id).toBe(runId);
      // What the dead worker wrote before it stopped: a category and an insight of this run.
      const now = new Date().toISOString();
      const doc = await t.app.store.db.selectFrom('documents').select('id').where('projectId', '=', projectId).executeTakeFirstOrThrow();
      await t.app.store.db
        .insertInto('categories')
        .values({
          id: newId(),
          projectId,
          shortId: 'Cdeadworker',
          text: 'Half-written theme',
          description: '',
          parentId: null,
          analysisId: runId,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await sleep(150);
      expect(await analysisJob.run(worker('worker-b', 60_000))).toBe(true);
      const r = await results(runId);
      expect(r.run).toMatchObject({ status: 'completed' });
      expect(Number(r.run.attempts)).toBe(2);
      expect(r.categories.map((c) => c.text)).not.toContain('Half-written theme');
      expect(r.insights.every((i) => i.documentId !== '')).toBe(true);
      expect(doc.id).toBeTruthy();
    });

    it('a worker whose run was taken from it mid-way writes nothing more (every write is fenced by the lease)', async () => {
      const { runId } = await queuedRun();
      let writes = 0;
      const a = worker('worker-a', 60_000, {
        beforeAnalysisWrite: async () => {
          // After its first write, another worker takes the run over (as if A had stalled past its lease).
          if (++writes === 2) await t.app.store.db.updateTable('analyses').set({ leaseOwner: 'worker-c' }).where('id', '=', runId).execute();
        },
      });
      expect(await analysisJob.run(a)).toBe(true);
      const r = await results(runId);
      expect(r.insights).toHaveLength(0);
      expect(r.categories).toHaveLength(0);
      expect(r.run.status).toBe('running');
    });
  });
});
