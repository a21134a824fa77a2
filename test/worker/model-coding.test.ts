import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { testWorker } from '../helpers/worker-context.js';
import { analysisJob } from '../../src/worker/analysis-job.js';
import { parseConfig } from '../../src/config.js';
import { ruleCoder, type RuleCoder } from '../helpers/model-coder.js';
import { partnerTestApp, readyProject } from '../helpers/ready-project.js';

const CATEGORIES = [
  { name: 'Bank sync', description: 'The connection to the bank failing' },
  { name: 'Pricing', description: 'What the app costs' },
  { name: 'Onboarding', description: 'Getting started with the app' },
];
const RULES = { 'Bank sync': /sync|bank|connect/i, Pricing: /pric|subscription|cost|expensive|pay/i, Onboarding: /setup|set up|tutorial|started/i };

describe.each(STORE_KINDS)('predefined analysis coded by a language model on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let secret = '';
    const worker = (llm: RuleCoder, env: Record<string, string> = {}, owner = 'worker-a') =>
      testWorker(t, parseConfig({ SIFT_DATA_DIR: '/tmp', SIFT_LLM_BASE_URL: 'http://model.test/v1', SIFT_LLM_MODEL: 'coder', ...env }), { owner, llm });
    const call = (body: Record<string, unknown>) => t.post('/api/sift-partner', secret, body);

    const start = async (projectId: string) => {
      const res = await call({ action: 'start_analysis', projectId, type: 'predefined', categories: CATEGORIES });
      expect(res.statusCode).toBe(200);
      return res.json().analysis.id as string;
    };
    const runOf = async (projectId: string, runId: string) =>
      (await call({ action: 'get_project_status', projectId })).json().analyses.find((a: { id: string }) => a.id === runId);
    const insightsOf = (runId: string) =>
      t.app.store.db
        .selectFrom('insights')
        .innerJoin('insightCategories', 'insightCategories.insightId', 'insights.id')
        .innerJoin('categories', 'categories.id', 'insightCategories.categoryId')
        .select(['insights.quotes', 'categories.text as category'])
        .where('insights.analysisId', '=', runId)
        .execute();
    const tokens = (run: { model: { inputTokens: number; outputTokens: number } }) => run.model.inputTokens + run.model.outputTokens;

    beforeAll(async () => {
      ({ t, secret } = await partnerTestApp(kind));
    });
    afterAll(() => t?.close());

    it('files the passages as the model codes them, and the run shows its calls and tokens; a re-run pays nothing for answers it has', async () => {
      const projectId = await readyProject(t, secret, 'Coded by a model');
      const model = ruleCoder(RULES);
      const first = await start(projectId);
      expect(await analysisJob.run(worker(model))).toBe(true);
      const run = await runOf(projectId, first);
      expect(run.status).toBe('completed');
      expect(run.model).toMatchObject({ calls: model.requests.length, cachedCalls: 0, failedCalls: 0, tokenCeiling: null, ceilingReached: false });
      expect(run.model.inputTokens).toBeGreaterThan(0);
      expect(run.note).toMatch(/^The language model coded the passages, in \d+ batches: \d+ calls to the language model/);
      const coded = await insightsOf(first);
      expect(new Set(coded.map((i) => i.category))).toEqual(new Set(['Bank sync', 'Pricing', 'Onboarding']));
      for (const i of coded) for (const q of JSON.parse(i.quotes) as string[]) expect(q).toMatch(RULES[i.category as keyof typeof RULES]);

      const sent = model.requests.length;
      const second = await start(projectId);
      expect(await analysisJob.run(worker(model))).toBe(true);
      const again = await runOf(projectId, second);
      expect(model.requests.length).toBe(sent);
      expect(again.model).toMatchObject({ calls: 0, cachedCalls: sent });
      expect(tokens(again)).toBeLessThanOrEqual(0.05 * tokens(run));
      expect((await insightsOf(second)).length).toBe(coded.length);
    });

    it('shows what a running run has spent so far', async () => {
      const projectId = await readyProject(t, secret, 'Coded by a model');
      const model = ruleCoder(RULES);
      const runId = await start(projectId);
      let midway: { status: string; modelUsage: string | null } | undefined;
      model.before = async (n) => {
        if (n !== 3) return;
        // The usage is written beside the run's calls, not awaited by them.
        await new Promise((r) => setTimeout(r, 100));
        midway = await t.app.store.db.selectFrom('analyses').select(['status', 'modelUsage']).where('id', '=', runId).executeTakeFirst();
      };
      expect(await analysisJob.run(worker(model, { SIFT_LLM_CONTEXT_TOKENS: '1024', SIFT_LLM_CONCURRENCY: '1' }))).toBe(true);
      expect(midway?.status).toBe('running');
      const soFar = JSON.parse(midway!.modelUsage!);
      expect(soFar.calls).toBeGreaterThanOrEqual(1);
      expect(soFar.calls).toBeLessThanOrEqual(2);
      expect((await runOf(projectId, runId)).model.calls).toBe(model.requests.length);
    });

    it('past the token ceiling the run completes with the offline coding for the rest, and says so', async () => {
      const projectId = await readyProject(t, secret, 'Coded by a model');
      const model = ruleCoder(RULES);
      const runId = await start(projectId);
      expect(await analysisJob.run(worker(model, { SIFT_LLM_CONTEXT_TOKENS: '1024', SIFT_LLM_MAX_TOKENS_PER_RUN: '1500', SIFT_LLM_CONCURRENCY: '1' }))).toBe(
        true,
      );
      const run = await runOf(projectId, runId);
      expect(run.status).toBe('completed');
      expect(run.model).toMatchObject({ tokenCeiling: 1500, ceilingReached: true });
      expect(run.model.calls).toBeGreaterThan(0);
      expect(tokens(run)).toBeLessThanOrEqual(1500);
      expect(run.note).toMatch(/token ceiling \(1,500, SIFT_LLM_MAX_TOKENS_PER_RUN\) was reached: the offline engine coded the passages of \d+ of \d+ batches/);
      expect((await insightsOf(runId)).length).toBeGreaterThan(0);
    });

    it('a run whose worker died mid-way resumes without sending again what the model had answered', async () => {
      const projectId = await readyProject(t, secret, 'Coded by a model');
      const runId = await start(projectId);
      const env = { SIFT_LLM_CONTEXT_TOKENS: '1024', SIFT_LLM_CONCURRENCY: '1' };
      const dying = ruleCoder(RULES);
      // After three answers the worker "dies": its lease is gone and its model calls stop answering.
      dying.before = (n) => {
        if (n === 4) {
          dying.failWith = 'the worker died';
          void t.app.store.db
            .updateTable('analyses')
            .set({ leaseOwner: 'nobody', leaseExpiresAt: new Date(0).toISOString() })
            .where('id', '=', runId)
            .execute();
        }
      };
      expect(await analysisJob.run(worker(dying, env, 'worker-a'))).toBe(true);
      expect(await insightsOf(runId)).toHaveLength(0);
      const answered = dying.requests.filter((r) => r.answered).map((r) => r.key);
      expect(answered).toHaveLength(3);

      const next = ruleCoder(RULES);
      expect(await analysisJob.run(worker(next, env, 'worker-b'))).toBe(true);
      const run = await runOf(projectId, runId);
      expect(run.status).toBe('completed');
      expect(Number((await t.app.store.db.selectFrom('analyses').select('attempts').where('id', '=', runId).executeTakeFirstOrThrow()).attempts)).toBe(2);
      expect(next.requests.map((r) => r.key).filter((k) => answered.includes(k))).toEqual([]);
      expect(run.model.cachedCalls).toBe(3);
      expect((await insightsOf(runId)).length).toBeGreaterThan(0);
    });
  });
});
