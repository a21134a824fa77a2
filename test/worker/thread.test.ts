import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

/**
 * The freeze of issue 11: a 400 KB text kept the thread that answers HTTP busy for over a minute
 * while it was priced. With the workers in their own thread, the API answers throughout.
 */
describe.each(STORE_KINDS)('background work beside the API on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let secret = '';
    let projectId = '';
    const partner = (body: Record<string, unknown>) => t.post('/api/sift-partner', secret, body);

    beforeAll(async () => {
      t = await makeTestApp(kind, { SIFT_WORKERS: '1' }, { threaded: true });
      secret = (await t.admin('create_partner', { name: 'P', credits: 100_000 })).secret;
      const account = (await partner({ action: 'create_account', email: 'thread@example.com' })).json().account;
      projectId = (await partner({ action: 'create_project', accountId: account.id, name: 'Big' })).json().project.id;
    });
    afterAll(() => t?.close());

    /** Asks for the OpenAPI document every 20 ms until `done` holds; answers the slowest answer's time. */
    async function slowestAnswerUntil(done: () => Promise<boolean>, limitMs = 120_000): Promise<number> {
      let slowest = 0;
      const until = Date.now() + limitMs;
      while (!(await done())) {
        if (Date.now() > until) throw new Error('the background work did not finish');
        const started = performance.now();
        const res = await t.app.server.inject({ method: 'GET', url: '/api/openapi.json' });
        expect(res.statusCode).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
      return slowest;
    }

    const statusOf = async (id: string) =>
      await t.app.store.db.selectFrom('documents').select(['status', 'wordCount', 'creditCost']).where('id', '=', id).executeTakeFirstOrThrow();

    it('prices and processes a 400 KB text while the API keeps answering', async () => {
      const text = 'The price is too high for our small team. '.repeat(10_000);
      const added = await partner({ action: 'add_documents', projectId, files: { documents: [{ filename: 'big.txt', text }] } });
      expect(added.statusCode).toBe(200);
      const id = added.json().documents[0].id as string;

      const whilePricing = await slowestAnswerUntil(async () => (await statusOf(id)).status !== 'pending');
      const priced = await statusOf(id);
      expect(priced).toMatchObject({ status: 'awaiting_confirmation', wordCount: 90_000, creditCost: 90 });

      const confirm = await partner({ action: 'confirm_documents', projectId, expectedCreditCost: 90 });
      expect(confirm.statusCode).toBe(200);
      const whileProcessing = await slowestAnswerUntil(async () => (await statusOf(id)).status === 'ready');
      // Before the workers had a thread of their own, pricing alone held every request for over a minute.
      expect(Math.max(whilePricing, whileProcessing)).toBeLessThan(1000);
    });

    /** The nice values of this process's threads (Linux: a nice value is a thread's own). */
    const niceValues = () =>
      fs.readdirSync('/proc/self/task').flatMap((task) => {
        try {
          const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
          return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
        } catch {
          return []; // The thread ended meanwhile.
        }
      });

    it.skipIf(process.platform !== 'linux')('runs the workers below the priority of the thread that answers HTTP', async () => {
      // The thread started by the work above (or once the API was quiet): one thread ten below the rest.
      const nice = niceValues();
      expect(Math.min(...nice)).toBe(0);
      expect(nice.filter((n) => n >= 10)).not.toHaveLength(0);
    });
  });
});
