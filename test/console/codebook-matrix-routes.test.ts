import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { agreementProject } from '../helpers/agreement-project.js';
import { multipart } from '../helpers/multipart.js';
import { HOST, SAME, consoleCookie } from './console-session.js';

/**
 * The codebook and matrix downloads the console's Codebook and Matrix pages link to, and the
 * codebook upload: the read surface's exports and the account surface's import, reached with the
 * session's cookie (a link cannot send a bearer key), for members (and, to import, owners and admins).
 */
describe.each(STORE_KINDS)('console codebook and matrix routes on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let runA = '';
    let cookie = '';
    const get = (path: string, query: string, withCookie = true) =>
      t.app.server.inject({ method: 'GET', url: `/console/api/sift-read/${path}?${query}`, headers: { host: HOST, ...(withCookie ? { cookie } : {}) } });
    const api = (path: string, query: string) =>
      t.app.server.inject({ method: 'GET', url: `/api/sift-read/${path}?${query}`, headers: { authorization: `Bearer ${f.readKey}` } });

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      ({ runA } = await agreementProject(t, f));
      cookie = await consoleCookie(t, f.accountKey);
    });
    afterAll(() => t?.close());

    it("answers the same codebook files as the read key's export", async () => {
      for (const format of ['qdc', 'csv', 'md']) {
        const res = await get('codebook', `projectId=${f.projectShortId}&format=${format}&analysisId=${runA}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
        expect(res.body).toBe((await api('codebook', `format=${format}&analysisId=${runA}`)).body);
      }
      const wrong = await get('codebook', `projectId=${f.projectShortId}&format=pdf`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details[0].path).toBe('/format');
      expect((await get('codebook', `projectId=${f.projectShortId}&analysisId=nope`)).json().details[0].path).toBe('/analysisId');
      expect((await get('codebook', `projectId=${f.projectShortId}`, false)).statusCode).toBe(401);
    });

    it("answers the same matrix CSV and .xlsx as the read key's export", async () => {
      const query = `columns=participant&analysisId=${runA}`;
      const csv = await get('matrix.csv', `projectId=${f.projectShortId}&${query}&measure=participants`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body).toBe((await api('matrix.csv', `${query}&measure=participants`)).body);
      const xlsx = await get('matrix.xlsx', `projectId=${f.projectShortId}&${query}`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toBe('attachment; filename="matrix.xlsx"');
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect((await get('matrix.xlsx', `projectId=${f.projectShortId}&${query}&measure=insights`)).json().details[0].path).toBe('/measure');
      expect((await get('matrix.csv', `projectId=${f.projectShortId}&columns=metadata`)).statusCode).toBe(400);
      const other = await seedProject(t);
      expect((await get('matrix.csv', `projectId=${other.projectShortId}&${query}`)).statusCode).toBe(404);
    });

    it('starts a predefined run from an uploaded codebook for an owner, and refuses a viewer and a request from elsewhere', async () => {
      const upload = (projectId: string, headers: Record<string, string> = SAME) => {
        const body = multipart([{ filename: 'book.csv', content: 'name,description,parent,examples\nPrices,cost,,\n', type: 'text/csv' }]);
        return t.app.server.inject({
          method: 'POST',
          url: `/console/api/sift-account/codebook?projectId=${projectId}&name=Uploaded`,
          headers: { ...headers, cookie, 'content-type': body.contentType },
          payload: body.payload,
        });
      };
      const res = await upload(f.projectShortId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().analysis.name).toBe('Uploaded');
      expect(res.json().codebook.map((c: { name: string }) => c.name)).toEqual(['Prices']);
      expect((await upload(f.projectShortId, { host: HOST })).statusCode).toBe(403);
      const other = await seedProject(t);
      await t.admin('add_member', { projectId: other.projectId, userId: f.userId, role: 'viewer' });
      expect((await upload(other.projectShortId)).statusCode).toBe(403);
    });
  });
});
