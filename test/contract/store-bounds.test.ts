import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededApp, ADMIN, ADMIN_TOKEN, READ, WRITE } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { multipart } from '../helpers/multipart.js';
import { insertDocument } from '../helpers/documents.js';

/** Input every store must take or refuse alike: PostgreSQL answered 500 to each of these before. */
describe.each(STORE_KINDS)('values at the edge of the store on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    const s = useSeededApp(kind);
    beforeAll(async () => {
      await insertDocument(s.t.app.store, s.f.projectId, { text: 'Participant: The onboarding was quick and the price is fair.' });
    });

    it('refuses a NUL character anywhere in a JSON body with 400, and keeps a NUL out of a file name', async () => {
      for (const body of [
        { action: 'manage_tags', operation: 'create', text: 'a\u0000b' },
        { action: 'create_note', targetType: 'document', targetId: 'D1', text: 'x\u0000' },
      ]) {
        const res = await s.t.post(WRITE, s.f.editKey, body);
        expect([body.action, res.statusCode]).toEqual([body.action, 400]);
        expect(res.json().error).toContain('NUL');
      }
      const upload = multipart([{ filename: 'int\u0000erview.txt', content: 'Participant: fine.' }]);
      const res = await s.t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${s.f.projectId}`,
        headers: { authorization: `Bearer ${s.f.accountKey}`, 'content-type': upload.contentType },
        payload: upload.payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().documents[0].filename).toBe('interview.txt');
    });

    it('refuses integers past their bounds with 400 instead of reaching a 32-bit column', async () => {
      for (const body of [
        { action: 'read_document', documentId: 'D1', offset: 2 ** 31 },
        { action: 'verify_context', insightId: 'I1', to: 2 ** 31 },
        { action: 'search', query: 'price', offset: 2 ** 40 },
      ]) {
        expect([body.action, (await s.t.post(READ, s.f.readKey, body)).statusCode]).toEqual([body.action, 400]);
      }
    });

    it('keeps credit balances exact and bounded: a grant past the bound is refused and the ledger still sums to the balance', async () => {
      expect((await s.t.post(ADMIN, ADMIN_TOKEN, { action: 'grant_credits', accountId: s.f.accountId, amount: 2 ** 64 })).statusCode).toBe(400);
      expect((await s.t.admin('grant_credits', { accountId: s.f.accountId, amount: 999_999_000 })).creditBalance).toBeGreaterThan(0);
      const over = await s.t.post(ADMIN, ADMIN_TOKEN, { action: 'grant_credits', accountId: s.f.accountId, amount: 999_999_000 });
      expect(over.statusCode).toBe(400);
      expect(over.json().details[0].path).toBe('/amount');
      const credits = await s.t.admin('get_credits', { accountId: s.f.accountId });
      const sum = (credits.ledger as { amount: number }[]).reduce((s, e) => s + e.amount, 0);
      expect(sum).toBe(credits.creditBalance);
    });
  });
});
