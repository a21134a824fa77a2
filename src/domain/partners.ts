import type { Tx } from '../store/store.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { hashSecret, newPartnerSecretValue } from './keys.js';
import { grantCredits } from './credits.js';

/** Creates a partner and its secret (shown once). Must run in a transaction when credits > 0. */
export async function createPartner(trx: Tx, input: { name: string; credits?: number }): Promise<{ id: string; secret: string }> {
  const secret = newPartnerSecretValue();
  const id = newId();
  await trx
    .insertInto('partners')
    .values({ id, name: input.name, secretHash: hashSecret(secret), creditBalance: 0, revokedAt: null, createdAt: nowIso() })
    .execute();
  if (input.credits && input.credits > 0) await grantCredits(trx, { partnerId: id }, input.credits, 'initial credits');
  return { id, secret };
}
