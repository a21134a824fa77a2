import type { Tx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { notFound } from './errors.js';
import { grantCredits } from './credits.js';

/** A team account: owns projects and pays for them. Must run in a transaction when credits > 0. */
export async function createAccount(
  trx: Tx,
  input: { name: string; ownerUserId: string; credits?: number; plan?: string | null; createdByPartnerId?: string | null },
): Promise<Row<'accounts'>> {
  const owner = await trx.selectFrom('users').select('id').where('id', '=', input.ownerUserId).executeTakeFirst();
  if (!owner) throw notFound('user', input.ownerUserId);
  const row: Row<'accounts'> = {
    id: newId(),
    name: input.name,
    ownerUserId: input.ownerUserId,
    plan: input.plan ?? null,
    creditBalance: 0,
    createdByPartnerId: input.createdByPartnerId ?? null,
    createdAt: nowIso(),
  };
  await trx.insertInto('accounts').values(row).execute();
  if (input.credits && input.credits > 0) {
    row.creditBalance = await grantCredits(trx, { accountId: row.id }, input.credits, input.plan ? `plan ${input.plan}: initial credits` : 'initial credits');
  }
  return row;
}
