import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SURFACES, UPLOAD_PATHS, type SurfaceName } from '../../src/schema/surfaces.js';
import { minimalValue } from '../helpers/schema-walk.js';
import { makeTestApp, seedProject, ADMIN_TOKEN, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

const SURFACE_NAMES = Object.keys(SURFACES) as SurfaceName[];

describe.each(STORE_KINDS)('no body makes a 5xx on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    const credential: Partial<Record<SurfaceName, string>> = {};
    beforeAll(async () => {
      t = await makeTestApp(kind);
      const f = await seedProject(t);
      Object.assign(credential, { read: f.readKey, write: f.editKey, account: f.accountKey, admin: ADMIN_TOKEN });
      credential.partner = (await t.admin('create_partner', { name: 'P' })).secret;
    });
    afterAll(() => t?.close());

    const notServerError = (status: number) => status < 500 || status === 501;

    for (const surface of SURFACE_NAMES) {
      const actions = Object.keys(SURFACES[surface].actions);
      it(`${surface}: arbitrary JSON and bodies mutated from valid ones`, async () => {
        const arbitraryBody = fc.oneof(
          fc.jsonValue(),
          fc
            .record({ action: fc.constantFrom(...actions) })
            .chain((b) => fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 })).map((extra) => ({ ...extra, ...b }))),
          fc.constantFrom(...actions).chain((action) => {
            const base = minimalValue(SURFACES[surface].actions[action] as never) as Record<string, unknown>;
            const keys = Object.keys(base).filter((k) => k !== 'action');
            if (keys.length === 0) return fc.constant(base);
            return fc.record({ key: fc.constantFrom(...keys), value: fc.jsonValue({ maxDepth: 2 }) }).map(({ key, value }) => ({ ...base, [key]: value }));
          }),
        );
        await fc.assert(
          fc.asyncProperty(arbitraryBody, async (body) => {
            const res = await t.post(SURFACES[surface].path, credential[surface]!, body);
            expect([JSON.stringify(body).slice(0, 300), res.statusCode, notServerError(res.statusCode)]).toEqual([
              JSON.stringify(body).slice(0, 300),
              res.statusCode,
              true,
            ]);
            const json = res.json();
            expect(Object.keys(json).every((k) => res.statusCode === 200 || k === 'error' || k === 'details')).toBe(true);
          }),
          { numRuns: 150, seed: 20261122 },
        );
      });

      it(`${surface}: raw bodies that are not a JSON object are 400, other methods 405`, async () => {
        const path = SURFACES[surface].path;
        const auth = { authorization: `Bearer ${credential[surface]}` };
        for (const [payload, type] of [
          ['{"action": ', 'application/json'],
          ['', 'application/json'],
          ['[1,2]', 'application/json'],
          ['"text"', 'application/json'],
          ['action=get_project', 'application/x-www-form-urlencoded'],
          ['hello', 'text/plain'],
        ] as const) {
          const res = await t.app.server.inject({ method: 'POST', url: path, headers: { ...auth, 'content-type': type }, payload });
          expect([payload, res.statusCode]).toEqual([payload, 400]);
          expect(res.json()).toEqual({ error: expect.any(String), details: expect.any(Array) });
        }
        for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'] as const) {
          const res = await t.app.server.inject({ method, url: path, headers: auth });
          expect([method, res.statusCode]).toEqual([method, 405]);
        }
      });
    }

    it('ids of every form and size, up to 15 digits, in every id field of every action, answer without a 5xx', async () => {
      const anId = fc.oneof(
        fc.tuple(fc.constantFrom('D', 'I', 'M', 'N', 'd'), fc.bigInt({ min: 1n, max: 999_999_999_999_999n })).map(([p, n]) => `${p}${n}`),
        fc.constantFrom('D2147483647', 'D2147483648', 'I4294967296', 'N999999999999999', 'D0', 'D-1'),
        fc.stringMatching(/^[PCTF][0-9a-z]{10}$/),
        fc.uuid(),
      );
      /** Every member named like an id (`documentId`, `categoryIds`, `parentId`) takes the generated id. */
      const withIds = (value: unknown, id: string): unknown => {
        if (Array.isArray(value)) return value.map((v) => withIds(v, id));
        if (value === null || typeof value !== 'object') return value;
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /Ids$/.test(k) ? [id] : /Id$/.test(k) ? id : withIds(v, id)]));
      };
      for (const surface of ['read', 'write', 'account'] as const) {
        const bases = Object.keys(SURFACES[surface].actions)
          .map((action) => minimalValue(SURFACES[surface].actions[action] as never) as Record<string, unknown>)
          .filter((base) => JSON.stringify(base).match(/Ids?"/));
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...bases), anId, async (base, id) => {
            const body = withIds(base, id);
            const res = await t.post(SURFACES[surface].path, credential[surface]!, body);
            expect([JSON.stringify(body).slice(0, 300), notServerError(res.statusCode)]).toEqual([JSON.stringify(body).slice(0, 300), true]);
          }),
          { numRuns: 300, seed: 20261125 },
        );
      }
    });

    it('upload paths answer 405 to other methods', async () => {
      for (const path of Object.values(UPLOAD_PATHS)) {
        expect((await t.app.server.inject({ method: 'GET', url: path })).statusCode).toBe(405);
      }
    });
  });
});
