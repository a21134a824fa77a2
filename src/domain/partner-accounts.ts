import type { DbOrTx, Store } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { normalizeEmail } from './users.js';
import { isUniqueViolation } from '../store/unique.js';
import { grantCredits } from './credits.js';

export const TRIAL_PLAN = 'free_trial';

export const accountViewRaw = (a: Row<'accounts'>, owner?: Row<'users'>) => ({
  id: a.id,
  name: a.name,
  plan: a.plan,
  creditBalance: Number(a.creditBalance),
  ownerUserId: a.ownerUserId,
  ...(owner ? { owner: { id: owner.id, email: owner.email, name: owner.name, onboarded: owner.onboarded === 1 } } : {}),
  createdAt: a.createdAt,
});

async function findPartnerAccount(db: DbOrTx, partnerId: string, email: string) {
  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (!user) return null;
  const account = await db.selectFrom('accounts').selectAll().where('createdByPartnerId', '=', partnerId).where('ownerUserId', '=', user.id).executeTakeFirst();
  return account ? { account, user } : null;
}

/**
 * `create_account`: invites the user and provisions their team account, once per partner and
 * e-mail. Concurrent duplicates lose on the unique (partner, owner) index and answer the
 * winner's account. With `onboard`, the team gets the free-trial plan's credits on its own ledger.
 */
export async function provisionAccount(
  store: Store,
  partnerId: string,
  input: { email: string; name?: string; teamName?: string; onboard?: boolean },
  trialCredits: number,
): Promise<{ account: Row<'accounts'>; user: Row<'users'>; created: boolean }> {
  const email = normalizeEmail(input.email);
  const existing = await findPartnerAccount(store.db, partnerId, email);
  if (existing) return { ...existing, created: false };
  const onboard = input.onboard ?? true;
  try {
    return await store.transaction(async (trx) => {
      await trx
        .insertInto('users')
        .values({ id: newId(), email, name: input.name ?? null, onboarded: 0, createdAt: nowIso() })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const user = await trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      if (onboard && user.onboarded !== 1) {
        await trx.updateTable('users').set({ onboarded: 1 }).where('id', '=', user.id).execute();
        user.onboarded = 1;
      }
      const account: Row<'accounts'> = {
        id: newId(),
        name: input.teamName ?? input.name ?? email,
        ownerUserId: user.id,
        plan: onboard ? TRIAL_PLAN : null,
        creditBalance: 0,
        createdByPartnerId: partnerId,
        createdAt: nowIso(),
      };
      await trx.insertInto('accounts').values(account).execute();
      if (onboard && trialCredits > 0)
        account.creditBalance = await grantCredits(trx, { accountId: account.id }, trialCredits, `plan ${TRIAL_PLAN}: initial credits`);
      await trx
        .insertInto('outbox')
        .values({
          id: newId(),
          kind: 'invitation',
          recipient: email,
          subject: 'You have been invited to sift',
          body: `You have been invited to the team "${account.name}" on sift.${onboard ? ` Your team is on the free trial with ${trialCredits} credits.` : ' Sign in to choose a plan.'}`,
          partnerId,
          accountId: account.id,
          createdAt: nowIso(),
          sentAt: null,
          error: null,
        })
        .execute();
      return { account, user, created: true };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const winner = await findPartnerAccount(store.db, partnerId, email);
      if (winner) return { ...winner, created: false };
    }
    throw err;
  }
}

export async function partnerAccounts(db: DbOrTx, partnerId: string) {
  const accounts = await db.selectFrom('accounts').selectAll().where('createdByPartnerId', '=', partnerId).orderBy('createdAt').orderBy('id').execute();
  const owners = accounts.length
    ? await db
        .selectFrom('users')
        .selectAll()
        .where(
          'id',
          'in',
          accounts.map((a) => a.ownerUserId),
        )
        .execute()
    : [];
  const byId = new Map(owners.map((u) => [u.id, u]));
  return accounts.map((a) => accountViewRaw(a, byId.get(a.ownerUserId)));
}
