import type { JobKind } from './context.js';
import { inBatches } from '../store/in-batches.js';
import type { Store } from '../store/store.js';
import type { BlobStore } from '../store/blobs.js';

/** Removes staged files and originals older than `olderThanMs` that no document names; answers how many. */
export const sweepOrphans = (store: Store, blobs: BlobStore, olderThanMs: number): Promise<number> =>
  blobs.sweep(olderThanMs, async (keys) => {
    const rows = await inBatches(keys, (slice) => store.db.selectFrom('documents').select('blobKey').where('blobKey', 'in', slice).execute());
    return new Set(rows.flatMap((r) => (r.blobKey ? [r.blobKey] : [])));
  });

/** How often a process sweeps, and how old a file must be to count as left behind (no upload or import takes an hour between storing a file and recording it). */
const EVERY_MS = 3600_000;
const OLDER_THAN_MS = 3600_000;
let last = 0;

/**
 * Originals no document names, left by a process killed between storing a file and recording
 * its document (an upload, an import), are removed once they are an hour old. Housekeeping: it
 * never counts as work, so the runner goes on to sleep after it.
 */
export const blobSweepJob: JobKind = {
  name: 'blob-sweep',
  async run(ctx) {
    if (Date.now() - last < EVERY_MS) return false;
    last = Date.now();
    const removed = await sweepOrphans(ctx.store, ctx.blobs, OLDER_THAN_MS);
    if (removed > 0) ctx.log.info({ removed }, 'removed stored files no document names (left by a process that stopped mid-upload)');
    return false;
  },
};
