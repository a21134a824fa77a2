import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { testWorker } from '../helpers/worker-context.js';
import { processingJob } from '../../src/worker/process-document.js';
import { parseConfig } from '../../src/config.js';
import { createLlmProvider } from '../../src/engine/llm/provider.js';
import { search } from '../../src/domain/search.js';
import { setSearchEncoder } from '../../src/domain/search-encoder.js';
import { textVectors } from '../../src/domain/text-vectors.js';
import { chunkSentences } from '../../src/engine/search/chunk-sentences.js';
import { partnerTestApp, processAgain, readyProject } from '../helpers/ready-project.js';

/** Search with the built-in encoder (issue 44, part 3): chunk vectors made at processing, the query encoded in a thread of its own. */
describe.each(STORE_KINDS)('search with SIFT_EMBEDDING_MODEL=builtin on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let secret = '';
    let projectId = '';
    const config = parseConfig({ SIFT_DATA_DIR: '/tmp', SIFT_EMBEDDING_MODEL: 'builtin' });
    const scope = async () => ({
      store: t.app.store,
      project: await t.app.store.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow(),
      userId: null,
    });
    const find = async (query: string) => search(await scope(), { action: 'search', query });

    beforeAll(async () => {
      ({ t, secret } = await partnerTestApp(kind));
      projectId = await readyProject(t, secret, 'Search with the encoder');
    });
    afterAll(async () => {
      setSearchEncoder(null, null);
      await t?.close();
    });

    it('ranks a paraphrase by the encoder (offline, a price passage came second by a hair), and answers nonsense with nothing', async () => {
      // A paraphrase of the credit union's disconnections ("lender" and "logging out" are in no passage).
      const query = 'it keeps logging me out of my lender';
      setSearchEncoder(null, null);
      const offline = await find(query);
      // The offline default as it was: the sync passage first, by little, a pricing passage second.
      expect(offline.results[0]!.text).toContain('My credit union disconnects');
      expect(offline.results[1]!.text).toMatch(/annual plan|price|fee/);
      expect(offline.results[0]!.score - offline.results[1]!.score).toBeLessThan(0.01);

      // The documents processed with the encoder: their chunks' vectors are stored.
      await processAgain(t, projectId);
      const worker = () => testWorker(t, config, { llm: createLlmProvider(config.llm, { builtinEmbeddings: true }) });
      while (await processingJob.run(worker()));
      // Each chunk's sentences too, which search reads beside the chunk's whole text.
      const chunk = await t.app.store.db
        .selectFrom('chunks')
        .select('text')
        .where('projectId', '=', projectId)
        .where('text', 'like', '%My credit union disconnects%')
        .executeTakeFirstOrThrow();
      const sentences = chunkSentences(chunk.text, 'en');
      expect(sentences.length).toBeGreaterThan(1);
      expect((await textVectors(t.app.store, null, 'builtin', projectId, sentences)).size).toBe(sentences.length);
      setSearchEncoder(config.llm.embeddingModel, config.llm.embeddingLanguages);
      const encoded = await find(query);
      // First or level with the first (another turn of the bank connection failing, matched by its closest sentence: chunk-sentences.ts).
      expect(encoded.results.find((r) => r.text.includes('My credit union disconnects'))!.score).toBe(encoded.results[0]!.score);
      expect(encoded.results[0]!.score).toBeGreaterThan(0.9);
      // Its next passages are of the bank connection too, not of the price.
      for (const r of encoded.results.slice(0, 3)) expect(r.text).toMatch(/credit union|bank|account|transactions/);
      for (const r of encoded.results.slice(0, 3)) expect(r.text).not.toMatch(/annual plan|fee/);

      // Participants' turns alone: the encoder's matches of other roles left out too.
      const participants = await search(await scope(), { action: 'search', query, participantsOnly: true });
      expect(participants.results.length).toBeGreaterThan(0);
      for (const r of participants.results) expect(r.role).toBe('participant');

      for (const nonsense of ['zebra', 'quantum cathedral', 'walrus molybdenum']) expect((await find(nonsense)).total).toBe(0);
      // Literal words rank as they did.
      expect((await find('credit union')).results[0]!.text).toContain('My credit union disconnects');
    }, 120_000);
  });
});
