import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { multipart } from '../helpers/multipart.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(STORE_KINDS)('partner surface on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let secret: string;
    let partnerId: string;
    let other: string;
    const call = (body: Record<string, unknown>, key = secret) => t.post(PARTNER, key, body);
    const partnerUpload = (projectId: string, key = secret) => {
      const body = multipart([{ filename: 'upload.txt', content: 'Participant: The export to spreadsheets saves me an hour every week.' }]);
      return t.app.server.inject({
        method: 'POST',
        url: `/api/sift-partner/upload?projectId=${projectId}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };

    let files: http.Server;
    let fileUrl = '';
    beforeAll(async () => {
      files = http.createServer((_req, res) => res.end('Participant: Syncing with my bank fails every week and I lose track of spending.'));
      await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
      fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/call-notes.txt`;
      t = await makeTestApp(kind, { SIFT_TRIAL_CREDITS: '100', SIFT_FETCH_ALLOW_CIDRS: '127.0.0.1/32' });
      f = await seedProject(t);
      const p = await t.admin('create_partner', { name: 'Acme CRM', credits: 500 });
      secret = p.secret;
      partnerId = p.partner.id;
      other = (await t.admin('create_partner', { name: 'Other', credits: 500 })).secret;
    });
    afterAll(async () => {
      await t?.close();
      await new Promise<void>((r) => files?.close(() => r()) ?? r());
    });

    it("walks the whole sequence and pays from the partner's ledger only", async () => {
      const acc = await call({ action: 'create_account', email: 'Ana@Example.com', name: 'Ana', teamName: "Ana's team" });
      expect(acc.statusCode).toBe(200);
      const account = acc.json().account;
      expect(account).toMatchObject({ plan: 'free_trial', creditBalance: 100 });
      expect(account.id).toMatch(UUID);

      const created = await call({
        action: 'create_project',
        accountId: account.id,
        name: 'Churn study',
        files: { documents: [{ filename: 'inline.txt', text: 'Participant: The price is steep for a small team like ours.' }], urls: [{ url: fileUrl }] },
      });
      expect(created.statusCode).toBe(200);
      const project = created.json().project;
      expect(project.id).toMatch(UUID);
      expect(created.json().documents).toHaveLength(2);
      expect(created.json().documents[0]).toMatchObject({ status: 'pending' });

      const up = await partnerUpload(project.id);
      expect(up.statusCode).toBe(200);
      const added = await call({
        action: 'add_documents',
        projectId: project.shortId,
        files: { documents: [{ filename: 'b.txt', text: 'Support answered within minutes.' }] },
      });
      expect(added.statusCode).toBe(200);

      await t.app.workers.drain();
      const status = (await call({ action: 'get_project_status', projectId: project.id })).json();
      expect(status.pendingExtractionCount).toBe(0);
      expect(status.confirmableCreditCost).toBe(4);
      const partnerBefore = (await t.admin('get_credits', { partnerId })).creditBalance;

      const confirm = await call({ action: 'confirm_documents', projectId: project.id, expectedCreditCost: 4 });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().creditBalance).toBe(partnerBefore - 4);
      expect((await t.admin('get_credits', { partnerId })).creditBalance).toBe(partnerBefore - 4);
      expect((await t.admin('get_credits', { accountId: account.id })).creditBalance).toBe(100);
      const ledger = (await t.admin('get_credits', { partnerId })).ledger;
      expect(ledger.at(-1)).toMatchObject({ kind: 'charge', amount: -4, projectId: project.id });

      await t.app.workers.drain();
      const analysis = await call({ action: 'start_analysis', projectId: project.id, type: 'summaries' });
      expect(analysis.statusCode).toBe(200);
      expect(analysis.json().analysis.id).toMatch(UUID);
      await t.app.workers.drain();
      const runs = (await call({ action: 'get_project_status', projectId: project.id })).json().analyses;
      expect(runs[0]).toMatchObject({ id: analysis.json().analysis.id, status: 'completed' });
      expect((await t.admin('get_credits', { partnerId })).creditBalance).toBe(partnerBefore - 4);

      const listed = (await call({ action: 'list_projects' })).json().projects;
      expect(listed.map((p: { id: string }) => p.id)).toContain(project.id);
      const accounts = (await call({ action: 'list_accounts' })).json().accounts;
      expect(accounts.map((a: { id: string }) => a.id)).toContain(account.id);
      expect(JSON.stringify(accounts)).not.toMatch(/"id":"[A-Z]/);
    });

    it('create_account is idempotent per partner and e-mail, also under concurrency', async () => {
      const a = await call({ action: 'create_account', email: 'bo@example.com' });
      const b = await call({ action: 'create_account', email: 'BO@example.com' });
      expect(b.json().account.id).toBe(a.json().account.id);
      const many = await Promise.all(Array.from({ length: 5 }, () => call({ action: 'create_account', email: 'cy@example.com', onboard: false })));
      expect(many.every((r) => r.statusCode === 200)).toBe(true);
      expect(new Set(many.map((r) => r.json().account.id)).size).toBe(1);
      expect(many[0]!.json().account).toMatchObject({ plan: null, creditBalance: 0 });
      const rows = await t.app.store.db.selectFrom('accounts').select('id').where('createdByPartnerId', '=', partnerId).execute();
      expect(rows.filter((r) => r.id === many[0]!.json().account.id)).toHaveLength(1);
      const outbox = await t.app.store.db.selectFrom('outbox').selectAll().where('recipient', '=', 'cy@example.com').execute();
      expect(outbox).toHaveLength(1);
    });

    it('create_project honours Idempotency-Key (one project for eleven identical requests, some concurrent) and a refused URL leaves no project', async () => {
      const account = (await call({ action: 'create_account', email: 'idem@example.com' })).json().account;
      const body = {
        action: 'create_project',
        accountId: account.id,
        name: 'Once',
        files: { urls: [{ url: fileUrl }], documents: [{ filename: 'a.txt', text: 'Participant: hello there.' }] },
      };
      const send = () => t.post(PARTNER, secret, body, { 'idempotency-key': 'create-once-1' });
      const first = await send();
      expect(first.statusCode).toBe(200);
      const rest = [...(await Promise.all(Array.from({ length: 5 }, send))), ...(await Promise.all(Array.from({ length: 5 }, send)))];
      expect(rest.map((r) => r.statusCode)).toEqual(rest.map(() => 200));
      expect(new Set(rest.map((r) => r.json().project.id))).toEqual(new Set([first.json().project.id]));
      const named = (await call({ action: 'list_projects' })).json().projects.filter((p: { name: string }) => p.name === 'Once');
      expect(named).toHaveLength(1);
      const docs = await t.app.store.db.selectFrom('documents').select('id').where('projectId', '=', first.json().project.id).execute();
      expect(docs).toHaveLength(2);

      const refused = await call({
        action: 'create_project',
        accountId: account.id,
        name: 'Refused URL',
        files: { urls: [{ url: 'http://10.255.255.1/x.txt' }] },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details[0].path).toBe('/files/urls/0/url');
      expect((await call({ action: 'list_projects' })).json().projects.map((p: { name: string }) => p.name)).not.toContain('Refused URL');
    });

    it("answers 404 for another partner's ids and for projects made on the account surface, on every action and the upload", async () => {
      const mine = (await call({ action: 'create_account', email: 'iso@example.com' })).json().account;
      const myProject = (await call({ action: 'create_project', accountId: mine.id, name: 'Mine' })).json().project;
      const accountProject = (await t.post(ACCOUNT, f.accountKey, { action: 'create_project', name: 'Not a partner project' })).json().project;
      for (const [key, projectId, accountId] of [
        [other, myProject.id, mine.id],
        [secret, accountProject.id, f.accountId],
      ] as const) {
        const bodies = [
          { action: 'create_project', accountId, name: 'x' },
          { action: 'add_documents', projectId, files: { documents: [{ filename: 'a.txt', text: 'a' }] } },
          { action: 'get_project_status', projectId },
          { action: 'confirm_documents', projectId, expectedCreditCost: 0 },
          { action: 'delete_documents', projectId, documentIds: ['D1'] },
          { action: 'start_analysis', projectId, type: 'automatic' },
        ];
        for (const body of bodies) {
          const res = await call(body, key);
          expect([body.action, res.statusCode]).toEqual([body.action, 404]);
        }
        expect((await partnerUpload(projectId, key)).statusCode).toBe(404);
      }
    });

    it('refuses project and account keys with 401, and a partner secret elsewhere with 401', async () => {
      expect((await call({ action: 'list_accounts' }, f.accountKey)).statusCode).toBe(401);
      expect((await call({ action: 'list_accounts' }, f.editKey)).statusCode).toBe(401);
      expect((await t.post(ACCOUNT, secret, { action: 'create_project', name: 'x' })).statusCode).toBe(401);
    });
  });
});
