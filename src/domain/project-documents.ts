import type { Store } from '../store/store.js';
import type { BlobStore } from '../store/blobs.js';
import type { Row } from '../store/tables.js';
import type { Payer } from './credits.js';
import { confirmDocuments, deleteDocuments, projectStatus } from './documents.js';
import { startAnalysis, type StartInput } from './analysis-start.js';
import { runsOf } from './analyses.js';
import { idempotent } from './idempotency.js';

/**
 * What the account and partner surfaces both do to a project's documents (status, confirm,
 * delete, start an analysis), written once. The caller says who pays, under which scope its
 * `Idempotency-Key`s are remembered, and how to wake the background workers.
 */
export interface DocumentCaller {
  store: Store;
  blobs: BlobStore;
  payer: Payer;
  /** Prefix of the idempotency scope, e.g. `account:<id>`. */
  scope: string;
  idempotencyKey: string | null;
  nudge(): void;
  warn(details: object, message: string): void;
}

export async function statusOf(c: DocumentCaller, project: Row<'projects'>) {
  return projectStatus(c.store, project, c.payer, await runsOf(c.store, project.id));
}

export async function confirm(c: DocumentCaller, project: Row<'projects'>, input: { expectedCreditCost: number; documentIds?: string[] }) {
  const answer = await idempotent(c.store, `${c.scope}:confirm:${project.id}`, c.idempotencyKey, (trx) => confirmDocuments(trx, project, c.payer, input));
  c.nudge();
  return answer;
}

/** Deletes documents in one transaction, then their stored originals (a leftover file is harmless; a lost row is not). */
export async function remove(c: Pick<DocumentCaller, 'store' | 'blobs' | 'warn'>, project: Row<'projects'>, inputs: string[]) {
  const { deleted, blobKeys } = await c.store.transaction((trx) => deleteDocuments(trx, project, inputs));
  for (const key of blobKeys) {
    await c.blobs.delete(key).catch((err: unknown) => c.warn({ err, key }, "could not remove a deleted document's original"));
  }
  return { deleted };
}

export async function start(c: DocumentCaller, project: Row<'projects'>, input: StartInput) {
  const answer = await startAnalysis(c.store, project, input);
  c.nudge();
  return answer;
}
