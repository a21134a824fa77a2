import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { multipart } from '../helpers/multipart.js';

describe.each(STORE_KINDS)('the same content uploaded twice on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const upload = async (files: { filename: string; content: string }[]) => {
      const body = multipart(files);
      const res = await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${f.projectId}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      return res.json().documents as { id: string; filename: string; duplicateOf?: string }[];
    };
    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
    });
    afterAll(() => t?.close());

    it('is kept but names the earlier document, in the upload answer, the status and the document list', async () => {
      const [first] = await upload([{ filename: 'interview.txt', content: 'Participant: the price is too high for us.' }]);
      expect(first!.duplicateOf).toBeUndefined();
      const again = await upload([
        { filename: 'interview-copy.txt', content: 'Participant: the price is too high for us.' },
        { filename: 'other.txt', content: 'Participant: the sync keeps failing.' },
        { filename: 'other-again.txt', content: 'Participant: the sync keeps failing.' },
      ]);
      expect(again.map((d) => d.duplicateOf)).toEqual([first!.id, undefined, again[1]!.id]);
      const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json();
      expect(status.documents.find((d: { id: string }) => d.id === again[0]!.id).duplicateOf).toBe(first!.id);
      const listed = (await t.post(READ, f.readKey, { action: 'get_documents' })).json().documents as { id: string; filename: string; duplicateOf?: string }[];
      const byName = new Map(listed.map((d) => [d.filename, d]));
      expect(byName.get('interview-copy.txt')!.duplicateOf).toBe(byName.get('interview.txt')!.id);
      expect(byName.get('interview.txt')!.duplicateOf).toBeUndefined();
    });

    it('inline partner documents with the same text are flagged the same way', async () => {
      const secret = (await t.admin('create_partner', { name: 'P', credits: 10 })).secret;
      const account = (await t.post(PARTNER, secret, { action: 'create_account', email: 'dup@example.com' })).json().account;
      const res = await t.post(PARTNER, secret, {
        action: 'create_project',
        accountId: account.id,
        name: 'Dups',
        files: {
          documents: [
            { filename: 'a.txt', text: 'Participant: same words.' },
            { filename: 'b.txt', text: 'Participant: same words.' },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const [a, b] = res.json().documents;
      expect(b.duplicateOf).toBe(a.id);
    });
  });
});
