import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { findProject } from './projects.js';
import { notFound } from './errors.js';

/** A partner reaches only the projects it created; anything else is a 404, existing or not. */
export async function partnerProject(db: DbOrTx, partnerId: string, input: string): Promise<Row<'projects'>> {
  const project = await findProject(db, input);
  if (!project || project.createdByPartnerId !== partnerId) throw notFound('project', input);
  return project;
}

/** A partner reaches only the accounts it created. */
export async function partnerAccount(db: DbOrTx, partnerId: string, accountId: string): Promise<Row<'accounts'>> {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!account || account.createdByPartnerId !== partnerId) throw notFound('account', accountId);
  return account;
}
