import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT, makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { uploadReady } from '../helpers/upload.js';

describe("polling a project's status reads no document's text", () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
    f = await seedProject(t);
    await uploadReady(t, f, [{ filename: 'long.txt', content: `Participant: ${'the bus was late again. '.repeat(5_000)}` }]);
  });
  afterAll(() => t?.close());

  it('get_project_status and confirm_documents select the columns they answer, never `text`', async () => {
    const executor = t.app.store.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      expect((await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).statusCode).toBe(200);
      expect((await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: f.projectId, expectedCreditCost: 0 })).statusCode).toBe(409);
      const reads = spy.mock.calls.map(([query]) => query.sql).filter((sql) => /from "documents"/.test(sql) && /^select/i.test(sql));
      expect(reads.length).toBeGreaterThan(0);
      for (const sql of reads) expect(sql).not.toMatch(/select \*|"text"/);
    } finally {
      spy.mockRestore();
    }
  });
});
