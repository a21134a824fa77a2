import type { Store, Tx } from '../store/store.js';
import { nowIso } from './clock.js';

/**
 * Runs `fn` at most once per (scope, key): the stored answer is written in the same
 * transaction as the work, so a retry — or a concurrent duplicate that lost the race —
 * gets the first answer back instead of doing the work again.
 */
export async function idempotent<T>(store: Store, scope: string, key: string | null, fn: (trx: Tx) => Promise<T>): Promise<T> {
  if (!key) return store.transaction(fn);
  const stored = async () => {
    const row = await store.db.selectFrom('idempotencyKeys').select('response').where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.response) as T) : undefined;
  };
  const before = await stored();
  if (before !== undefined) return before;
  try {
    return await store.transaction(async (trx) => {
      const result = await fn(trx);
      await trx
        .insertInto('idempotencyKeys')
        .values({ scope, key, status: 200, response: JSON.stringify(result), createdAt: nowIso() })
        .execute();
      return result;
    });
  } catch (err) {
    // The duplicate that lost the race fails inside the transaction; answer as the winner did.
    const after = await stored();
    if (after !== undefined) return after;
    throw err;
  }
}
