import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { agreementProject } from '../helpers/agreement-project.js';
import { HOST, consoleCookie } from './console-session.js';

const PATH = '/console/api/sift-read/agreement.csv';

/**
 * The agreement CSV the console's Agreement page links to: the read surface's export, reached
 * with the session's cookie (a link cannot send a bearer key), for members of the project only.
 */
describe.each(STORE_KINDS)('console agreement CSV on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let runA = '';
    let runB = '';
    let cookie = '';
    const get = (query: string, withCookie = true) =>
      t.app.server.inject({ method: 'GET', url: `${PATH}?${query}`, headers: { host: HOST, ...(withCookie ? { cookie } : {}) } });

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      ({ runA, runB } = await agreementProject(t, f));
      cookie = await consoleCookie(t, f.accountKey);
    });
    afterAll(() => t?.close());

    it("answers the same CSV as the read key's export, for a member's session", async () => {
      const query = `a=${runA}&b=${runB}`;
      const res = await get(`projectId=${f.projectShortId}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="agreement.csv"');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const api = await t.app.server.inject({ method: 'GET', url: `/api/sift-read/agreement.csv?${query}`, headers: { authorization: `Bearer ${f.readKey}` } });
      expect(res.body).toBe(api.body);
      const manual = await get(`projectId=${f.projectId}&a=${runA}&b=manual&pairs=${encodeURIComponent(JSON.stringify([{ a: 'Fees', b: 'Fees' }]))}`);
      expect(manual.statusCode, manual.body).toBe(200);
      expect(manual.body.split('\r\n').filter((l) => l.startsWith('code,'))).toHaveLength(1);
    });

    it('refuses without a session, outside the membership, and names a wrong parameter', async () => {
      expect((await get(`projectId=${f.projectShortId}&a=${runA}&b=${runB}`, false)).statusCode).toBe(401);
      const other = await seedProject(t);
      const foreign = await get(`projectId=${other.projectShortId}&a=${runA}&b=${runB}`);
      expect(foreign.statusCode).toBe(404);
      const missing = await get(`a=${runA}&b=${runB}`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details[0].path).toBe('/projectId');
      const wrong = await get(`projectId=${f.projectShortId}&a=${runA}&b=${runB}&format=xlsx`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details[0].path).toBe('/format');
      const notRun = await get(`projectId=${f.projectShortId}&a=nope&b=${runB}`);
      expect(notRun.statusCode).toBe(400);
      expect(notRun.json().details[0].path).toBe('/a');
    });
  });
});
