import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { accountProject } from './account-scope.js';
import { issueProjectKey, revokeProjectKeyById } from './keys.js';
import { balanceOf, ledgerPage } from './credits.js';
import { projectViewRaw, roleOf } from './projects.js';
import { notFound } from './errors.js';

/**
 * Self-service keys (a sift extension, docs/decisions.md): what an account key's user may do
 * about its projects' keys and its account's credits. The HTTP layer forgets remembered
 * credentials after a revocation; everything else is here.
 */
export interface AccountCaller {
  accountId: string;
  userId: string;
}

/** A project key as answered: never its value or hash. */
const projectKeyView = (k: Row<'apiKeys'>) => ({
  id: k.id,
  access: k.access,
  // Only project keys reach here (every query names the project); account keys have none.
  projectId: k.projectId ?? '',
  userId: k.userId,
  createdAt: k.createdAt,
  revokedAt: k.revokedAt,
});

/** Every project the caller's user is a member of (the projects its key reaches), with the role. */
export async function listMemberProjects(db: DbOrTx, caller: AccountCaller) {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .selectAll('p')
    .select('m.role as role')
    .where('m.userId', '=', caller.userId)
    .orderBy('p.createdAt')
    .orderBy('p.id')
    .execute();
  return {
    accountId: caller.accountId,
    projects: rows.map(({ role, ...p }) => ({ ...projectViewRaw(p), role })),
  };
}

/**
 * A new project key, for the caller's user or for another member of the project. The caller must
 * be owner or admin (403), and a member at all (404); a user who is not a member is a 404 too,
 * the same answer as a user who does not exist.
 */
export async function createOwnProjectKey(db: DbOrTx, caller: AccountCaller, input: { projectId: string; access: 'read' | 'edit'; userId?: string }) {
  const project = await accountProject(db, caller.userId, input.projectId, 'write');
  const userId = input.userId ?? caller.userId;
  if (userId !== caller.userId && !(await roleOf(db, project.id, userId))) throw notFound('user', userId);
  const { row, secret } = await issueProjectKey(db, { projectId: project.id, userId, access: input.access });
  return { key: projectKeyView(row), secret };
}

export async function listProjectKeys(db: DbOrTx, caller: AccountCaller, projectInput: string) {
  const project = await accountProject(db, caller.userId, projectInput, 'write');
  const rows = await db
    .selectFrom('apiKeys')
    .selectAll()
    .where('projectId', '=', project.id)
    .where('scope', '=', 'project')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return { keys: rows.map(projectKeyView) };
}

export async function revokeProjectKey(db: DbOrTx, caller: AccountCaller, input: { projectId: string; keyId: string }) {
  const project = await accountProject(db, caller.userId, input.projectId, 'write');
  return { key: projectKeyView(await revokeProjectKeyById(db, project.id, input.keyId)) };
}

const LEDGER_PAGE = 50;

export async function accountCredits(db: DbOrTx, caller: AccountCaller, page: { limit?: number; offset?: number }) {
  const payer = { accountId: caller.accountId };
  const limit = page.limit ?? LEDGER_PAGE;
  const offset = page.offset ?? 0;
  const { entries, total } = await ledgerPage(db, payer, { limit, offset });
  return {
    accountId: caller.accountId,
    creditBalance: await balanceOf(db, payer),
    ledger: entries,
    total,
    offset,
    nextOffset: offset + entries.length < total ? offset + entries.length : null,
  };
}
