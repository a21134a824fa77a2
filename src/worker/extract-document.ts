import type { Row } from '../store/tables.js';
import { extractText, ExtractionError } from '../engine/extract/index.js';
import { countWords, priceOf } from '../domain/pricing.js';
import { nowIso } from '../domain/clock.js';
import { claimDocument } from './lease.js';
import type { JobKind, WorkerContext } from './context.js';
import { MAX_SOLO_ATTEMPTS, stoppedItsProcessAlone } from './solo.js';
import { workOn } from './work-on.js';

/** What a document's `error` says when it stopped its process each time it was tried alone. */
export const stoppedAlone = (step: string) =>
  `${step} stopped the process handling it each time it was tried alone (${MAX_SOLO_ATTEMPTS} times): the file is likely what makes it fail`;

/** The terminal write of a claimed document, fenced by the lease so a worker that lost it writes nothing. */
async function finish(ctx: WorkerContext, doc: Row<'documents'>, from: Row<'documents'>['status'], set: Partial<Row<'documents'>>) {
  await ctx.store.db
    .updateTable('documents')
    .set({ ...set, leaseOwner: null, leaseExpiresAt: null, updatedAt: nowIso() })
    .where('id', '=', doc.id)
    .where('status', '=', from)
    .where('leaseOwner', '=', ctx.owner)
    .execute();
}

export { finish as finishDocument };

/** pending → awaiting_confirmation (priced) | empty (price 0) | failed (with the reason). */
export const extractionJob: JobKind = {
  name: 'extract',
  async run(ctx) {
    const doc = await claimDocument(ctx.store, 'pending', ctx.owner, ctx.leaseMs);
    if (!doc) return false;
    if (stoppedItsProcessAlone(doc)) {
      ctx.log.error({ documentId: doc.id, soloAttempts: doc.soloAttempts }, 'a document stopped its process each time it was read alone; it fails');
      await finish(ctx, doc, 'pending', { status: 'failed', error: stoppedAlone('text extraction'), creditCost: 0 });
      return true;
    }
    await workOn(
      ctx,
      'documents',
      doc,
      () => extract(ctx, doc),
      async (err) => {
        const message = err instanceof ExtractionError ? err.message : 'the file could not be read';
        // The extractor's own words (the error's cause) are for the operator; the note is written for the document's owner.
        if (err instanceof ExtractionError) ctx.log.warn({ err, documentId: doc.id }, 'the file could not be read');
        else ctx.log.error({ err, documentId: doc.id }, 'extraction crashed');
        await finish(ctx, doc, 'pending', { status: 'failed', error: message, creditCost: 0 });
      },
    );
    return true;
  },
};

async function extract(ctx: WorkerContext, doc: Row<'documents'>): Promise<void> {
  const text = doc.blobKey
    ? (await extractText(await ctx.blobs.get(doc.blobKey), doc.filename, { timeoutMs: ctx.config.extractTimeoutMs })).text
    : (doc.text ?? '');
  const words = countWords(text);
  if (text.trim() === '' || words === 0) {
    await finish(ctx, doc, 'pending', { status: 'empty', creditCost: 0, wordCount: 0, text: '' });
  } else {
    const price = priceOf(words, doc.pipeline, ctx.config.pricing);
    await finish(ctx, doc, 'pending', { status: 'awaiting_confirmation', creditCost: price, wordCount: words, text });
  }
}
