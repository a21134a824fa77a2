import { describe, expect, it } from 'vitest';
import { useSeededApp, READ, WRITE } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { SURFACES } from '../../src/schema/surfaces.js';
import { bodyLimitFor, MAX_BODY_BYTES, maxJsonBytes, maxJsonValues } from '../../src/schema/body-limit.js';
import { MAX_DETAILS } from '../../src/schema/validate.js';
import { boundCases, minimalValue, placeAt } from '../helpers/schema-walk.js';

describe('body limits derived from the schemas', () => {
  it('admit every valid body the bounds walk builds, at its largest bound', () => {
    for (const [surface, def] of Object.entries(SURFACES)) {
      const limit = bodyLimitFor(def.actions, MAX_BODY_BYTES);
      for (const [action, schema] of Object.entries(def.actions)) {
        const base = { ...(minimalValue(schema) as object), action };
        for (const c of boundCases(schema).filter((x) => x.valid)) {
          const body = JSON.stringify(placeAt(base, c.path, c.value, schema), null, 2);
          expect([surface, action, c.path, c.what, Buffer.byteLength(body) <= limit]).toEqual([surface, action, c.path, c.what, true]);
        }
      }
    }
  });

  it('keep the read surface far below the global ceiling', () => {
    expect(bodyLimitFor(SURFACES.read.actions, MAX_BODY_BYTES)).toBeLessThan(4 * 1024 * 1024);
    expect(maxJsonBytes({ type: 'string' })).toBe(Infinity);
    expect(
      maxJsonValues({
        type: 'array',
        items: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' }, b: { type: 'integer' } } },
        maxItems: 3,
      }),
    ).toBe(1 + 3 * 3);
    expect(maxJsonValues({ type: 'array', items: { type: 'string' } })).toBe(Infinity);
    expect(maxJsonValues({ type: 'object', properties: {} })).toBe(1);
    expect(maxJsonBytes({ type: 'array', items: { type: 'string', maxLength: 3 }, maxItems: 2 })).toBe(2 + 2 * (2 + 18 + 1));
  });
});

describe.each(STORE_KINDS)('hostile bodies on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    const s = useSeededApp(kind);

    it('a body of many unknown members answers a short 400: at most 50 details, the rest counted', async () => {
      const body: Record<string, unknown> = { action: 'get_project' };
      for (let i = 0; i < 20_000; i++) body[`zz${i}`] = i;
      const res = await s.t.post(READ, s.f.readKey, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toHaveLength(MAX_DETAILS);
      expect(res.json().error).toContain('and 19999 more');
      expect(res.body.length).toBeLessThan(10_000);
    });

    it('a body larger than any valid request of the surface is refused with 413 before it is parsed', async () => {
      const limit = bodyLimitFor(SURFACES.read.actions, MAX_BODY_BYTES);
      const res = await s.t.post(READ, s.f.readKey, JSON.stringify({ action: 'get_project', pad: 'x'.repeat(limit) }));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe(`the body is larger than ${limit.toLocaleString('en')} bytes, the most any valid request to /api/sift-read needs`);
    });

    it('refuses a metadata value nested too deep or too large, naming it, and stores nothing', async () => {
      const docs = await s.t.app.store.db.selectFrom('documents').select('id').where('projectId', '=', s.f.projectId).execute();
      expect(docs).toHaveLength(0);
      let deep: unknown = 1;
      for (let i = 0; i < 4000; i++) deep = [deep];
      const tooDeepToParse = await s.t.post(WRITE, s.f.editKey, {
        action: 'set_metadata_values',
        documentId: 'D1',
        values: [{ fieldId: 'f', text: 'a', value: deep }],
      });
      expect(tooDeepToParse.statusCode).toBe(400);
      let deeper: unknown = 1;
      for (let i = 0; i < 40; i++) deeper = [deeper];
      for (const value of [deeper, { text: 'x'.repeat(20_000) }]) {
        const res = await s.t.post(WRITE, s.f.editKey, { action: 'set_metadata_values', documentId: 'D1', values: [{ fieldId: 'f', text: 'a', value }] });
        expect(res.statusCode).toBe(400);
        expect(res.json().details[0].path).toBe('/values/0/value');
      }
    });
  });
});
