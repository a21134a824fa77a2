import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trackRequests, whenQuiet } from '../../src/http/quiet.js';

/**
 * What a start loads in the background (validators, the metrics library, the workers' thread)
 * waits until no request is being answered (issue 45: it ran inside the first searches after a
 * start), and an answer cut short by its client does not keep the process busy for ever.
 */
describe('work done once the server is quiet', () => {
  let app: FastifyInstance;
  let release: () => void = () => {};
  afterEach(async () => {
    release();
    await app?.close();
  });

  async function serverWithSlowRoute(): Promise<string> {
    app = Fastify({ forceCloseConnections: true });
    trackRequests(app);
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true };
    });
    return await app.listen({ port: 0, host: '127.0.0.1' });
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('waits while a request is being answered, and runs soon after its answer', async () => {
    const base = await serverWithSlowRoute();
    const answer = fetch(`${base}/slow`);
    await sleep(50);
    let ran = false;
    whenQuiet(() => (ran = true));
    await sleep(400);
    expect(ran).toBe(false);
    release();
    expect((await answer).status).toBe(200);
    await sleep(400);
    expect(ran).toBe(true);
  });

  it('runs after its bound, whatever is being answered', async () => {
    const base = await serverWithSlowRoute();
    const answer = fetch(`${base}/slow`);
    await sleep(50);
    let ran = false;
    whenQuiet(() => (ran = true), 300);
    await sleep(150);
    expect(ran).toBe(false);
    await sleep(400);
    expect(ran).toBe(true);
    release();
    await answer;
  });

  it('counts an answer its client gave up on as ended', async () => {
    const base = await serverWithSlowRoute();
    const gaveUp = new AbortController();
    const answer = fetch(`${base}/slow`, { signal: gaveUp.signal }).catch(() => null);
    await sleep(50);
    gaveUp.abort();
    await answer;
    let ran = false;
    whenQuiet(() => (ran = true));
    await sleep(500);
    expect(ran).toBe(true);
  });
});
