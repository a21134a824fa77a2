import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { testWorker } from '../helpers/worker-context.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { analysisJob } from '../../src/worker/analysis-job.js';
import { processingJob } from '../../src/worker/process-document.js';
import { parseConfig } from '../../src/config.js';
import type { LlmProvider } from '../../src/engine/llm/provider.js';
import { partnerTestApp, processAgain, readyProject } from '../helpers/ready-project.js';

/** An embeddings model that places texts by the words they use (eight dimensions), counting what it is asked. */
function embeddings(): LlmProvider & { texts: string[] } {
  const texts: string[] = [];
  const axes = [/sync|bank|connect/i, /pric|cost|pay|subscription/i, /start|setup|tutorial/i, /trust/i, /month/i, /phone|app/i, /screen/i, /./];
  return {
    texts,
    embed: async (input) => {
      texts.push(...input);
      return input.map((t) => axes.map((a) => (a.test(t) ? 1 : 0.01)));
    },
  };
}

describe.each(STORE_KINDS)("a provider's embeddings as the engine's meaning on %s", (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let secret = '';
    const worker = (llm: LlmProvider, env: Record<string, string>) =>
      testWorker(t, parseConfig({ SIFT_DATA_DIR: '/tmp', SIFT_LLM_BASE_URL: 'http://model.test/v1', ...env }), { llm });
    const call = (body: Record<string, unknown>) => t.post('/api/sift-partner', secret, body);
    const analyse = async (projectId: string, llm: LlmProvider, env: Record<string, string>) => {
      const res = await call({ action: 'start_analysis', projectId, type: 'predefined', categories: [{ name: 'Bank sync' }, { name: 'Pricing' }] });
      expect(res.statusCode).toBe(200);
      expect(await analysisJob.run(worker(llm, env))).toBe(true);
      const run = (await call({ action: 'get_project_status', projectId })).json().analyses.find((a: { id: string }) => a.id === res.json().analysis.id);
      expect(run.status).toBe('completed');
    };

    beforeAll(async () => {
      ({ t, secret } = await partnerTestApp(kind));
    });
    afterAll(() => t?.close());

    it('embeds what analyses will read when a document is processed, so that an analysis asks for little more', async () => {
      const projectId = await readyProject(t, secret, 'Vectors at processing');
      // The documents processed again by a worker with an embeddings model.
      await processAgain(t, projectId);
      const processing = embeddings();
      while (await processingJob.run(worker(processing, { SIFT_EMBEDDING_MODEL: 'words-v1' })));
      expect(processing.texts.length).toBeGreaterThan(TRANSCRIPTS.length * 2);
      const ready = await t.app.store.db.selectFrom('documents').select('status').where('projectId', '=', projectId).execute();
      expect(ready.every((d) => d.status === 'ready')).toBe(true);
      const analysis = embeddings();
      await analyse(projectId, analysis, { SIFT_EMBEDDING_MODEL: 'words-v1' });
      // Only the categories' own texts are new to it.
      expect(analysis.texts.length).toBeGreaterThan(0);
      expect(analysis.texts.length).toBeLessThan(processing.texts.length / 10);
    });

    it('embeds each text once per model and keeps it; another model embeds again; a model for other languages is not asked', async () => {
      const projectId = await readyProject(t, secret, 'Vectors');

      const first = embeddings();
      await analyse(projectId, first, { SIFT_EMBEDDING_MODEL: 'words-v1' });
      expect(first.texts.length).toBeGreaterThan(TRANSCRIPTS.length);
      const stored = await t.app.store.db.selectFrom('textVectors').select(['model']).where('projectId', '=', projectId).execute();
      expect(stored.length).toBe(new Set(first.texts).size);
      expect(new Set(stored.map((r) => r.model))).toEqual(new Set(['words-v1']));

      const again = embeddings();
      await analyse(projectId, again, { SIFT_EMBEDDING_MODEL: 'words-v1' });
      expect(again.texts).toEqual([]);

      const changed = embeddings();
      await analyse(projectId, changed, { SIFT_EMBEDDING_MODEL: 'words-v2' });
      expect(changed.texts.length).toBe(first.texts.length);

      const german = embeddings();
      await analyse(projectId, german, { SIFT_EMBEDDING_MODEL: 'words-de', SIFT_EMBEDDING_LANGUAGES: 'de, fr' });
      expect(german.texts).toEqual([]);
    });
  });
});
