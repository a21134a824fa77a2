import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { makeTestApp, seedProject, ACCOUNT, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { newId } from '../../src/domain/ids.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_MEMBERS = ['access', 'createdAt', 'id', 'projectId', 'revokedAt', 'userId'];
const rand = () => crypto.randomBytes(5).toString('hex');
const normalise = (error: string) => error.replace(/"[^"]*"/g, '"<id>"');
const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

/** Self-service keys (a sift extension of the specification, docs/decisions.md). */
describe.each(STORE_KINDS)('self-service keys on the account surface on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    /** Another user, account and project: f's user is made a viewer there. */
    let g: Fixture;
    /** A third project f's user is not a member of. */
    let h: Fixture;
    /** A user with an account key of their own, added to f's project with various roles. */
    let other: { userId: string; key: string };

    const account = (key: string, body: Record<string, unknown>) => t.post(ACCOUNT, key, body);
    const readProject = async (key: string) => (await t.post(READ, key, { action: 'get_project' })).statusCode;
    const keyRows = (projectId: string) => t.app.store.db.selectFrom('apiKeys').selectAll().where('projectId', '=', projectId).execute();

    beforeAll(async () => {
      // The app keeps its default credential cache (2 s), so that a revocation must clear it.
      t = await makeTestApp(kind);
      f = await seedProject(t);
      g = await seedProject(t);
      h = await seedProject(t);
      await t.admin('add_member', { projectId: g.projectId, userId: f.userId, role: 'viewer' });
      const { user } = await t.admin('create_user', { email: `other${rand()}@example.com` });
      const { account: a } = await t.admin('create_account', { name: 'Other team', ownerUserId: user.id });
      other = { userId: user.id, key: (await t.admin('create_account_key', { accountId: a.id, userId: user.id })).key };
    });
    afterAll(() => t?.close());

    it("list_projects: every project the key's user is a member of, with its role, whichever account owns it", async () => {
      const res = await account(f.accountKey, { action: 'list_projects' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.accountId).toBe(f.accountId);
      expect(body.projects.map((p: any) => [p.id, p.shortId, p.accountId, p.role])).toEqual([
        [f.projectId, f.projectShortId, f.accountId, 'owner'],
        [g.projectId, g.projectShortId, g.accountId, 'viewer'],
      ]);
      expect(body.projects[0]).toMatchObject({ name: 'Interviews', locale: 'en', pipeline: 'standard' });
      expect(res.body).not.toContain(h.projectId);
      // A user who is a member of nothing lists nothing.
      expect((await account(other.key, { action: 'list_projects' })).json().projects).toEqual([]);
    });

    it('create_project_key: the owner mints a read key, shown once, stored hashed, that reads the project', async () => {
      const res = await account(f.accountKey, { action: 'create_project_key', projectId: f.projectShortId, access: 'read' });
      expect(res.statusCode, res.body).toBe(200);
      const { key, secret } = res.json();
      expect(Object.keys(res.json()).sort()).toEqual(['key', 'secret']);
      expect(Object.keys(key).sort()).toEqual(KEY_MEMBERS);
      expect(key).toMatchObject({ access: 'read', projectId: f.projectId, userId: f.userId, revokedAt: null });
      expect(key.id).toMatch(UUID);
      expect(secret).toMatch(/^sift_[A-Za-z0-9_-]{32,}r$/);
      const row = (await keyRows(f.projectId)).find((r) => r.id === key.id)!;
      expect(row).toMatchObject({ hash: sha256(secret), scope: 'project', access: 'read', accountId: null });
      expect(JSON.stringify(row)).not.toContain(secret);
      const read = await t.post(READ, secret, { action: 'get_project' });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().project.id).toBe(f.projectShortId);
      // A read key does not write.
      expect((await t.post(WRITE, secret, { action: 'manage_insights', operation: 'create', categories: [], text: 'x' })).statusCode).toBe(403);
    });

    it('create_project_key: an edit key writes; the answer is never replayed by list_project_keys', async () => {
      const res = await account(f.accountKey, { action: 'create_project_key', projectId: f.projectId, access: 'edit' });
      expect(res.statusCode, res.body).toBe(200);
      const { key, secret } = res.json();
      expect(secret).toMatch(/e$/);
      const write = await t.post(WRITE, secret, { action: 'manage_insights', operation: 'create', categories: [], text: 'Minted by the owner' });
      expect(write.statusCode, write.body).toBe(200);

      const list = await account(f.accountKey, { action: 'list_project_keys', projectId: f.projectId });
      expect(list.statusCode, list.body).toBe(200);
      const keys = list.json().keys;
      // The fixture's two keys, the read key above and this one, oldest first.
      expect(keys.length).toBe(4);
      expect(keys.at(-1)).toEqual(key);
      for (const k of keys) expect(Object.keys(k).sort()).toEqual(KEY_MEMBERS);
      expect(list.body).not.toContain(secret);
      expect(list.body).not.toContain(sha256(secret));
      expect(list.body).not.toContain(f.editKey);
      expect(list.body).not.toContain(g.projectId);
    });

    it('revoke_project_key: the key gets 401 at once (its cached look-up is forgotten), listed as revoked; twice answers the same', async () => {
      const { key, secret } = (await account(f.accountKey, { action: 'create_project_key', projectId: f.projectId, access: 'read' })).json();
      // Authenticated once, so that the look-up is remembered.
      expect(await readProject(secret)).toBe(200);
      const res = await account(f.accountKey, { action: 'revoke_project_key', projectId: f.projectShortId, keyId: key.id });
      expect(res.statusCode, res.body).toBe(200);
      const revoked = res.json().key;
      expect(revoked).toEqual({ ...key, revokedAt: expect.any(String) });
      const gone = await t.post(READ, secret, { action: 'get_project' });
      expect(gone.statusCode).toBe(401);
      expect(gone.json()).toEqual({ error: expect.any(String) });

      const listed = (await account(f.accountKey, { action: 'list_project_keys', projectId: f.projectId })).json().keys;
      expect(listed.find((k: any) => k.id === key.id)).toEqual(revoked);
      expect(listed.find((k: any) => k.id !== key.id && k.revokedAt !== null)).toBeUndefined();

      const again = await account(f.accountKey, { action: 'revoke_project_key', projectId: f.projectId, keyId: key.id });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().key).toEqual(revoked);
      // The fixture's own keys were not touched.
      expect(await readProject(f.readKey)).toBe(200);
    });

    it('revoke_project_key: a key of another project, or no key, is a 404 and that key keeps working', async () => {
      const gKey = (await keyRows(g.projectId)).find((r) => r.access === 'read')!;
      const res = await account(f.accountKey, { action: 'revoke_project_key', projectId: f.projectId, keyId: gKey.id });
      expect(res.statusCode, res.body).toBe(404);
      expect(await readProject(g.readKey)).toBe(200);
      expect((await account(f.accountKey, { action: 'revoke_project_key', projectId: f.projectId, keyId: newId() })).statusCode).toBe(404);
      // Named under its own project, where f's user is only a viewer: 403, still not revoked.
      expect((await account(f.accountKey, { action: 'revoke_project_key', projectId: g.projectId, keyId: gKey.id })).statusCode).toBe(403);
      expect(await readProject(g.readKey)).toBe(200);
    });

    it('a member or viewer of the project gets 403 on create, list and revoke, and changes nothing', async () => {
      const target = (await account(f.accountKey, { action: 'create_project_key', projectId: f.projectId, access: 'read' })).json();
      for (const role of ['member', 'viewer'] as const) {
        await t.admin('add_member', { projectId: f.projectId, userId: other.userId, role });
        const before = await keyRows(f.projectId);
        for (const body of [
          { action: 'create_project_key', projectId: f.projectId, access: 'read' },
          { action: 'list_project_keys', projectId: f.projectId },
          { action: 'revoke_project_key', projectId: f.projectId, keyId: target.key.id },
        ]) {
          const res = await account(other.key, body);
          expect([role, body.action, res.statusCode]).toEqual([role, body.action, 403]);
          expect(res.json().error).toContain(role);
        }
        expect(await keyRows(f.projectId)).toEqual(before);
        expect(await readProject(target.secret)).toBe(200);
        // It still lists the project, with its role.
        const projects = (await account(other.key, { action: 'list_projects' })).json().projects;
        expect(projects.map((p: any) => [p.id, p.role])).toEqual([[f.projectId, role]]);
      }
      // As admin it may.
      await t.admin('add_member', { projectId: f.projectId, userId: other.userId, role: 'admin' });
      const minted = await account(other.key, { action: 'create_project_key', projectId: f.projectId, access: 'read' });
      expect(minted.statusCode, minted.body).toBe(200);
      expect(minted.json().key.userId).toBe(other.userId);
      expect((await account(other.key, { action: 'list_project_keys', projectId: f.projectId })).statusCode).toBe(200);
      expect((await account(other.key, { action: 'revoke_project_key', projectId: f.projectId, keyId: target.key.id })).statusCode).toBe(200);
      expect(await readProject(target.secret)).toBe(401);
      await t.app.store.db.deleteFrom('memberships').where('projectId', '=', f.projectId).where('userId', '=', other.userId).execute();
    });

    it('a user who is not a member of the project gets 404 on create, list and revoke, as for a project that does not exist', async () => {
      const hKey = (await keyRows(h.projectId)).find((r) => r.access === 'read')!;
      const before = await keyRows(h.projectId);
      for (const body of [
        { action: 'create_project_key', projectId: h.projectId, access: 'read' },
        { action: 'list_project_keys', projectId: h.projectId },
        { action: 'revoke_project_key', projectId: h.projectId, keyId: hKey.id },
      ]) {
        const res = await account(f.accountKey, body);
        expect([body.action, res.statusCode]).toEqual([body.action, 404]);
        const ghost = await account(f.accountKey, { ...body, projectId: newId() });
        expect([body.action, ghost.statusCode]).toEqual([body.action, 404]);
        expect(normalise(res.json().error)).toBe(normalise(ghost.json().error));
      }
      expect(await keyRows(h.projectId)).toEqual(before);
      expect(await readProject(h.readKey)).toBe(200);
    });

    it('create_project_key naming a user who is not a member of the project is refused (404), one who is gets the key', async () => {
      const before = await keyRows(f.projectId);
      const nonMember = await account(f.accountKey, { action: 'create_project_key', projectId: f.projectId, access: 'read', userId: h.userId });
      expect(nonMember.statusCode, nonMember.body).toBe(404);
      expect(nonMember.json().error).toBe(`user "${h.userId}" not found`);
      const nobody = newId();
      const ghost = await account(f.accountKey, { action: 'create_project_key', projectId: f.projectId, access: 'read', userId: nobody });
      expect(ghost.statusCode).toBe(404);
      expect(ghost.json().error).toBe(`user "${nobody}" not found`);
      expect(await keyRows(f.projectId)).toEqual(before);

      await t.admin('add_member', { projectId: f.projectId, userId: h.userId, role: 'viewer' });
      const res = await account(f.accountKey, { action: 'create_project_key', projectId: f.projectId, access: 'edit', userId: h.userId });
      expect(res.statusCode, res.body).toBe(200);
      const { key, secret } = res.json();
      expect(key).toMatchObject({ userId: h.userId, access: 'edit', projectId: f.projectId });
      expect(await readProject(secret)).toBe(200);
      // The key acts as its user: a viewer's edit key reads but does not write.
      expect((await t.post(WRITE, secret, { action: 'manage_insights', operation: 'create', categories: [], text: 'x' })).statusCode).toBe(403);
      await t.app.store.db.deleteFrom('memberships').where('projectId', '=', f.projectId).where('userId', '=', h.userId).execute();
    });

    it("get_credits: the account's balance and its ledger, newest first, paginated", async () => {
      const first = (await account(f.accountKey, { action: 'get_credits' })).json();
      expect(first).toEqual({
        accountId: f.accountId,
        creditBalance: 1000,
        ledger: [expect.objectContaining({ amount: 1000, kind: 'grant', projectId: null, documentIds: null })],
        total: 1,
        offset: 0,
        nextOffset: null,
      });

      await uploadReady(t, f, [{ filename: 'interview.txt', content: 'Participant: The onboarding took far too long and I almost gave up.' }]);
      const res = await account(f.accountKey, { action: 'get_credits' });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json();
      expect(after.creditBalance).toBeLessThan(1000);
      expect(after.total).toBe(2);
      const [charge, grant] = after.ledger;
      expect(charge).toMatchObject({ kind: 'charge', amount: after.creditBalance - 1000, projectId: f.projectId });
      expect(charge.documentIds).toHaveLength(1);
      expect(grant).toEqual(first.ledger[0]);
      expect(after.ledger.reduce((s: number, e: any) => s + e.amount, 0)).toBe(after.creditBalance);

      const page1 = (await account(f.accountKey, { action: 'get_credits', limit: 1 })).json();
      expect(page1).toMatchObject({ ledger: [charge], total: 2, offset: 0, nextOffset: 1 });
      const page2 = (await account(f.accountKey, { action: 'get_credits', limit: 1, offset: 1 })).json();
      expect(page2).toMatchObject({ ledger: [grant], total: 2, offset: 1, nextOffset: null });
      expect((await account(f.accountKey, { action: 'get_credits', limit: 101 })).statusCode).toBe(400);

      // Another account's key sees its own account only.
      const g2 = (await account(g.accountKey, { action: 'get_credits' })).json();
      expect(g2).toMatchObject({ accountId: g.accountId, creditBalance: 1000, total: 1 });
    });
  });
});
