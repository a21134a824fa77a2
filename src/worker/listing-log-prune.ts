import { sql } from 'kysely';
import type { JobKind } from './context.js';

const EVERY_MS = 3600_000;
/** Far longer than any transaction lasts, so a write still committing keeps its row (documents-read.ts counts them). */
const OLDER_THAN_MS = 3600_000;
/** When each store was last pruned (a process may hold more than one store: tests do). */
const last = new WeakMap<object, number>();

/**
 * The listing log (migration 008) grows by a row per written row; each project's listing cache
 * only needs its newest rows, so rows over an hour old are removed once an hour, but each
 * project's newest, and those of deleted projects. Housekeeping: it never counts as work.
 */
export const listingLogPruneJob: JobKind = {
  name: 'listing-log-prune',
  async run(ctx) {
    if (Date.now() - (last.get(ctx.store) ?? 0) < EVERY_MS) return false;
    last.set(ctx.store, Date.now());
    const before = new Date(Date.now() - OLDER_THAN_MS).toISOString();
    await sql`delete from listing_changes
      where (at < ${before} and id not in (select max(id) from listing_changes group by project_id))
         or project_id not in (select id from projects)`.execute(ctx.store.db);
    return false;
  },
};
