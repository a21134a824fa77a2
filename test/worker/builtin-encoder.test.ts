import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { testWorker } from '../helpers/worker-context.js';
import { analysisJob } from '../../src/worker/analysis-job.js';
import { processingJob } from '../../src/worker/process-document.js';
import { parseConfig } from '../../src/config.js';
import { cosineDense, createLlmProvider } from '../../src/engine/llm/provider.js';
import { builtinEmbed } from '../../src/engine/meaning/builtin-encoder.js';
import { partnerTestApp, processAgain, readyProject } from '../helpers/ready-project.js';

const BUILTIN = { SIFT_DATA_DIR: '/tmp', SIFT_EMBEDDING_MODEL: 'builtin' };

describe('the built-in sentence encoder (SIFT_EMBEDDING_MODEL=builtin)', () => {
  it('needs no server, runs in the workers only, reads English, and places like sentences together', async () => {
    const config = parseConfig(BUILTIN);
    expect(config.llm.embeddingLanguages).toEqual(['en']);
    expect(createLlmProvider(config.llm)?.embed).toBeUndefined();
    const workers = createLlmProvider(config.llm, { builtinEmbeddings: true })!;
    const [price, cost, door] = await workers.embed!([
      'The monthly membership is far too expensive for what you get.',
      'I can hardly afford what the gym charges me every month.',
      'The side door of the building was locked again this morning.',
    ]);
    expect(price).toHaveLength(512);
    expect(cosineDense(price!, cost!)).toBeGreaterThan(cosineDense(price!, door!) + 0.1);
  });

  it('encodes as it did when stored vectors were made, so that a query still meets them', async () => {
    const recorded = JSON.parse(fs.readFileSync(new URL('../fixtures/builtin-encoder-vectors.json', import.meta.url), 'utf8')) as {
      sentences: { text: string; vector: string }[];
    };
    const now = await builtinEmbed(recorded.sentences.map((s) => s.text));
    recorded.sentences.forEach((s, n) => {
      const then = new Float32Array(Uint8Array.from(Buffer.from(s.vector, 'base64')).buffer);
      expect(cosineDense(now[n]!, then)).toBeGreaterThan(0.999);
    });
  });

  it('gives each of many texts of mixed lengths, an empty one among them, the vector it has alone, in the order given', async () => {
    const sentence = 'The side door of the building was locked again this morning.';
    const texts = Array.from({ length: 20 }, (_, n) => (n === 7 ? '' : `${n}: ${sentence.repeat(1 + ((n * 7) % 5))}`));
    const together = await builtinEmbed(texts);
    expect(together).toHaveLength(texts.length);
    for (const [n, text] of texts.entries()) expect(cosineDense(together[n]!, (await builtinEmbed([text]))[0]!)).toBeGreaterThan(0.999);
    expect(cosineDense(together[0]!, together[1]!)).toBeLessThan(0.999);
  });
});

describe.each(STORE_KINDS)('the built-in encoder as the meaning of an analysis on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let secret = '';
    const config = parseConfig(BUILTIN);
    const worker = () => testWorker(t, config, { llm: createLlmProvider(config.llm, { builtinEmbeddings: true }) });
    const call = (body: Record<string, unknown>) => t.post('/api/sift-partner', secret, body);

    beforeAll(async () => {
      ({ t, secret } = await partnerTestApp(kind));
    });
    afterAll(() => t?.close());

    it('stores vectors when documents are processed and analyses with them, offline', async () => {
      const projectId = await readyProject(t, secret, 'Built-in encoder');
      await processAgain(t, projectId);
      while (await processingJob.run(worker()));
      const stored = await t.app.store.db.selectFrom('textVectors').select(['model', 'vector']).where('projectId', '=', projectId).execute();
      expect(stored.length).toBeGreaterThan(10);
      expect(new Set(stored.map((r) => r.model))).toEqual(new Set(['builtin']));
      // 512 float32 values.
      expect(Buffer.from(stored[0]!.vector, 'base64').length).toBe(512 * 4);

      const res = await call({ action: 'start_analysis', projectId, type: 'predefined', categories: [{ name: 'Bank sync' }, { name: 'Pricing' }] });
      expect(res.statusCode).toBe(200);
      expect(await analysisJob.run(worker())).toBe(true);
      const run = (await call({ action: 'get_project_status', projectId })).json().analyses.find((a: { id: string }) => a.id === res.json().analysis.id);
      expect(run.status).toBe('completed');
      const insights = await t.app.store.db.selectFrom('insights').select('id').where('projectId', '=', projectId).execute();
      expect(insights.length).toBeGreaterThan(0);
    });
  });
});
