import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { invalidField, notFound, paymentRequired } from './errors.js';
import { MAX_CREDITS } from '../schema/common.js';

/**
 * The credit ledger: one row per grant or charge, and a balance column on the payer kept in
 * the same transaction, so that the ledger's sum always equals the balance.
 */
export type Payer = { accountId: string } | { partnerId: string };

const payerTable = (p: Payer) => ('accountId' in p ? ('accounts' as const) : ('partners' as const));
const payerId = (p: Payer) => ('accountId' in p ? p.accountId : p.partnerId);

export async function balanceOf(db: DbOrTx, payer: Payer): Promise<number> {
  const row = await db.selectFrom(payerTable(payer)).select('creditBalance').where('id', '=', payerId(payer)).executeTakeFirst();
  if (!row) throw notFound('accountId' in payer ? 'account' : 'partner', payerId(payer));
  return Number(row.creditBalance);
}

/** Adds (or, with a negative amount, removes) credits by operator decision. Must run in a transaction. */
export async function grantCredits(trx: Tx, payer: Payer, amount: number, reason: string): Promise<number> {
  const exists = await trx
    .selectFrom(payerTable(payer) as 'accounts')
    .select('id')
    .where('id', '=', payerId(payer))
    .executeTakeFirst();
  if (!exists) throw notFound('accountId' in payer ? 'account' : 'partner', payerId(payer));
  // A balance stays exact and within MAX_CREDITS: the guard is part of the update itself.
  const res = await trx
    .updateTable(payerTable(payer))
    .set({ creditBalance: sql`credit_balance + ${amount}` })
    .where('id', '=', payerId(payer))
    .where(sql<boolean>`credit_balance + ${amount} between ${-MAX_CREDITS} and ${MAX_CREDITS}`)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw invalidField('/amount', `would take the balance beyond ±${MAX_CREDITS} credits`);
  await record(trx, payer, { amount, kind: 'grant', reason, projectId: null, documentIds: null });
  return balanceOf(trx, payer);
}

/**
 * Charges `amount` credits if the balance covers it (402 otherwise). The conditional update is
 * the guard against double spending under concurrency. Must run in a transaction.
 */
export async function chargeCredits(trx: Tx, payer: Payer, amount: number, reason: string, ref: { projectId: string; documentIds: string[] }): Promise<number> {
  if (amount > 0) {
    const res = await trx
      .updateTable(payerTable(payer))
      .set({ creditBalance: sql`credit_balance - ${amount}` })
      .where('id', '=', payerId(payer))
      .where('creditBalance', '>=', amount)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      const balance = await balanceOf(trx, payer);
      throw paymentRequired(`not enough credits: the confirmation costs ${amount}, the balance is ${balance}`);
    }
  }
  await record(trx, payer, { amount: -amount, kind: 'charge', reason, projectId: ref.projectId, documentIds: JSON.stringify(ref.documentIds) });
  return balanceOf(trx, payer);
}

/** One line of the payer's ledger, beside the balance change it records. */
async function record(trx: Tx, payer: Payer, entry: Pick<Row<'creditLedger'>, 'amount' | 'kind' | 'reason' | 'projectId' | 'documentIds'>) {
  await trx
    .insertInto('creditLedger')
    .values({
      id: newId(),
      accountId: 'accountId' in payer ? payer.accountId : null,
      partnerId: 'partnerId' in payer ? payer.partnerId : null,
      ...entry,
      createdAt: nowIso(),
    })
    .execute();
}

const ledgerEntry = (r: Row<'creditLedger'>) => ({
  id: r.id,
  amount: Number(r.amount),
  kind: r.kind,
  reason: r.reason,
  projectId: r.projectId,
  documentIds: r.documentIds ? (JSON.parse(r.documentIds) as string[]) : null,
  createdAt: r.createdAt,
});

export async function ledgerOf(db: DbOrTx, payer: Payer) {
  const rows = await db
    .selectFrom('creditLedger')
    .selectAll()
    .where('accountId' in payer ? 'accountId' : 'partnerId', '=', payerId(payer))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(ledgerEntry);
}

/** One page of a payer's ledger, newest first, with the number of entries in all. */
export async function ledgerPage(db: DbOrTx, payer: Payer, page: { limit: number; offset: number }) {
  const column = 'accountId' in payer ? 'accountId' : 'partnerId';
  const rows = await db
    .selectFrom('creditLedger')
    .selectAll()
    .where(column, '=', payerId(payer))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('creditLedger')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column, '=', payerId(payer))
    .executeTakeFirstOrThrow();
  return { entries: rows.map(ledgerEntry), total: Number(count.n) };
}
