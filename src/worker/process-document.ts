import { anonymize } from '../engine/anonymize/index.js';
import { chunkText, type Chunk } from '../engine/chunk.js';
import { analyseForStore, documentSearchRowOf, rankedText } from '../engine/search/analysed.js';
import { newId } from '../domain/ids.js';
import { nowIso } from '../domain/clock.js';
import { claimDocument } from './lease.js';
import { finishDocument, stoppedAlone } from './extract-document.js';
import type { JobKind, WorkerContext } from './context.js';
import type { Row } from '../store/tables.js';
import type { DbOrTx } from '../store/store.js';
import { stoppedItsProcessAlone } from './solo.js';
import { workOn } from './work-on.js';
import { materialiseImportedCodings } from '../domain/refi-import.js';
import { embedDocument } from './text-vectors.js';
import { releaseMemory } from './release-memory.js';

/**
 * processing → ready: the anonymised pipeline replaces personal data first, then the text is
 * chunked; chunks, text and status are written in one transaction fenced by the lease.
 */
export const processingJob: JobKind = {
  name: 'process',
  async run(ctx) {
    const doc = await claimDocument(ctx.store, 'processing', ctx.owner, ctx.leaseMs);
    if (!doc) return false;
    if (stoppedItsProcessAlone(doc)) {
      await finishDocument(ctx, doc, 'processing', { status: 'failed', error: stoppedAlone('processing') });
      return true;
    }
    await workOn(
      ctx,
      'documents',
      doc,
      () => processDocument(ctx, doc),
      async (err) => {
        ctx.log.error({ err, documentId: doc.id }, 'processing failed');
        await finishDocument(ctx, doc, 'processing', { status: 'failed', error: 'processing failed' });
      },
    );
    return true;
  },
};

/** A text longer than this (in characters) is followed by a full collection of the thread's garbage. */
const LONG_TEXT = 1_000_000;

async function processDocument(ctx: WorkerContext, doc: Row<'documents'>): Promise<void> {
  const project = await ctx.store.db.selectFrom('projects').select('locale').where('id', '=', doc.projectId).executeTakeFirstOrThrow();
  const raw = doc.text ?? '';
  const text = doc.pipeline === 'anonymized' ? anonymize(raw, { locale: project.locale }).text : raw;
  const chunks = chunkText(text, { locale: project.locale });
  // A long text leaves the thread's heap full of what reading it made (a 20 MB transcript's 180,000 turns): collected now, and after
  // the analysis below, rather than carried through it (V8 let a 20 MB text's processing grow the heap to 230 MB, half of it garbage).
  if (text.length > LONG_TEXT) releaseMemory();
  // What search ranks each chunk by, read now (outside the transaction) rather than by every process that first searches the project;
  // each chunk's kept only as it is written (analysed.ts, analyseForStore).
  const read = readChunks(chunks, project.locale);
  if (text.length > LONG_TEXT) releaseMemory();
  const ready = await ctx.store.transaction(async (trx) => {
    const mine = await trx
      .selectFrom('documents')
      .select('id')
      .where('id', '=', doc.id)
      .where('leaseOwner', '=', ctx.owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (!mine) return false;
    await replaceChunks(trx, doc, chunks, read, project.locale);
    await trx
      .updateTable('documents')
      // The text is written again only where anonymisation changed it (20 MB written twice cost the store a second copy in its log).
      .set({ status: 'ready', ...(text === raw ? {} : { text }), leaseOwner: null, leaseExpiresAt: null, updatedAt: nowIso() })
      .where('id', '=', doc.id)
      .execute();
    await materialiseImportedCodings(trx, doc.id, doc.projectId, text);
    return true;
  });
  if (ready) await embedDocument(ctx, doc.projectId, project.locale, { id: doc.id, text, chunks });
}

/** Each chunk's new id and what search ranks it by (analysed.ts), read outside the transaction that writes them. */
export type ReadChunk = { id: string } & ReturnType<typeof analyseForStore>;

export const readChunks = (chunks: Chunk[], locale: string): ReadChunk[] => chunks.map((c) => ({ id: newId(), ...analyseForStore(rankedText(c), locale) }));

/**
 * Replaces a document's chunks and its `document_search` row with `chunks` (read by `readChunks`), inside the caller's
 * transaction: by processing, and by re-chunking a ready document (rechunk.ts).
 */
export async function replaceChunks(trx: DbOrTx, doc: { id: string; projectId: string }, chunks: Chunk[], read: ReadChunk[], locale: string): Promise<void> {
  await trx.deleteFrom('chunks').where('documentId', '=', doc.id).execute();
  await trx.deleteFrom('documentSearch').where('documentId', '=', doc.id).execute();
  for (let i = 0; i < chunks.length; i += 200) {
    await trx
      .insertInto('chunks')
      .values(
        chunks.slice(i, i + 200).map((c, n) => ({
          ...read[i + n]!.columns,
          id: read[i + n]!.id,
          projectId: doc.projectId,
          documentId: doc.id,
          idx: c.idx,
          text: c.text,
          speaker: c.speaker,
          role: c.role,
          startOffset: c.start,
          endOffset: c.end,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('documentSearch')
    .values({ documentId: doc.id, projectId: doc.projectId, ...documentSearchRowOf(read, locale) })
    .execute();
}
