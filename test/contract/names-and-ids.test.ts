import { describe, expect, it } from 'vitest';
import { useSeededApp, ADMIN_TOKEN, ADMIN, READ } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

describe.each(STORE_KINDS)('names, ids and members on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    const s = useSeededApp(kind);

    it('create_user with an e-mail already used answers 409 naming the existing user', async () => {
      const email = `twice${Math.random()}@example.com`;
      const { user } = await s.t.admin('create_user', { email });
      const again = await s.t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toContain(user.id);
    });

    it('create_project_key refuses a user who is not a member of the project (such a key could never work)', async () => {
      const { user } = await s.t.admin('create_user', { email: `outsider${Math.random()}@example.com` });
      const refused = await s.t.post(ADMIN, ADMIN_TOKEN, { action: 'create_project_key', projectId: s.f.projectId, userId: user.id, access: 'read' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ path: '/userId', message: expect.stringContaining('not a member') }]);
      await s.t.admin('add_member', { projectId: s.f.projectId, userId: user.id, role: 'viewer' });
      const { key } = await s.t.admin('create_project_key', { projectId: s.f.projectId, userId: user.id, access: 'read' });
      expect((await s.t.post(READ, key, { action: 'get_project' })).statusCode).toBe(200);
    });

    it('refuses a __proto__ or constructor.prototype member with 400 instead of dropping it', async () => {
      for (const body of ['{"action":"get_project","__proto__":{"x":1}}', '{"action":"get_project","constructor":{"prototype":{"x":1}}}']) {
        const res = await s.t.post(READ, s.f.readKey, body);
        expect([body, res.statusCode]).toEqual([body, 400]);
        expect(res.json().error).toContain('__proto__');
      }
    });
  });
});
