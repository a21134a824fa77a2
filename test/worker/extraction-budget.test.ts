import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, type Fixture, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { pdf } from '../helpers/fixtures.js';

describe('a file whose extraction runs past its budget', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { SIFT_EXTRACT_TIMEOUT_SECONDS: '3' });
    f = await seedProject(t);
  });
  afterAll(() => t?.close());

  it('fails that document only; the next one of the same upload is extracted', async () => {
    // About 8 s of parsing on this machine, against a 3 s budget.
    const slow = pdf(Array.from({ length: 6000 }, (_, i) => `Page ${i} of a very long report`));
    const body = multipart([{ filename: 'huge.pdf', content: slow }, { filename: 'notes.txt', content: 'Participant: the export works well.' }]);
    const up = await t.app.server.inject({
      method: 'POST', url: `/api/sift-account/upload?projectId=${f.projectId}`,
      headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType }, payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    await t.app.workers.drain();
    const docs = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json().documents;
    expect(docs.map((d: { filename: string; status: string }) => [d.filename, d.status])).toEqual([['huge.pdf', 'failed'], ['notes.txt', 'awaiting_confirmation']]);
    expect(docs[0].error).toMatch(/longer than 3 s/);
  }, 60_000);
});
