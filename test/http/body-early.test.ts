import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, PARTNER, READ, seedProject, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { bodyLimitFor, MAX_BODY_BYTES } from '../../src/schema/body-limit.js';
import { SURFACES } from '../../src/schema/surfaces.js';

/**
 * Large bodies are answered from their first bytes where those settle it (issue 41): the client
 * here sends the headers and the start of a body, then nothing more, and reads the answer. A
 * server that waited for the body it was promised would never answer.
 */
describe('a body answered before it is read', () => {
  let t: TestApp;
  let f: Fixture;
  let port: number;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
    f = await seedProject(t);
    port = Number(new URL(await t.app.server.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => t?.close());

  /** Sends the request's headers and `start` of its body, then stalls; answers the status and JSON the server sent meanwhile. */
  async function stalled(path: string, key: string, start: string, headers: Record<string, string>): Promise<{ status: number; body: any; headers: string }> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const head = Object.entries({ host: 'x', authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
    if (headers['transfer-encoding'] === 'chunked') socket.write(`${Buffer.byteLength(start).toString(16)}\r\n${start}\r\n`);
    else socket.write(start);
    let received = '';
    try {
      return await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer while the body stalled; got ${JSON.stringify(received.slice(0, 300))}`)), 5_000);
        socket.on('data', (d: Buffer) => {
          received += d.toString();
          const end = received.indexOf('\r\n\r\n');
          if (end < 0) return;
          const length = Number(/content-length: (\d+)/i.exec(received.slice(0, end))?.[1] ?? -1);
          const body = received.slice(end + 4);
          if (length < 0 || Buffer.byteLength(body) < length) return;
          clearTimeout(timer);
          resolve({ status: Number(received.slice(9, 12)), body: JSON.parse(body), headers: received.slice(0, end) });
        });
        socket.on('error', reject);
      });
    } finally {
      socket.destroy();
    }
  }

  it('refuses a body whose Content-Length passes its route limit with 413, reading none of it', async () => {
    // The read surface's largest valid body, as its schemas give it (compare_codings' since issue 43).
    const limit = bodyLimitFor(SURFACES.read.actions, MAX_BODY_BYTES);
    const res = await stalled(READ, f.readKey, '{"action":"search","query":"', { 'content-length': String(limit + 1) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(`the body is larger than ${limit.toLocaleString('en')} bytes, the most any valid request to /api/sift-read needs`);
    expect(res.headers).toMatch(/connection: close/i);
  });

  it('refuses a large body from its first bytes when its action never needs that much (413 naming the action)', async () => {
    const res = await stalled(ACCOUNT, f.accountKey, `{"action":"create_project","name":"Long","description":"${'x'.repeat(70_000)}`, {
      'content-length': String(59_000_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/^the body is larger than [\d,]+ bytes, the most any valid create_project request to \/api\/sift-account needs$/);
  });

  it('refuses a streamed body (no Content-Length) as soon as it passes its action’s largest', async () => {
    const start = `{"action":"create_note","targetType":"document","targetId":"D1","text":"${'x'.repeat(2_200_000)}`;
    const res = await stalled(WRITE, f.editKey, start, { 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/the most any valid create_note request to \/api\/sift-write needs/);
  });

  it('answers a string past its bound with the 400 the validator gives, at the string, not at the end of the body', async () => {
    const start = `{"action":"start_analysis","type":"automatic","projectId":"${'P'.repeat(10_000)}`;
    const res = await stalled(ACCOUNT, f.accountKey, start, { 'content-length': String(20_000_000) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid request body: /projectId must NOT have more than 255 characters',
      details: [{ path: '/projectId', message: 'must NOT have more than 255 characters' }],
    });
    // The same member in a small body: the validator's own words.
    const small = await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', type: 'automatic', projectId: 'P'.repeat(300) });
    expect(small.statusCode).toBe(400);
    expect(small.json().details).toContainEqual({ path: '/projectId', message: 'must NOT have more than 255 characters' });
  });

  it('follows the schema into arrays and objects: a predefined category’s name past its bound', async () => {
    const start = `{"action":"start_analysis","projectId":"${f.projectId}","type":"predefined","categories":[{"name":"a","description":"b"},{"name":"${'n'.repeat(50_000)}`;
    const res = await stalled(ACCOUNT, f.accountKey, start, { 'content-length': String(20_000_000) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: '/categories/1/name', message: expect.stringMatching(/^must NOT have more than \d+ characters$/) }]);
  });

  it('refuses a large body of an unknown action at its action member', async () => {
    const res = await stalled(ACCOUNT, f.accountKey, `{"action":"upload_everything","x":"${'x'.repeat(1000)}`, { 'content-length': String(30_000_000) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: '/action', message: 'unknown action "upload_everything"' }]);
  });

  it('refuses a deeply nested array once it holds more JSON values than its action can (413)', async () => {
    const start = `{"action":"start_analysis","projectId":"${f.projectId}","type":"automatic","documentIds":${'['.repeat(100_000)}`;
    const res = await stalled(ACCOUNT, f.accountKey, start, { 'content-length': String(18_000_000) });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/JSON values any valid request of its action \(start_analysis\) can/);
  });

  it('still reads a large valid body whole, streamed or declared', async () => {
    const partner = (await t.admin('create_partner', { name: 'P' })).secret as string;
    const accountId = (await t.post(PARTNER, partner, { action: 'create_account', email: 'early@example.com' })).json().account.id as string;
    const text = 'Participant: the bus was late again, and again. '.repeat(60_000);
    const body = JSON.stringify({ action: 'create_project', accountId, name: 'Large', files: { documents: [{ filename: 'a.txt', text }] } });
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await fetch(`http://127.0.0.1:${port}${PARTNER}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${partner}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(200);
    const streamed = await fetch(`http://127.0.0.1:${port}${PARTNER}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${partner}`, 'content-type': 'application/json' },
      body: new Blob([body.replace('"Large"', '"Streamed"')]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status, (await streamed.clone().text()).slice(0, 300)).toBe(200);
  });
});
