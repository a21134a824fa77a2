import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLlmProvider, LlmError, verbatimQuote } from '../../src/engine/llm/provider.js';
import { makeTestApp, seedProject, ACCOUNT, READ, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

/** A small local fake of an OpenAI-compatible endpoint. */
function fakeProvider() {
  const calls: { path: string; body: any }[] = [];
  let mode: 'ok' | 'flaky' | 'broken' | 'garbage' | 'slow' = 'ok';
  let flakes = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      calls.push({ path: req.url!, body });
      if (mode === 'flaky' && flakes++ === 0) return res.writeHead(429, { 'retry-after': '0' }).end();
      if (mode === 'broken') return res.writeHead(500).end();
      if (mode === 'garbage') return res.end('not json');
      if (mode === 'slow') return setTimeout(() => res.end('{}'), 1000);
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/embeddings') {
        const vec = (t: string) => Array.from({ length: 8 }, (_, i) => (/(price|cost|expensive|fee)/i.test(t) ? (i === 0 ? 1 : 0) : i === 1 ? 1 : 0));
        return res.end(JSON.stringify({ data: body.input.map((t: string, index: number) => ({ index, embedding: vec(t) })) }));
      }
      const user = body.messages.at(-1).content as string;
      const content = user.startsWith('Current name')
        ? JSON.stringify({ name: 'Model-named theme', description: 'Named by the model.' })
        : JSON.stringify({
            text: 'A statement the model wrote.',
            quotes: ['This sentence is invented and appears nowhere.', user.split('\n')[1]!.replace(/'/g, '’')],
          });
      res.end(JSON.stringify({ choices: [{ message: { content } }] }));
    });
  });
  return {
    server,
    calls,
    setMode: (m: typeof mode) => {
      mode = m;
      flakes = 0;
    },
  };
}

describe('the optional OpenAI-compatible provider', () => {
  const fake = fakeProvider();
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));

  it('is absent without configuration, and retries, times out and checks answers', async () => {
    expect(createLlmProvider({ baseUrl: null, apiKey: null, model: null, embeddingModel: null })).toBeNull();
    const p = createLlmProvider({ baseUrl: base, apiKey: 'k', model: 'm', embeddingModel: 'e' }, { timeoutMs: 300, maxRetries: 1 })!;
    fake.setMode('flaky');
    expect(await p.embed!(['a', 'b'])).toHaveLength(2);
    fake.setMode('broken');
    await expect(p.chat!([{ role: 'user', content: 'x' }])).rejects.toBeInstanceOf(LlmError);
    fake.setMode('garbage');
    await expect(p.chat!([{ role: 'user', content: 'x' }])).rejects.toMatchObject({ kind: 'bad_response' });
    fake.setMode('slow');
    await expect(p.chat!([{ role: 'user', content: 'x' }])).rejects.toMatchObject({ kind: 'timeout' });
    fake.setMode('ok');
    expect(fake.calls.some((c) => c.path === '/v1/embeddings' && c.body.model === 'e')).toBe(true);
  });

  it('asks for a JSON schema, and falls back to a JSON object where the server refuses it, remembering that', async () => {
    const seen: { format?: { type: string } }[] = [];
    const fetchImpl = (async (_url: string, init: { body: string }) => {
      const body = JSON.parse(init.body);
      seen.push({ format: body.response_format });
      if (body.response_format?.type === 'json_schema') return new Response('{"error": "response_format json_schema is not supported"}', { status: 400 });
      return new Response(JSON.stringify({ choices: [{ message: { content: '{"codes": []}' } }], usage: { prompt_tokens: 7, completion_tokens: 3 } }));
    }) as unknown as typeof fetch;
    const p = createLlmProvider({ baseUrl: 'http://model.test/v1', apiKey: null, model: 'm', embeddingModel: null }, { fetchImpl })!;
    const schema = { name: 'codes', schema: { type: 'object' } };
    expect(await p.complete!([{ role: 'user', content: 'x' }], { schema })).toEqual({ content: '{"codes": []}', usage: { input: 7, output: 3 } });
    await p.complete!([{ role: 'user', content: 'y' }], { schema });
    expect(seen.map((s) => s.format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('waits as long as Retry-After asks (seconds or a date), and gives up at once where it asks too long', async () => {
    let calls = 0;
    const answers: (() => Response)[] = [];
    const fetchImpl = (async () => {
      calls++;
      return answers.shift()!();
    }) as unknown as typeof fetch;
    const p = createLlmProvider({ baseUrl: 'http://model.test/v1', apiKey: null, model: 'm', embeddingModel: null }, { fetchImpl, maxRetryAfterMs: 5_000 })!;
    const ok = () => new Response(JSON.stringify({ choices: [{ message: { content: 'fine' } }] }));
    answers.push(() => new Response('', { status: 429, headers: { 'retry-after': '1' } }), ok);
    let started = Date.now();
    expect(await p.chat!([{ role: 'user', content: 'x' }])).toBe('fine');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    answers.push(() => new Response('', { status: 503, headers: { 'retry-after': new Date(Date.now() + 1500).toUTCString() } }), ok);
    started = Date.now();
    expect(await p.chat!([{ role: 'user', content: 'x' }])).toBe('fine');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    answers.push(() => new Response('', { status: 429, headers: { 'retry-after': '3600' } }), ok);
    const before = calls;
    started = Date.now();
    await expect(p.chat!([{ role: 'user', content: 'x' }])).rejects.toThrow(/asked to wait 3600 s/);
    expect(calls - before).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('lets through only verbatim quotes, repairing spacing, quote marks and case', () => {
    const doc = 'Participant: I don\'t trust the "sync"  feature — it fails.';
    expect(verbatimQuote(doc, 'I don’t trust the “sync” feature – it fails.')).toBe('I don\'t trust the "sync"  feature — it fails.');
    expect(verbatimQuote(doc, 'it fails.')).toBe('it fails.');
    expect(verbatimQuote(doc, 'something else entirely')).toBeNull();
    fc.assert(
      fc.property(fc.string(), fc.string(), (d, q) => {
        const r = verbatimQuote(d, q);
        if (r !== null) expect(d.includes(r)).toBe(true);
      }),
    );
  });

  describe('end to end with the provider configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp('sqlite', { SIFT_LLM_BASE_URL: base, SIFT_LLM_MODEL: 'chat', SIFT_EMBEDDING_MODEL: 'emb' });
    });
    afterAll(() => t?.close());

    it('search uses embeddings and analysis uses the model, keeping every quote verbatim', async () => {
      fake.setMode('ok');
      const f = await seedProject(t);
      const body = multipart(TRANSCRIPTS.map((x) => ({ filename: x.filename, content: x.text })));
      await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${f.projectId}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      await t.app.workers.drain();
      const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json();
      await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: f.projectId, expectedCreditCost: status.confirmableCreditCost });
      await t.app.workers.drain();
      // The chunks were embedded when their documents were processed, and kept: search embeds the query alone.
      const stored = await t.app.store.db.selectFrom('textVectors').select('model').where('model', '=', 'emb').execute();
      expect(stored.length).toBeGreaterThan(TRANSCRIPTS.length);
      const before = fake.calls.length;
      const res = await t.post(READ, f.readKey, { action: 'search', query: 'too expensive' });
      expect(res.statusCode).toBe(200);
      const embedded = fake.calls.slice(before).filter((c) => c.path === '/v1/embeddings');
      expect(embedded.flatMap((c) => c.body.input)).toEqual(['too expensive']);
      await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, type: 'automatic' });
      await t.app.workers.drain();
      const categories = (await t.post(READ, f.readKey, { action: 'get_categories' })).json().categories;
      expect(categories.map((c: { text: string }) => c.text)).toContain('Model-named theme');
      const insights = (await t.post(READ, f.readKey, { action: 'get_insights' })).json().insights;
      expect(insights.length).toBeGreaterThan(0);
      const texts = new Map((await t.app.store.db.selectFrom('documents').select(['counter', 'text']).execute()).map((d) => [`D${d.counter}`, d.text ?? '']));
      for (const i of insights) {
        expect(i.text).toBe('A statement the model wrote.');
        for (const q of i.quotes) expect(texts.get(i.documentId)).toContain(q);
        expect(i.quotes).not.toContain('This sentence is invented and appears nowhere.');
      }
    });
  });
});
