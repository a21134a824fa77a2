import crypto from 'node:crypto';
import type { DbOrTx, Store, Tx } from '../store/store.js';
import type { Pipeline, Row } from '../store/tables.js';
import { newId, parseCounterRef } from './ids.js';
import { cleanFileName } from './file-names.js';
import { nowIso } from './clock.js';
import { nextCounter } from './projects.js';
import { conflict, notFound } from './errors.js';
import { balanceOf, chargeCredits, type Payer } from './credits.js';
import type { RunView } from './analyses.js';

/** A document about to be created by an upload, a fetched URL or inline text. */
export interface NewDocument {
  filename: string;
  blobKey: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  sourceUrl: string | null;
  /** Inline documents arrive as text: nothing to extract but the text itself. */
  text?: string | null;
  /** SHA-256 of the bytes received (hex); inline text is hashed as UTF-8. */
  contentHash?: string | null;
}

export const sha256 = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * Creates documents at `pending`, uncharged, in the project's current pipeline. Must run in a
 * transaction. A document whose content repeats an earlier one of the project (same SHA-256 of
 * its bytes, that document not deleted) is kept, priced and confirmable as any other, and names
 * that document in `duplicateOf`, so that the caller can delete it before confirming
 * (docs/decisions.md).
 */
export async function createPendingDocuments(trx: Tx, project: Row<'projects'>, docs: NewDocument[]): Promise<Row<'documents'>[]> {
  const current = await trx.selectFrom('projects').select('pipeline').where('id', '=', project.id).executeTakeFirstOrThrow();
  const out: Row<'documents'>[] = [];
  const seen = new Map<string, string>();
  for (const d of docs) {
    const hash = d.contentHash ?? (d.text ? sha256(d.text) : null);
    const earlier = hash
      ? (seen.get(hash) ??
        (
          await trx
            .selectFrom('documents')
            .select('id')
            .where('projectId', '=', project.id)
            .where('contentHash', '=', hash)
            .orderBy('counter')
            .executeTakeFirst()
        )?.id ??
        null)
      : null;
    const counter = await nextCounter(trx, project.id, 'documentCounter');
    const now = nowIso();
    const row: Row<'documents'> = {
      id: newId(),
      projectId: project.id,
      counter,
      filename: cleanFileName(d.filename, 'upload'),
      status: 'pending',
      pipeline: current.pipeline,
      creditCost: null,
      wordCount: null,
      error: null,
      mimeType: d.mimeType,
      sizeBytes: d.sizeBytes,
      blobKey: d.blobKey,
      sourceUrl: d.sourceUrl,
      text: d.text ?? null,
      confirmedAt: null,
      leaseOwner: null,
      leaseExpiresAt: null,
      attempts: 0,
      soloAttempts: 0,
      createdAt: now,
      updatedAt: now,
      contentHash: hash,
      duplicateOf: earlier,
    };
    await trx.insertInto('documents').values(row).execute();
    if (hash && !seen.has(hash)) seen.set(hash, row.id);
    out.push(row);
  }
  return out;
}

/** Account and partner surfaces answer raw UUIDs (spec rule 2). */
export const documentViewRaw = (
  d: Pick<Row<'documents'>, 'id' | 'filename' | 'status' | 'pipeline' | 'creditCost' | 'error' | 'duplicateOf' | 'createdAt'>,
) => ({
  id: d.id,
  filename: d.filename,
  status: d.status,
  pipeline: d.pipeline,
  creditCost: d.creditCost,
  ...(d.error ? { error: d.error } : {}),
  ...(d.duplicateOf ? { duplicateOf: d.duplicateOf } : {}),
  createdAt: d.createdAt,
});

/** What status, confirmation and deletion read of a document: never its text, which may be megabytes. */
const SUMMARY = ['id', 'counter', 'filename', 'status', 'pipeline', 'creditCost', 'error', 'duplicateOf', 'createdAt', 'blobKey'] as const;
type DocumentSummary = Pick<Row<'documents'>, (typeof SUMMARY)[number]>;

async function projectDocuments(db: DbOrTx, projectId: string): Promise<DocumentSummary[]> {
  return db.selectFrom('documents').select(SUMMARY).where('projectId', '=', projectId).orderBy('counter').execute();
}

interface Batch {
  pipeline: Pipeline;
  documents: DocumentSummary[];
  creditCost: number;
}

function confirmableBatches(docs: DocumentSummary[]): Batch[] {
  const byPipeline = new Map<Pipeline, DocumentSummary[]>();
  for (const d of docs) if (d.status === 'awaiting_confirmation') byPipeline.set(d.pipeline, [...(byPipeline.get(d.pipeline) ?? []), d]);
  return [...byPipeline.entries()].map(([pipeline, documents]) => ({
    pipeline,
    documents,
    creditCost: documents.reduce((s, d) => s + Number(d.creditCost ?? 0), 0),
  }));
}

/** `get_project_status` (decisions §5): extraction progress, what can be confirmed and at what price. */
export async function projectStatus(store: Store, project: Row<'projects'>, payer: Payer, analyses: RunView[] = []) {
  const docs = await projectDocuments(store.db, project.id);
  const batches = confirmableBatches(docs);
  return {
    projectId: project.id,
    pendingExtractionCount: docs.filter((d) => d.status === 'pending').length,
    emptyDocumentIds: docs.filter((d) => d.status === 'empty').map((d) => d.id),
    confirmableCreditCost: batches.reduce((s, b) => s + b.creditCost, 0),
    confirmableBatches: batches.map((b) => ({ pipeline: b.pipeline, documentIds: b.documents.map((d) => d.id), creditCost: b.creditCost })),
    documents: docs.map(documentViewRaw),
    analyses,
    creditBalance: await balanceOf(store.db, payer),
  };
}

async function resolveMany(db: DbOrTx, projectId: string, inputs: string[]): Promise<DocumentSummary[]> {
  const docs = await projectDocuments(db, projectId);
  const byId = new Map(docs.map((d) => [d.id, d]));
  const byCounter = new Map(docs.map((d) => [d.counter, d]));
  const out = new Map<string, DocumentSummary>();
  for (const input of inputs) {
    const ref = parseCounterRef('D', input);
    const doc = !ref ? undefined : ref.by === 'uuid' ? byId.get(ref.value) : ref.by === 'counter' ? byCounter.get(ref.value) : undefined;
    if (!doc) throw notFound('document', input);
    out.set(doc.id, doc);
  }
  return [...out.values()];
}

/**
 * `confirm_documents`: one pipeline batch per call; the documents' move to `processing` and
 * the charge happen in one transaction, the move first, so that a concurrent duplicate finds
 * nothing left to move and rolls back before it could charge.
 */
export async function confirmDocuments(trx: Tx, project: Row<'projects'>, payer: Payer, input: { expectedCreditCost: number; documentIds?: string[] }) {
  let chosen: DocumentSummary[];
  if (input.documentIds && input.documentIds.length > 0) {
    chosen = await resolveMany(trx, project.id, input.documentIds);
    const notWaiting = chosen.filter((d) => d.status !== 'awaiting_confirmation');
    if (notWaiting.length > 0) {
      throw conflict(`documents not awaiting confirmation: ${notWaiting.map((d) => `${d.id} (${d.status})`).join(', ')}`, 'not_awaiting_confirmation');
    }
    if (new Set(chosen.map((d) => d.pipeline)).size > 1) {
      throw conflict('the documents belong to different pipelines: confirm one pipeline per call (see confirmableBatches)', 'mixed_pipelines');
    }
  } else {
    const batches = confirmableBatches(await projectDocuments(trx, project.id));
    if (batches.length === 0) throw conflict('no documents are awaiting confirmation', 'nothing_to_confirm');
    if (batches.length > 1) {
      throw conflict(
        `the project has ${batches.length} confirmable batches (one per pipeline): name the documents of one batch in documentIds`,
        'several_batches',
      );
    }
    chosen = batches[0]!.documents;
  }
  const cost = chosen.reduce((s, d) => s + Number(d.creditCost ?? 0), 0);
  if (cost !== input.expectedCreditCost) {
    throw conflict(`expectedCreditCost is ${input.expectedCreditCost} but the current cost of these documents is ${cost}`, 'cost_changed');
  }
  const ids = chosen.map((d) => d.id);
  const now = nowIso();
  const moved = await trx
    .updateTable('documents')
    .set({ status: 'processing', confirmedAt: now, updatedAt: now, leaseOwner: null, leaseExpiresAt: null, attempts: 0, soloAttempts: 0 })
    .where('id', 'in', ids)
    .where('status', '=', 'awaiting_confirmation')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== ids.length) throw conflict('some of these documents were confirmed or deleted meanwhile', 'confirmed_meanwhile');
  const balance = await chargeCredits(trx, payer, cost, `confirm ${ids.length} document(s) of project "${project.name}" (${project.shortId})`, {
    projectId: project.id,
    documentIds: ids,
  });
  return { confirmedDocumentIds: ids, creditsCharged: cost, creditBalance: balance };
}

/** `delete_documents`: the documents and everything hanging off them; no undelete. Answers the blob keys to remove after commit. */
export async function deleteDocuments(trx: Tx, project: Row<'projects'>, inputs: string[]) {
  const docs = await resolveMany(trx, project.id, inputs);
  const ids = docs.map((d) => d.id);
  if (ids.length === 0) return { deleted: [] as string[], blobKeys: [] as string[] };
  const insightIds = (await trx.selectFrom('insights').select('id').where('documentId', 'in', ids).execute()).map((r) => r.id);
  // Tag targets and notes point at their targets without foreign keys (their targets are of several kinds).
  await trx.deleteFrom('tagTargets').where('targetType', '=', 'document').where('targetId', 'in', ids).execute();
  await trx.deleteFrom('notes').where('targetType', '=', 'document').where('targetId', 'in', ids).execute();
  if (insightIds.length > 0) {
    await trx.deleteFrom('tagTargets').where('targetType', '=', 'insight').where('targetId', 'in', insightIds).execute();
    await trx.deleteFrom('notes').where('targetType', '=', 'documentInsight').where('targetId', 'in', insightIds).execute();
  }
  await trx.deleteFrom('documents').where('id', 'in', ids).execute();
  return { deleted: ids, blobKeys: docs.map((d) => d.blobKey).filter((k): k is string => !!k) };
}
