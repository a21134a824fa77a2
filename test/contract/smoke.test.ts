import { describe, expect, it } from 'vitest';
import { useSeededApp, READ } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

describe.each(STORE_KINDS)('smoke on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    const s = useSeededApp(kind);

    it('get_project answers the project in short form with a request id and rate headers', async () => {
      const res = await s.t.post(READ, s.f.readKey, { action: 'get_project' }, { 'x-request-id': 'abc-123' });
      expect(res.statusCode).toBe(200);
      expect(res.json().project).toMatchObject({ id: s.f.projectShortId, name: 'Interviews', locale: 'en' });
      expect(res.headers['x-request-id']).toBe('abc-123');
      expect(Number(res.headers['ratelimit-limit'])).toBeGreaterThan(0);
    });

    it('refuses unknown members with details', async () => {
      const res = await s.t.post(READ, s.f.readKey, { action: 'get_project', bogus: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), details: [{ path: '/bogus', message: expect.any(String) }] });
    });
  });
});
