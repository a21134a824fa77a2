import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeTestApp, seedProject, PARTNER, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

const BOUNDARY = 'siftTruncated0123';
const FULL = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'The price is too high. '.repeat(300)}\r\n--${BOUNDARY}--\r\n`;

describe.each(STORE_KINDS)('a multipart body cut short on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const paths: { url: string; key: string }[] = [];

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      const secret = (await t.admin('create_partner', { name: 'P', credits: 10 })).secret;
      const account = (await t.post(PARTNER, secret, { action: 'create_account', email: 'cut@example.com' })).json().account;
      const project = (await t.post(PARTNER, secret, { action: 'create_project', accountId: account.id, name: 'Cut' })).json().project;
      paths.push(
        { url: `/api/sift-account/upload?projectId=${f.projectId}`, key: f.accountKey },
        { url: '/api/sift-write/upload', key: f.editKey },
        { url: `/api/sift-partner/upload?projectId=${project.id}`, key: secret },
      );
    });
    afterAll(() => t?.close());

    it('answers 400 on every upload path wherever it is cut, and keeps no document', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: FULL.length - 3 }), fc.integer({ min: 0, max: 2 }), async (cut, which) => {
          const { url, key } = paths[which]!;
          const res = await t.app.server.inject({
            method: 'POST',
            url,
            payload: FULL.slice(0, cut),
            headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          });
          expect([cut, res.statusCode]).toEqual([cut, 400]);
        }),
        { numRuns: 60 },
      );
      const kept = await t.app.store.db.selectFrom('documents').select('id').execute();
      expect(kept).toHaveLength(0);
    });
  });
});
