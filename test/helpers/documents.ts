import type { Store } from '../../src/store/store.js';
import type { DocumentStatus, Row } from '../../src/store/tables.js';
import { newId } from '../../src/domain/ids.js';
import { nowIso } from '../../src/domain/clock.js';
import { nextCounter } from '../../src/domain/projects.js';

/**
 * Inserts a document straight into the store (as if uploaded and processed), for tests of
 * actions that need documents before the upload path exists. Answers the row; its short id is
 * `D${row.counter}`.
 */
export async function insertDocument(
  store: Store,
  projectId: string,
  opts: { filename?: string; status?: DocumentStatus; text?: string; creditCost?: number | null; pipeline?: 'standard' | 'anonymized' } = {},
): Promise<Row<'documents'>> {
  return store.transaction(async (trx) => {
    const counter = await nextCounter(trx, projectId, 'documentCounter');
    const now = nowIso();
    const text = opts.text ?? 'Participant: The onboarding was quick.';
    const row: Row<'documents'> = {
      id: newId(),
      projectId,
      counter,
      filename: opts.filename ?? `doc-${counter}.txt`,
      status: opts.status ?? 'ready',
      pipeline: opts.pipeline ?? 'standard',
      creditCost: opts.creditCost === undefined ? 1 : opts.creditCost,
      wordCount: text.split(/\s+/).filter(Boolean).length,
      error: null,
      mimeType: 'text/plain',
      sizeBytes: text.length,
      blobKey: null,
      sourceUrl: null,
      text,
      confirmedAt: null,
      leaseOwner: null,
      leaseExpiresAt: null,
      attempts: 0,
      soloAttempts: 0,
      createdAt: now,
      updatedAt: now,
      contentHash: null,
      duplicateOf: null,
    };
    await trx.insertInto('documents').values(row).execute();
    return row;
  });
}
