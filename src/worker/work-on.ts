import { isStoreUnavailable } from '../store/unavailable.js';
import type { WorkerContext } from './context.js';
import { holdLease } from './lease.js';
import { giveBackAfterOutage, markSolo, SoloGate, wasInFlight } from './solo.js';

/** The gate of workers started without one (tests that build a context by hand). */
const processGate = new SoloGate();

interface Claimed {
  id: string;
  attempts: number;
}

/**
 * Runs the work on a claimed item under its lease (renewed while it runs): alone in this process
 * when the item was in flight before (solo.ts), and given back untouched when the database went
 * away meanwhile. Any other failure is the item's own: `fail` records it.
 */
export async function workOn(
  ctx: WorkerContext,
  table: 'documents' | 'analyses',
  item: Claimed,
  work: () => Promise<void>,
  fail: (err: unknown) => Promise<void>,
): Promise<void> {
  const lease = holdLease(ctx.store, table, item.id, ctx.owner, ctx.leaseMs);
  const alone = wasInFlight(item);
  try {
    await (ctx.solo ?? processGate).run(alone, async () => {
      if (alone && !(await markSolo(ctx.store, table, item.id, ctx.owner))) return;
      try {
        await work();
      } catch (err) {
        if (!isStoreUnavailable(err)) return await fail(err);
        ctx.log.warn({ err, id: item.id, table }, 'the database went away during the work; it is given back to be done again');
        await giveBackAfterOutage(ctx.store, table, item.id, ctx.owner, alone, Math.min(ctx.leaseMs, 30_000));
      }
    });
  } finally {
    lease.stop();
  }
}
