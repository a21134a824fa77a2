import type { Store } from '../store/store.js';
import type { AdminBody } from '../schema/types.js';
import { createUser } from './users.js';
import { createAccount } from './accounts.js';
import { createProject, projectViewRaw, resolveProject, roleOf, setMember, setProjectPipeline } from './projects.js';
import { createAccountKey, createProjectKey, revokeKey } from './keys.js';
import { createPartner } from './partners.js';
import { balanceOf, grantCredits, ledgerOf, type Payer } from './credits.js';
import { invalidField, notFound } from './errors.js';

/** The operator's actions (decisions §8); the HTTP surface and the CLI both call these. */
const payerOf = (b: { accountId?: string; partnerId?: string }): Payer => (b.accountId ? { accountId: b.accountId } : { partnerId: b.partnerId! });

async function userExists(store: Store, id: string) {
  const u = await store.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!u) throw notFound('user', id);
}

export const adminOps = {
  create_user: async (store: Store, b: AdminBody<'create_user'>) => {
    const user = await createUser(store.db, { email: b.email, name: b.name });
    return { user: { id: user.id, email: user.email, name: user.name } };
  },
  create_account: async (store: Store, b: AdminBody<'create_account'>) => {
    const account = await store.transaction((trx) => createAccount(trx, { name: b.name, ownerUserId: b.ownerUserId, credits: b.credits }));
    return { account: { id: account.id, name: account.name, ownerUserId: account.ownerUserId, creditBalance: account.creditBalance } };
  },
  create_project: async (store: Store, b: AdminBody<'create_project'>) => {
    const project = await store.transaction((trx) => createProject(trx, b));
    return { project: projectViewRaw(project) };
  },
  add_member: async (store: Store, b: AdminBody<'add_member'>) => {
    const project = await resolveProject(store.db, b.projectId);
    const m = await setMember(store.db, project.id, b.userId, b.role);
    return { membership: m };
  },
  create_project_key: async (store: Store, b: AdminBody<'create_project_key'>) => {
    const project = await resolveProject(store.db, b.projectId);
    await userExists(store, b.userId);
    // A key for a non-member could never authenticate (decisions §4): refuse it rather than issue it.
    if (!(await roleOf(store.db, project.id, b.userId))) throw invalidField('/userId', 'is not a member of the project: add_member first');
    return { key: await createProjectKey(store.db, { projectId: project.id, userId: b.userId, access: b.access }) };
  },
  create_account_key: async (store: Store, b: AdminBody<'create_account_key'>) => {
    const account = await store.db.selectFrom('accounts').select('id').where('id', '=', b.accountId).executeTakeFirst();
    if (!account) throw notFound('account', b.accountId);
    await userExists(store, b.userId);
    return { key: await createAccountKey(store.db, { accountId: b.accountId, userId: b.userId }) };
  },
  revoke_key: async (store: Store, b: AdminBody<'revoke_key'>) => {
    await revokeKey(store.db, b.key);
    return { revoked: true };
  },
  create_partner: async (store: Store, b: AdminBody<'create_partner'>) => {
    const p = await store.transaction((trx) => createPartner(trx, { name: b.name, credits: b.credits }));
    return { partner: { id: p.id, name: b.name }, secret: p.secret };
  },
  grant_credits: async (store: Store, b: AdminBody<'grant_credits'>) => {
    const balance = await store.transaction((trx) => grantCredits(trx, payerOf(b), b.amount, 'operator grant'));
    return { creditBalance: balance };
  },
  get_credits: async (store: Store, b: AdminBody<'get_credits'>) => {
    const payer = payerOf(b);
    return { creditBalance: await balanceOf(store.db, payer), ledger: await ledgerOf(store.db, payer) };
  },
  set_project_pipeline: async (store: Store, b: AdminBody<'set_project_pipeline'>) => {
    const project = await resolveProject(store.db, b.projectId);
    return { project: projectViewRaw(await setProjectPipeline(store.db, project.id, b.pipeline)) };
  },
};
