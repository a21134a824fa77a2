import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, ADMIN, PARTNER, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { multipart } from '../helpers/multipart.js';

type Key = 'projectRead' | 'projectEdit' | 'accountEdit' | 'partner' | 'none' | 'malformed' | 'revokedProject' | 'revokedPartner' | 'formerMember';
type Endpoint = 'read' | 'write' | 'account' | 'partner' | 'accountUpload' | 'writeUpload' | 'partnerUpload';
const YES = 'yes';

/** The specification's access matrix, extended with the credentials that must always fail. */
const MATRIX: Record<Key, Record<Endpoint, 401 | 403 | typeof YES>> = {
  projectRead: { read: YES, write: 403, account: 401, partner: 401, accountUpload: 401, writeUpload: 403, partnerUpload: 401 },
  projectEdit: { read: YES, write: YES, account: 401, partner: 401, accountUpload: 401, writeUpload: YES, partnerUpload: 401 },
  accountEdit: { read: 401, write: 401, account: YES, partner: 401, accountUpload: YES, writeUpload: 401, partnerUpload: 401 },
  partner: { read: 401, write: 401, account: 401, partner: YES, accountUpload: 401, writeUpload: 401, partnerUpload: YES },
  none: { read: 401, write: 401, account: 401, partner: 401, accountUpload: 401, writeUpload: 401, partnerUpload: 401 },
  malformed: { read: 401, write: 401, account: 401, partner: 401, accountUpload: 401, writeUpload: 401, partnerUpload: 401 },
  revokedProject: { read: 401, write: 401, account: 401, partner: 401, accountUpload: 401, writeUpload: 401, partnerUpload: 401 },
  revokedPartner: { read: 401, write: 401, account: 401, partner: 401, accountUpload: 401, writeUpload: 401, partnerUpload: 401 },
  formerMember: { read: 401, write: 401, account: 401, partner: 401, accountUpload: 401, writeUpload: 401, partnerUpload: 401 },
};

describe.each(STORE_KINDS)('access matrix on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const keys = {} as Record<Key, string | null>;
    let partnerProjectId = '';

    const upload = (url: string, key: string | null) => {
      const body = multipart([{ filename: 'a.txt', content: 'Participant: it works.' }]);
      return t.app.server.inject({
        method: 'POST',
        url,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const call = (endpoint: Endpoint, key: string | null) => {
      switch (endpoint) {
        case 'read':
          return t.post(READ, key, { action: 'get_project' });
        case 'write':
          return t.post(WRITE, key, { action: 'manage_insights', operation: 'create', categories: [], text: 'An insight' });
        case 'account':
          return t.post(ACCOUNT, key, { action: 'get_project_status', projectId: f.projectId });
        case 'partner':
          return t.post(PARTNER, key, { action: 'list_accounts' });
        case 'accountUpload':
          return upload(`/api/sift-account/upload?projectId=${f.projectId}`, key);
        case 'writeUpload':
          return upload('/api/sift-write/upload', key);
        case 'partnerUpload':
          return upload(`/api/sift-partner/upload?projectId=${partnerProjectId}`, key);
      }
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      const partner = await t.admin('create_partner', { name: 'P', credits: 10 });
      const revokedPartner = await t.admin('create_partner', { name: 'Q' });
      await t.admin('revoke_key', { key: revokedPartner.secret });
      const revoked = (await t.admin('create_project_key', { projectId: f.projectId, userId: f.userId, access: 'edit' })).key;
      await t.admin('revoke_key', { key: revoked });
      const { user: other } = await t.admin('create_user', { email: `former${Math.random()}@example.com` });
      await t.admin('add_member', { projectId: f.projectId, userId: other.id, role: 'admin' });
      const former = (await t.admin('create_project_key', { projectId: f.projectId, userId: other.id, access: 'edit' })).key;
      await t.app.store.db.deleteFrom('memberships').where('projectId', '=', f.projectId).where('userId', '=', other.id).execute();
      const account = (await t.post(PARTNER, partner.secret, { action: 'create_account', email: 'end@example.com' })).json().account;
      partnerProjectId = (await t.post(PARTNER, partner.secret, { action: 'create_project', accountId: account.id, name: 'P' })).json().project.id;
      Object.assign(keys, {
        projectRead: f.readKey,
        projectEdit: f.editKey,
        accountEdit: f.accountKey,
        partner: partner.secret,
        none: null,
        malformed: 'sift_not-a-real-key',
        revokedProject: revoked,
        revokedPartner: revokedPartner.secret,
        formerMember: former,
      });
    });
    afterAll(() => t?.close());

    for (const [key, row] of Object.entries(MATRIX) as [Key, Record<Endpoint, 401 | 403 | 'yes'>][]) {
      for (const [endpoint, expected] of Object.entries(row) as [Endpoint, 401 | 403 | 'yes'][]) {
        it(`${key} on ${endpoint}: ${expected}`, async () => {
          const res = await call(endpoint, keys[key]);
          if (expected === YES) {
            expect(res.statusCode).toBe(200);
          } else {
            expect(res.statusCode).toBe(expected);
            expect(res.json()).toEqual({ error: expect.any(String) });
          }
        });
      }
    }

    it('account keys follow the role on each project: lesser roles read the status only, non-members get 404', async () => {
      const { user } = await t.admin('create_user', { email: `viewer${Math.random()}@example.com` });
      const { account } = await t.admin('create_account', { name: 'Viewer team', ownerUserId: user.id });
      const key = (await t.admin('create_account_key', { accountId: account.id, userId: user.id })).key;
      expect((await t.post(ACCOUNT, key, { action: 'get_project_status', projectId: f.projectId })).statusCode).toBe(404);
      expect((await upload(`/api/sift-account/upload?projectId=${f.projectId}`, key)).statusCode).toBe(404);
      for (const role of ['viewer', 'member'] as const) {
        await t.admin('add_member', { projectId: f.projectId, userId: user.id, role });
        expect((await t.post(ACCOUNT, key, { action: 'get_project_status', projectId: f.projectShortId })).statusCode).toBe(200);
        for (const body of [
          { action: 'confirm_documents', projectId: f.projectId, expectedCreditCost: 0 },
          { action: 'delete_documents', projectId: f.projectId, documentIds: ['D1'] },
          { action: 'start_analysis', projectId: f.projectId, type: 'summaries' },
          { action: 'rename_analysis', projectId: f.projectId, analysisId: crypto.randomUUID(), name: 'Renamed' },
          { action: 'delete_analysis', projectId: f.projectId, analysisId: crypto.randomUUID() },
          { action: 'use_as_codebook', projectId: f.projectId, analysisId: crypto.randomUUID() },
        ]) {
          expect([role, body.action, (await t.post(ACCOUNT, key, body)).statusCode]).toEqual([role, body.action, 403]);
        }
        expect((await upload(`/api/sift-account/upload?projectId=${f.projectId}`, key)).statusCode).toBe(403);
      }
      await t.admin('add_member', { projectId: f.projectId, userId: user.id, role: 'admin' });
      expect((await upload(`/api/sift-account/upload?projectId=${f.projectId}`, key)).statusCode).toBe(200);
    });

    it('edit keys follow the role too: a viewer or member reads with one but neither writes nor uploads', async () => {
      const { user } = await t.admin('create_user', { email: `lesser${Math.random()}@example.com` });
      for (const role of ['viewer', 'member'] as const) {
        await t.admin('add_member', { projectId: f.projectId, userId: user.id, role });
        const key = (await t.admin('create_project_key', { projectId: f.projectId, userId: user.id, access: 'edit' })).key;
        expect([role, (await call('read', key)).statusCode]).toEqual([role, 200]);
        for (const endpoint of ['write', 'writeUpload'] as const) {
          const res = await call(endpoint, key);
          expect([role, endpoint, res.statusCode]).toEqual([role, endpoint, 403]);
          expect(res.json().error).toContain(role);
        }
      }
      await t.admin('add_member', { projectId: f.projectId, userId: user.id, role: 'admin' });
      const key = (await t.admin('create_project_key', { projectId: f.projectId, userId: user.id, access: 'edit' })).key;
      expect((await call('write', key)).statusCode).toBe(200);
    });

    it('the operator surface is absent without SIFT_ADMIN_TOKEN', async () => {
      const bare = await makeTestApp(kind, { SIFT_ADMIN_TOKEN: '' });
      try {
        expect((await bare.post(ADMIN, 'anything-at-all-1234567', { action: 'create_user', email: 'a@b.co' })).statusCode).toBe(404);
      } finally {
        await bare.close();
      }
      expect((await t.post(ADMIN, 'wrong-token-wrong-token', { action: 'create_user', email: 'a@b.co' })).statusCode).toBe(401);
    });
  });
});
