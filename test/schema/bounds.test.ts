import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURFACES, type SurfaceName } from '../../src/schema/surfaces.js';
import { surfaceValidator } from '../../src/schema/validate.js';
import { boundCases, minimalValue, placeAt } from '../helpers/schema-walk.js';
import { makeTestApp, seedProject, ADMIN_TOKEN, type TestApp } from '../helpers/app.js';

type Body = Record<string, unknown>;

/** Rules that span members (schema `if`/`oneOf`): pick a companion that makes the member legal. */
function withCompanions(surface: SurfaceName, action: string, body: Body, path: string): Body {
  const b = { ...body };
  if (action === 'start_analysis' && (surface === 'account' || surface === 'partner')) {
    if (path.startsWith('/categories')) {
      b.type = 'predefined';
      if (b.categories === undefined) b.categories = [{ name: 'a' }];
    } else {
      b.type = path.startsWith('/type') ? b.type : 'automatic';
      if (b.type !== 'predefined') delete b.categories;
      if (b.type === 'predefined' && b.categories === undefined) b.categories = [{ name: 'a' }];
      if (b.type !== 'automatic') delete b.reconsiderSkipped;
    }
  }
  if (action === 'get_matrix') {
    // `field` only with (and always with) metadata columns, `by` only with code columns.
    if (path.startsWith('/field')) b.columns = 'metadata';
    if (path.startsWith('/by')) b.columns = 'code';
    if (b.columns === 'metadata' && b.field === undefined) b.field = 'a';
  }
  if (surface === 'admin' && (action === 'grant_credits' || action === 'get_credits')) {
    if (path.startsWith('/partnerId')) delete b.accountId;
    else if (!path.startsWith('/accountId') && b.partnerId === undefined) b.accountId = '0b0c5a4e-8d1f-4c1e-9f1a-2b3c4d5e6f70';
  }
  return b;
}

const SURFACE_NAMES = Object.keys(SURFACES) as SurfaceName[];

function casesOf(surface: SurfaceName, action: string) {
  const schema = SURFACES[surface].actions[action] as unknown as Record<string, any>;
  const base = withCompanions(surface, action, minimalValue(schema) as Body, '');
  return {
    base,
    cases: boundCases(schema).map((c) => ({ ...c, body: withCompanions(surface, action, placeAt(base, c.path, c.value, schema) as Body, c.path) })),
  };
}

describe('every bound of every action, exhaustively, against the validator', () => {
  for (const surface of SURFACE_NAMES) {
    const validate = surfaceValidator(surface);
    for (const action of Object.keys(SURFACES[surface].actions)) {
      it(`${surface}.${action}`, () => {
        const { base, cases } = casesOf(surface, action);
        expect(validate(base)).toEqual({ ok: true });
        expect(cases.length).toBeGreaterThan(0);
        for (const c of cases) {
          const result = validate(c.body);
          expect([c.path, c.what, result.ok]).toEqual([c.path, c.what, c.valid]);
          if (!result.ok && !c.valid) {
            expect([c.path, c.what, result.details.map((d) => d.path)]).toEqual([c.path, c.what, expect.arrayContaining([c.errorPath])]);
          }
        }
      });
    }
  }
});

describe('the same cases through HTTP: refusals are 400 with details, nothing answers 5xx', () => {
  let t: TestApp;
  const credential: Partial<Record<SurfaceName, string>> = {};
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
    const f = await seedProject(t);
    credential.read = f.readKey;
    credential.write = f.editKey;
    credential.account = f.accountKey;
    credential.partner = (await t.admin('create_partner', { name: 'P' })).secret;
    credential.admin = ADMIN_TOKEN;
  });
  afterAll(() => t?.close());

  for (const surface of SURFACE_NAMES) {
    for (const action of Object.keys(SURFACES[surface].actions)) {
      it(`${surface}.${action}`, async () => {
        const { base, cases } = casesOf(surface, action);
        const unknown = await t.post(SURFACES[surface].path, credential[surface]!, { ...base, zzUnknownMember: true });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().details).toContainEqual({ path: '/zzUnknownMember', message: expect.any(String) });
        for (const c of cases) {
          const res = await t.post(SURFACES[surface].path, credential[surface]!, c.body);
          if (!c.valid) {
            expect([c.path, c.what, res.statusCode]).toEqual([c.path, c.what, 400]);
            expect(res.json().details.map((d: { path: string }) => d.path)).toContain(c.errorPath);
          } else {
            expect([c.path, c.what, res.statusCode >= 500 && res.statusCode !== 501]).toEqual([c.path, c.what, false]);
          }
        }
      });
    }
  }
});
