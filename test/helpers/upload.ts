import { expect } from 'vitest';
import { ACCOUNT, type Fixture, type TestApp } from './app.js';
import { multipart } from './multipart.js';

/** Uploads files through the account surface, confirms them at the quoted price and lets the workers make them ready. */
export async function uploadReady(t: TestApp, f: Fixture, files: { filename: string; content: string | Uint8Array }[]): Promise<void> {
  const body = multipart(files);
  const up = await t.app.server.inject({
    method: 'POST',
    url: `/api/sift-account/upload?projectId=${f.projectId}`,
    headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(up.statusCode).toBe(200);
  await t.app.workers.drain();
  const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json();
  const confirm = await t.post(ACCOUNT, f.accountKey, {
    action: 'confirm_documents',
    projectId: f.projectId,
    expectedCreditCost: status.confirmableCreditCost,
  });
  expect(confirm.statusCode).toBe(200);
  await t.app.workers.drain();
}
