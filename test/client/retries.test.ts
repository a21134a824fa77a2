import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SiftClient, SiftError } from '../../packages/client/src/index.js';

/** A fetch that answers from a script, one answer per request, and records what it was sent. */
function scripted(...answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; headers: Headers; body: string }[] = [];
  const stub: typeof fetch = async (input, init) => {
    const body = init?.body instanceof ReadableStream ? await new Response(init.body).text() : String(init?.body ?? '');
    calls.push({ url: String(input), headers: new Headers(init?.headers), body });
    const next = answers.shift();
    if (!next) throw new Error('no more scripted answers');
    return next();
  };
  return { stub, calls };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const client = (stub: typeof fetch, extra = {}) => new SiftClient({ baseUrl: 'http://sift.test/', key: 'sift_key', fetch: stub, ...extra });

describe('retries', () => {
  it('waits as Retry-After says after a 429, then answers', async () => {
    const { stub, calls } = scripted(json(429, { error: 'rate limit exceeded' }, { 'retry-after': '1' }), json(200, { project: { id: 'P1' } }));
    const waits: number[] = [];
    const started = Date.now();
    const answer = await client(stub, { onRetry: (i: { delayMs: number }) => waits.push(i.delayMs) }).read.get_project();
    expect(answer).toEqual({ project: { id: 'P1' } });
    expect(waits).toEqual([1000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls.map((c) => c.url)).toEqual(['http://sift.test/api/sift-read', 'http://sift.test/api/sift-read']);
    expect(JSON.parse(calls[0]!.body)).toEqual({ action: 'get_project' });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer sift_key');
  });

  it('gives up at once on a Retry-After beyond maxRetryDelayMs, and after maxRetries attempts', async () => {
    const far = scripted(json(429, { error: 'slow down' }, { 'retry-after': '120' }));
    const error = await client(far.stub)
      .read.get_tags()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiftError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 120, message: 'slow down' });
    const always = scripted(...Array.from({ length: 5 }, () => json(429, { error: 'again' }, { 'retry-after': '0' })));
    await expect(client(always.stub, { maxRetries: 2 }).read.get_tags()).rejects.toMatchObject({ code: 'rate_limited' });
    expect(always.calls).toHaveLength(3);
  });

  it('repeats a read after a 503 but never a change without an idempotency key', async () => {
    const read = scripted(json(503, { error: 'busy' }), json(200, { results: [] }));
    expect(await client(read.stub).read.search({ query: 'x' })).toEqual({ results: [] });
    expect(read.calls).toHaveLength(2);
    const write = scripted(json(503, { error: 'busy' }), json(200, {}));
    await expect(client(write.stub).write.create_note({ targetType: 'document', targetId: 'D1', text: 'x' })).rejects.toMatchObject({
      status: 503,
      // A 503 without a Sift-Error-Code header takes its status's code from the OpenAPI document.
      code: 'unavailable',
    });
    expect(write.calls).toHaveLength(1);
    const upload = scripted(() => Promise.reject(new TypeError('fetch failed')));
    await expect(client(upload.stub).upload('P1', [{ filename: 'a.txt', data: 'hello' }])).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(upload.calls).toHaveLength(1);
  });

  it('sends an Idempotency-Key on every confirmation, the same on each retry, or the one given', async () => {
    const { stub, calls } = scripted(json(502, { error: 'bad gateway' }), json(200, { creditsCharged: 1 }), json(200, { creditsCharged: 1 }));
    const c = client(stub);
    await c.account.confirm_documents({ projectId: 'P1', expectedCreditCost: 1 });
    const [first, second] = calls.map((x) => x.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    await c.partner.confirm_documents({ projectId: 'P1', expectedCreditCost: 1 }, { idempotencyKey: 'mine-1' });
    expect(calls[2]!.headers.get('idempotency-key')).toBe('mine-1');
  });

  it('sends a rate-limited upload of files again from the start, but not one of a one-shot stream', async () => {
    const again = scripted(
      json(429, { error: 'later' }, { 'retry-after': '0' }),
      json(200, { documents: [{ id: 'u1', filename: 'a.txt', status: 'pending' }] }),
    );
    const loaded: number[] = [];
    const answer = await client(again.stub).upload('P 1', [{ filename: 'a.txt', data: 'hello' }], { onProgress: (p) => loaded.push(p.loaded) });
    expect(answer.documents).toHaveLength(1);
    expect(again.calls.map((c) => c.url)).toEqual(Array(2).fill('http://sift.test/api/sift-account/upload?projectId=P%201'));
    expect(again.calls[1]!.body).toContain(
      'Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n',
    );
    expect(loaded).toEqual([0, 5, 0, 5, 5]);
    const stream = scripted(json(429, { error: 'later' }, { 'retry-after': '0' }));
    await expect(client(stream.stub).upload('P1', [{ filename: 'b.txt', data: Readable.from([Buffer.from('x')]) }])).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(stream.calls).toHaveLength(1);
  });

  it("reads the Sift-Error-Code header when present, and the status's code otherwise", async () => {
    const { stub } = scripted(
      json(409, { error: 'expectedCreditCost is 1 but the current cost is 3' }, { 'sift-error-code': 'cost_changed', 'x-request-id': 'req-9' }),
      () => new Response('<html>bad gateway</html>', { status: 418 }),
    );
    const c = client(stub);
    await expect(c.account.confirm_documents({ projectId: 'P1', expectedCreditCost: 1 })).rejects.toMatchObject({
      status: 409,
      code: 'cost_changed',
      requestId: 'req-9',
    });
    await expect(c.read.get_tags()).rejects.toMatchObject({ status: 418, code: 'http_418', message: 'HTTP 418: <html>bad gateway</html>' });
  });
});
