import { expect } from 'vitest';
import { makeTestApp, type TestApp } from './app.js';
import type { StoreKind } from './stores.js';
import { warmUpAnalysis } from '../../src/engine/analysis/index.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

/** A partner's new project holding the test transcripts, confirmed and processed; answers its id. */
export async function readyProject(t: TestApp, partnerSecret: string, name: string): Promise<string> {
  const call = (body: Record<string, unknown>) => t.post('/api/sift-partner', partnerSecret, body);
  const account = (await call({ action: 'create_account', email: `ready${Math.random()}@example.com` })).json().account;
  const projectId = (await call({ action: 'create_project', accountId: account.id, name })).json().project.id as string;
  expect(
    (await call({ action: 'add_documents', projectId, files: { documents: TRANSCRIPTS.map((x) => ({ filename: x.filename, text: x.text })) } })).statusCode,
  ).toBe(200);
  await t.app.workers.drain();
  const status = (await call({ action: 'get_project_status', projectId })).json();
  expect((await call({ action: 'confirm_documents', projectId, expectedCreditCost: status.confirmableCreditCost })).statusCode).toBe(200);
  await t.app.workers.drain();
  return projectId;
}

/** A test app of `kind` with a partner (its secret) and the analysis engine loaded, for worker suites that drive jobs themselves. */
export async function partnerTestApp(kind: StoreKind): Promise<{ t: TestApp; secret: string }> {
  warmUpAnalysis();
  const t = await makeTestApp(kind);
  return { t, secret: (await t.admin('create_partner', { name: 'P', credits: 10_000 })).secret as string };
}

/** A project's documents back to `processing`, unleased: the test's own worker processes them again. */
export async function processAgain(t: TestApp, projectId: string): Promise<void> {
  await t.app.store.db
    .updateTable('documents')
    .set({ status: 'processing', leaseOwner: null, leaseExpiresAt: null })
    .where('projectId', '=', projectId)
    .execute();
}
