import type { Store } from '../store/store.js';
import type { ExpressionBuilder } from 'kysely';
import type { DocumentStatus, Row, Tables } from '../store/tables.js';

/**
 * Work is claimed from the tables with a lease: a row in the wanted state whose lease is absent
 * or expired is taken by a conditional UPDATE, which only one claimant can win (PostgreSQL
 * re-checks the WHERE after a concurrent update commits; SQLite serialises writers). A process
 * killed mid-work simply lets its lease expire, and the row is claimed again.
 */
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

export async function claimDocument(store: Store, status: DocumentStatus, owner: string, leaseMs: number): Promise<Row<'documents'> | null> {
  const now = new Date().toISOString();
  const candidates = await store.db
    .selectFrom('documents')
    .select('id')
    .where('status', '=', status)
    .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<', now)]))
    .orderBy('createdAt')
    .limit(8)
    .execute();
  for (const { id } of candidates) {
    const res = await store.db
      .updateTable('documents')
      .set((eb) => ({ leaseOwner: owner, leaseExpiresAt: isoIn(leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', status)
      .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<', now)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) {
      return (await store.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    }
  }
  return null;
}

/**
 * A project's runs go one at a time, oldest first: a run is claimable only when no older run of
 * its project is unfinished. Two runs at once would both see the same documents without a
 * verdict and analyse them twice (the scale-out proof found this with four workers).
 */
const oldestOfItsProject = (eb: ExpressionBuilder<Tables, 'analyses'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('analyses as earlier')
        .select('earlier.id')
        .whereRef('earlier.projectId', '=', 'analyses.projectId')
        .where('earlier.status', 'in', ['queued', 'running'])
        .where((e) =>
          e.or([
            e('earlier.createdAt', '<', e.ref('analyses.createdAt')),
            e.and([e('earlier.createdAt', '=', e.ref('analyses.createdAt')), e('earlier.id', '<', e.ref('analyses.id'))]),
          ]),
        ),
    ),
  );

export async function claimAnalysis(store: Store, owner: string, leaseMs: number): Promise<Row<'analyses'> | null> {
  const now = new Date().toISOString();
  const candidates = await store.db
    .selectFrom('analyses')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<', now)]))
    .where(oldestOfItsProject)
    .orderBy('createdAt')
    .limit(4)
    .execute();
  for (const { id } of candidates) {
    const res = await store.db
      .updateTable('analyses')
      .set((eb) => ({ leaseOwner: owner, leaseExpiresAt: isoIn(leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<', now)]))
      .where(oldestOfItsProject)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) {
      return (await store.db.selectFrom('analyses').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    }
  }
  return null;
}

/**
 * A heartbeat for an item in hand: renews its lease every third of the lease's length, so that a
 * live worker keeps what it holds however long the work takes, while a dead one lets go within
 * one lease. `lost` turns true when a renewal finds the item no longer ours; `stop` ends it.
 */
export interface HeldLease {
  readonly lost: boolean;
  stop(): void;
}

export function holdLease(store: Store, table: 'documents' | 'analyses' | 'rechunks', id: string, owner: string, leaseMs: number): HeldLease {
  let lost = false;
  const beat = setInterval(
    () => {
      renewLease(store, table, id, owner, leaseMs).then(
        (held) => {
          if (!held) lost = true;
        },
        () => {
          // A failed renewal is tried again at the next beat; the lease itself says who holds the item.
        },
      );
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  beat.unref();
  return {
    get lost() {
      return lost;
    },
    stop: () => clearInterval(beat),
  };
}

/** Extends a lease while long work runs; false when the lease was lost (then the work must stop). */
export async function renewLease(store: Store, table: 'documents' | 'analyses' | 'rechunks', id: string, owner: string, leaseMs: number): Promise<boolean> {
  const res = await store.db
    .updateTable(table as 'documents')
    .set({ leaseExpiresAt: isoIn(leaseMs) })
    .where('id', '=', id)
    .where('leaseOwner', '=', owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
