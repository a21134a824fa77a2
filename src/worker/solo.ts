import type { Store } from '../store/store.js';
import { isStoreUnavailable } from '../store/unavailable.js';

/**
 * An item in flight when its process died (killed, out of memory, a library that aborted) is not
 * known to be the cause: a process holds several at once. As job queues isolate a poison
 * message, such an item is tried again *alone* in its process — the others in hand finish first
 * and no new one starts beside it — and fails only after it stopped its process that way
 * `MAX_SOLO_ATTEMPTS` times. Items a process held when something else stopped it are never blamed.
 * An operator's `kill -9` during an attempt alone looks the same as a crash the item caused, so
 * one such stop is not enough: three, as Sidekiq counts a poison job's crashes. (The fault suite
 * kills a worker every 20 s or so; a long analysis was caught alone twice in a row there.)
 */
export const MAX_SOLO_ATTEMPTS = 3;

/** A claimed item was in flight before (claimed, never finished nor given back). */
export const wasInFlight = (item: { attempts: number }) => item.attempts > 1;

/** The item stopped its process each time it was tried alone: it is the cause, and fails. */
export const stoppedItsProcessAlone = (item: { soloAttempts: number }) => item.soloAttempts >= MAX_SOLO_ATTEMPTS;

/**
 * A process's gate between work run beside other work (shared) and work run alone (exclusive);
 * one who waits alone goes before any later arrival, so a suspect waits only for the work
 * already in hand.
 */
export class SoloGate {
  private shared = 0;
  private alone = false;
  private queue: { solo: boolean; go: () => void }[] = [];

  /** Runs `work` beside others, or alone in this process when `solo`. */
  async run<T>(solo: boolean, work: () => Promise<T>): Promise<T> {
    await this.enter(solo);
    try {
      return await work();
    } finally {
      this.leave(solo);
    }
  }

  private enter(solo: boolean): Promise<void> {
    if (this.queue.length === 0 && this.admits(solo)) {
      this.take(solo);
      return Promise.resolve();
    }
    return new Promise((go) => this.queue.push({ solo, go }));
  }

  private admits(solo: boolean) {
    return !this.alone && (!solo || this.shared === 0);
  }

  private take(solo: boolean) {
    if (solo) this.alone = true;
    else this.shared++;
  }

  private leave(solo: boolean) {
    if (solo) this.alone = false;
    else this.shared--;
    while (this.queue.length > 0 && this.admits(this.queue[0]!.solo)) {
      const next = this.queue.shift()!;
      this.take(next.solo);
      next.go();
    }
  }
}

/** Records that the item is now tried alone, fenced by its lease; false when the lease is lost. */
export async function markSolo(store: Store, table: 'documents' | 'analyses', id: string, owner: string): Promise<boolean> {
  const res = await store.db
    .updateTable(table as 'documents')
    .set((eb) => ({ soloAttempts: eb('soloAttempts', '+', 1) }))
    .where('id', '=', id)
    .where('leaseOwner', '=', owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The database went away in the middle of an item: that is nobody's fault, so the item is given
 * back as it was (its lease released, this attempt not counted) once the database answers again,
 * trying for as long as the lease lasts. If it never answers in time the lease expires and the
 * item is claimed again as one that was in flight.
 */
export async function giveBackAfterOutage(
  store: Store,
  table: 'documents' | 'analyses',
  id: string,
  owner: string,
  ranAlone: boolean,
  leaseMs: number,
): Promise<void> {
  const until = Date.now() + leaseMs;
  for (;;) {
    try {
      await store.db
        .updateTable(table as 'documents')
        .set((eb) => ({
          leaseOwner: null,
          leaseExpiresAt: null,
          attempts: eb('attempts', '-', 1),
          ...(ranAlone ? { soloAttempts: eb('soloAttempts', '-', 1) } : {}),
        }))
        .where('id', '=', id)
        .where('leaseOwner', '=', owner)
        .execute();
      return;
    } catch (err) {
      if (!isStoreUnavailable(err) || Date.now() > until) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
