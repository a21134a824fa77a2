import { chunkText, type Chunk } from '../engine/chunk.js';
import { nowIso } from '../domain/clock.js';
import type { Store } from '../store/store.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import type { JobKind, WorkerContext } from './context.js';
import { holdLease, isoIn } from './lease.js';
import { readChunks, replaceChunks } from './process-document.js';
import { embedDocument } from './text-vectors.js';
import { releaseMemory } from './release-memory.js';

/** A document whose claim was taken this many times without finishing (its process stopped each time) is left as it is. */
export const MAX_RECHUNK_ATTEMPTS = 3;
/** A text longer than this (in characters) is followed by a full collection of the thread's garbage (as processing does). */
const LONG_TEXT = 1_000_000;

/**
 * Chunks a ready document again from its stored text where its chunks predate today's chunker
 * (migration 015 marks them in `rechunks`): a transcript processed before issue 44 becomes one
 * speaker's turn per chunk, with speaker and role. No credit is charged and the document stays
 * `ready`: search answers from the old chunks until one transaction, fenced by the claim's
 * lease, replaces them with the new chunks, their search terms and `document_search` row, and
 * touches the document (every process's search index reads it again). Chunks that come out the
 * same (prose) are left untouched, unless the mark says their search terms changed (`reindex`,
 * migration 016). Nothing refers to a chunk by its id outside the chunks and
 * `document_search`, both rewritten here (docs/decisions.md, "Re-chunking after an upgrade").
 */
export const rechunkJob: JobKind = {
  name: 'rechunk',
  async run(ctx) {
    const item = await claimRechunk(ctx.store, ctx.owner, ctx.leaseMs);
    if (!item) return false;
    const lease = holdLease(ctx.store, 'rechunks', item, ctx.owner, ctx.leaseMs);
    try {
      await rechunkDocument(ctx, item);
    } catch (err) {
      // The database away: the claim lapses and the document is taken again. Anything else is the document's own: it keeps its chunks.
      if (isStoreUnavailable(err)) throw err;
      ctx.log.error({ err, documentId: item }, 're-chunking failed; the document keeps its chunks');
      await done(ctx, item);
    } finally {
      lease.stop();
    }
    return true;
  },
};

/** Takes one marked document with a lease, as claimDocument takes documents; its id, or null when none is free. */
async function claimRechunk(store: Store, owner: string, leaseMs: number): Promise<string | null> {
  const now = new Date().toISOString();
  const free = (q: typeof store.db) =>
    q
      .selectFrom('rechunks')
      .select('id')
      .where('attempts', '<', MAX_RECHUNK_ATTEMPTS)
      .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<', now)]));
  const candidates = await free(store.db).orderBy('createdAt').orderBy('id').limit(8).execute();
  for (const { id } of candidates) {
    const res = await store.db
      .updateTable('rechunks')
      .set((eb) => ({ leaseOwner: owner, leaseExpiresAt: isoIn(leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', MAX_RECHUNK_ATTEMPTS)
      .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<', now)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return id;
  }
  return null;
}

/** The mark removed, where this worker still holds it. */
const done = (ctx: WorkerContext, id: string) => ctx.store.db.deleteFrom('rechunks').where('id', '=', id).where('leaseOwner', '=', ctx.owner).execute();

const same = (old: { idx: number; text: string; speaker: string | null; role: string | null; startOffset: number; endOffset: number }[], now: Chunk[]) =>
  old.length === now.length &&
  old.every((o, i) => {
    const n = now[i]!;
    return (
      Number(o.idx) === n.idx &&
      o.text === n.text &&
      o.speaker === n.speaker &&
      o.role === n.role &&
      Number(o.startOffset) === n.start &&
      Number(o.endOffset) === n.end
    );
  });

async function rechunkDocument(ctx: WorkerContext, id: string): Promise<void> {
  const doc = await ctx.store.db
    .selectFrom('documents')
    .innerJoin('projects', 'projects.id', 'documents.projectId')
    .select(['documents.id as id', 'documents.projectId as projectId', 'documents.status as status', 'documents.text as text', 'projects.locale as locale'])
    .where('documents.id', '=', id)
    .executeTakeFirst();
  // Not ready (failed, or being processed again): processing writes today's chunks, if any.
  if (doc?.status !== 'ready') {
    await done(ctx, id);
    return;
  }
  // The stored text is the one processing chunked (anonymised already where the pipeline anonymises).
  const text = doc.text ?? '';
  const chunks = chunkText(text, { locale: doc.locale });
  const old = await ctx.store.db
    .selectFrom('chunks')
    .select(['idx', 'text', 'speaker', 'role', 'startOffset', 'endOffset'])
    .where('documentId', '=', id)
    .orderBy('idx')
    .execute();
  const mark = await ctx.store.db.selectFrom('rechunks').select('reindex').where('id', '=', id).executeTakeFirst();
  if (same(old, chunks) && !Number(mark?.reindex)) {
    await done(ctx, id);
    return;
  }
  if (text.length > LONG_TEXT) releaseMemory();
  const read = readChunks(chunks, doc.locale);
  if (text.length > LONG_TEXT) releaseMemory();
  await ctx.hooks?.beforeRechunkWrite?.();
  const swapped = await ctx.store.transaction(async (trx) => {
    // Fenced by the lease; on PostgreSQL the mark's row and the document's are taken first, so that a worker that claimed the
    // mark after this lease lapsed, or the search backfill writing the same document, waits for this transaction or wins before it.
    const lock = <Q extends { forUpdate(): Q }>(q: Q) => (ctx.store.kind === 'postgres' ? q.forUpdate() : q);
    const mine = await lock(trx.selectFrom('rechunks').select('id').where('id', '=', id).where('leaseOwner', '=', ctx.owner)).executeTakeFirst();
    if (!mine) return false;
    const ready = await lock(trx.selectFrom('documents').select('id').where('id', '=', id).where('status', '=', 'ready')).executeTakeFirst();
    if (ready) {
      await replaceChunks(trx, doc, chunks, read, doc.locale);
      await trx.updateTable('documents').set({ updatedAt: nowIso() }).where('id', '=', id).execute();
    }
    await trx.deleteFrom('rechunks').where('id', '=', id).execute();
    return Boolean(ready);
  });
  if (swapped) await embedDocument(ctx, doc.projectId, doc.locale, { id, text, chunks });
}
