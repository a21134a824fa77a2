import type { JobKind } from './context.js';
import { readAgain } from '../domain/search-freshness.js';
import { documentSearchRow, encodeAnalysed } from '../engine/search/analysed.js';

const BATCH = 20;
/** After a round that found nothing, the next look is this much later (the look joins every ready document). */
const IDLE_MS = 60_000;
/** When each store's last look found nothing (a process may hold more than one store: tests do). */
const idleSince = new WeakMap<object, number>();

/**
 * Writes what search ranks a document's chunks by where it is missing — documents processed
 * before sift kept it (migration 009), or read in another locale than their project's now — so
 * that the store's full-text index finds them and a search need not read them again. A search
 * never writes (it reads such documents in memory meanwhile). Each document in a transaction
 * that first takes its row (on PostgreSQL), so a worker processing it again waits or wins.
 */
export const searchBackfillJob: JobKind = {
  name: 'search-backfill',
  async run(ctx) {
    if (Date.now() - (idleSince.get(ctx.store) ?? 0) < IDLE_MS) return false;
    const due = await ctx.store.db
      .selectFrom('documents')
      .innerJoin('projects', 'projects.id', 'documents.projectId')
      .leftJoin('documentSearch', 'documentSearch.documentId', 'documents.id')
      .select(['documents.id as id', 'projects.locale as locale'])
      .where('documents.status', '=', 'ready')
      .where((eb) => eb.or([eb('documentSearch.documentId', 'is', null), eb('documentSearch.locale', '<>', eb.ref('projects.locale'))]))
      .limit(BATCH)
      .execute();
    for (const doc of due) {
      await ctx.store.transaction(async (trx) => {
        const locked = trx.selectFrom('documents').select('id').where('id', '=', doc.id).where('status', '=', 'ready');
        if (!(await (ctx.store.kind === 'postgres' ? locked.forUpdate() : locked).executeTakeFirst())) return;
        const read = await readAgain(trx, doc.id, doc.locale);
        if (!read) return;
        for (const c of read.chunks)
          if (read.stale.has(c.id)) await trx.updateTable('chunks').set(encodeAnalysed(c.analysed, doc.locale)).where('id', '=', c.id).execute();
        const row = { documentId: doc.id, projectId: read.projectId, ...documentSearchRow(read.chunks, doc.locale) };
        await trx
          .insertInto('documentSearch')
          .values(row)
          .onConflict((oc) =>
            oc.column('documentId').doUpdateSet({ locale: row.locale, chunkIds: row.chunkIds, termCounts: row.termCounts, vectors: row.vectors }),
          )
          .execute();
      });
    }
    if (due.length === 0) idleSince.set(ctx.store, Date.now());
    return due.length > 0;
  },
};
