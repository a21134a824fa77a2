import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_TOKEN, makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { multipart } from '../helpers/multipart.js';
import { buildConsole } from './build.js';
import { HOST, SAME } from './console-session.js';

/** The session cookie's value from a sign-in answer. */
function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((h) => h?.startsWith('sift_console='));
  expect(line).toBeDefined();
  return line!.split(';')[0]!;
}

describe.each(STORE_KINDS)('console sessions on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      t.app.server.inject({
        method,
        url,
        headers: {
          ...SAME,
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
        ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
      });
    const signIn = async (key: string) => {
      const res = await inject('POST', '/console/session', { body: { key } });
      expect(res.statusCode, res.body).toBe(200);
      return cookieOf(res);
    };
    const act = (surface: string, cookie: string, body: Record<string, unknown>, query = '', headers: Record<string, string> = {}) =>
      inject('POST', `/console/api/sift-${surface}${query}`, { cookie, body, headers });

    beforeAll(async () => {
      buildConsole();
      t = await makeTestApp(kind);
      f = await seedProject(t);
    });
    afterAll(() => t?.close());

    it('serves the page with a strict Content-Security-Policy and no inline code', async () => {
      const res = await inject('GET', '/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).not.toContain('unsafe');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.body).not.toMatch(/<script>|<style|style=/);
      const js = await inject('GET', '/console/app.js');
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/^text\/javascript/);
      expect((await inject('GET', '/console/app.css')).headers['content-type']).toMatch(/^text\/css/);
    });

    it('signs in with an account key into an HttpOnly, SameSite=Strict cookie holding no key', async () => {
      expect((await inject('GET', '/console/session')).json()).toEqual({ kind: 'none' });
      const res = await inject('POST', '/console/session', { body: { key: f.accountKey } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'account', user: { id: f.userId }, account: { id: f.accountId } });
      const line = String(res.headers['set-cookie']);
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Strict/);
      expect(line).toMatch(/Path=\//);
      expect(line).not.toContain(f.accountKey);
      expect(line).not.toContain(f.accountKey.slice(5, 20));
      const cookie = cookieOf(res);
      expect((await inject('GET', '/console/session', { cookie })).json()).toMatchObject({ kind: 'account' });
    });

    it('refuses wrong keys (401) and project keys with a hint at the account key', async () => {
      expect((await inject('POST', '/console/session', { body: { key: 'sift_nope' } })).statusCode).toBe(401);
      const read = await inject('POST', '/console/session', { body: { key: f.readKey } });
      expect(read.statusCode).toBe(401);
      expect(read.json().error).toMatch(/account key/);
      expect((await inject('POST', '/console/session', { body: { key: f.editKey } })).statusCode).toBe(401);
      expect((await inject('POST', '/console/session', { body: {} })).statusCode).toBe(400);
    });

    it('refuses state-changing requests from another origin, without an origin, or without the console header', async () => {
      const cookie = await signIn(f.accountKey);
      const body = { action: 'list_projects' };
      expect((await act('account', cookie, body)).statusCode).toBe(200);
      const evil = await act('account', cookie, body, '', { origin: 'https://evil.example' });
      expect(evil.statusCode).toBe(403);
      expect(evil.json().error).toMatch(/cross-site/);
      expect((await act('account', cookie, body, '', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      expect((await act('account', cookie, body, '', { 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
      const bare = await t.app.server.inject({
        method: 'POST',
        url: '/console/api/sift-account',
        headers: { host: HOST, cookie, 'content-type': 'application/json', 'x-sift-console': '1' },
        payload: JSON.stringify(body),
      });
      expect(bare.statusCode).toBe(403);
      const noHeader = await t.app.server.inject({
        method: 'POST',
        url: '/console/api/sift-account',
        headers: { host: HOST, origin: `http://${HOST}`, cookie, 'content-type': 'text/plain' },
        payload: JSON.stringify(body),
      });
      expect(noHeader.statusCode).toBe(403);
      // Sign-in itself is guarded too (login CSRF).
      expect((await inject('POST', '/console/session', { body: { key: f.accountKey }, headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
    });

    it("acts on a project as the session user's membership says: read, write, uploads; 404 for others", async () => {
      const cookie = await signIn(f.accountKey);
      const q = `?projectId=${f.projectShortId}`;
      const project = await act('read', cookie, { action: 'get_project' }, q);
      expect(project.statusCode).toBe(200);
      expect(project.json().project.id).toBe(f.projectShortId);
      expect((await act('read', cookie, { action: 'get_project' })).statusCode).toBe(400);
      expect((await act('read', cookie, { action: 'get_nothing' }, q)).statusCode).toBe(400);
      const tag = await act('write', cookie, { action: 'manage_tags', operation: 'create', text: 'console' }, q);
      expect(tag.statusCode).toBe(200);
      const body = multipart([{ filename: 'a.txt', content: 'Participant: the console works.' }]);
      const up = await t.app.server.inject({
        method: 'POST',
        url: `/console/api/sift-account/upload${q}`,
        headers: { ...SAME, cookie, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().documents[0]).toMatchObject({ filename: 'a.txt', status: 'pending' });

      const other = await seedProject(t);
      expect((await act('read', cookie, { action: 'get_project' }, `?projectId=${other.projectShortId}`)).statusCode).toBe(404);
      // A viewer reads but does not write.
      await t.admin('add_member', { projectId: other.projectId, userId: f.userId, role: 'viewer' });
      const viewerQ = `?projectId=${other.projectShortId}`;
      expect((await act('read', cookie, { action: 'get_tags' }, viewerQ)).statusCode).toBe(200);
      const refused = await act('write', cookie, { action: 'manage_tags', operation: 'create', text: 'x' }, viewerQ);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatch(/viewer/);
    });

    it('an operator session reaches the operator surface only; an account session never does', async () => {
      const account = await signIn(f.accountKey);
      expect((await act('admin', account, { action: 'create_user', email: 'no@example.com' })).statusCode).toBe(403);
      const operator = await signIn(ADMIN_TOKEN);
      const user = await act('admin', operator, { action: 'create_user', email: 'ops@example.com' });
      expect(user.statusCode).toBe(200);
      expect((await act('account', operator, { action: 'list_projects' })).statusCode).toBe(403);
    });

    it('signing out, or revoking the account key, ends the session', async () => {
      const a = await signIn(f.accountKey);
      // As client libraries send it: a JSON content type and no body.
      expect((await inject('DELETE', '/console/session', { cookie: a, headers: { 'content-type': 'application/json' } })).statusCode).toBe(200);
      expect((await act('account', a, { action: 'list_projects' })).statusCode).toBe(401);
      expect((await inject('GET', '/console/session', { cookie: a })).json()).toEqual({ kind: 'none' });

      const b = await signIn(f.accountKey);
      await t.admin('revoke_key', { key: f.accountKey });
      const res = await act('account', b, { action: 'list_projects' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/revoked/);
    });
  });
});

describe('console sign-in throttling', () => {
  let t: TestApp;
  let f: Fixture;
  let other: Fixture;
  let another: Fixture;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '2', SIFT_RATE_LIMIT_SIGN_IN: '3' });
    [f, other, another] = [await seedProject(t), await seedProject(t), await seedProject(t)];
  });
  afterAll(() => t?.close());
  const attempt = (key: string) =>
    t.app.server.inject({
      method: 'POST',
      url: '/console/session',
      headers: { ...SAME, 'content-type': 'application/json' },
      payload: JSON.stringify({ key }),
    });

  it('counts wrong keys against the address, as on the API: past the limit a wrong key gets 429, while the operator token and a valid account key still sign in', async () => {
    expect((await attempt('sift_wrong')).statusCode).toBe(401);
    expect((await attempt('not-even-a-key')).statusCode).toBe(401);
    const third = await attempt('sift_wrong');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect((await attempt(ADMIN_TOKEN)).statusCode).toBe(200);
    expect((await attempt(f.accountKey)).statusCode).toBe(200);
    expect((await attempt('sift_wrong')).statusCode).toBe(429);
  });

  it('limits sign-ins per key (SIFT_RATE_LIMIT_SIGN_IN), so that one key cannot sign in without end', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(other.accountKey)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await attempt(another.accountKey)).statusCode).toBe(200);
  });
});
