import type { FastifyInstance } from 'fastify';
import type { accountActions } from '../../schema/account.js';
import { registerDispatcher, makeCtx } from '../dispatch.js';
import { authAccountKey, bearerToken } from '../auth.js';
import type { ActionHandlers, Ctx } from '../handler.js';
import type { Services } from '../services.js';
import type { Principal } from '../auth.js';
import { idempotent } from '../idempotency.js';
import { canWrite, createProject, findProject, projectViewRaw, roleOf } from '../../domain/projects.js';
import { forbidden, notFound } from '../../domain/errors.js';
import { startAnalysis } from '../../domain/analysis-start.js';
import { runsOf } from '../../domain/analyses.js';
import type { Row } from '../../store/tables.js';
import { confirmDocuments, projectStatus } from '../../domain/documents.js';
import { removeDocuments } from '../document-actions.js';

export type AccountPrincipal = Extract<Principal, { kind: 'accountKey' }>;
export type AccountCtx = Ctx<AccountPrincipal>;

/**
 * The project an account key names: 404 unless the key's user is a member (the same answer
 * as a project that does not exist); 403 for a write below `owner`/`admin`.
 */
export async function accountProject(ctx: AccountCtx, input: string, access: 'read' | 'write'): Promise<Row<'projects'>> {
  const db = ctx.services.store.db;
  const project = await findProject(db, input);
  const role = project ? await roleOf(db, project.id, ctx.principal.userId) : null;
  if (!project || !role) throw notFound('project', input);
  if (access === 'write' && !canWrite(role)) throw forbidden(`your role on this project is ${role}: this needs owner or admin`);
  return project;
}

export const accountHandlers: ActionHandlers<typeof accountActions, AccountCtx> = {
  create_project: async (ctx, body) =>
    idempotent(ctx.services.store, `account:${ctx.principal.accountId}:create_project`, ctx.idempotencyKey, async (trx) => {
      const project = await createProject(trx, {
        accountId: ctx.principal.accountId,
        ownerUserId: ctx.principal.userId,
        name: body.name,
        locale: body.locale,
        description: body.description,
      });
      return { project: projectViewRaw(project) };
    }),
  get_project_status: async (ctx, body) => {
    const project = await accountProject(ctx, body.projectId, 'read');
    return projectStatus(ctx.services.store, project, { accountId: ctx.principal.accountId }, await runsOf(ctx.services.store, project.id));
  },
  confirm_documents: async (ctx, body) => {
    const project = await accountProject(ctx, body.projectId, 'write');
    const answer = await idempotent(ctx.services.store, `account:${ctx.principal.accountId}:confirm:${project.id}`, ctx.idempotencyKey, (trx) =>
      confirmDocuments(trx, project, { accountId: ctx.principal.accountId }, body),
    );
    ctx.services.jobs.nudge();
    return answer;
  },
  delete_documents: async (ctx, body) => {
    const project = await accountProject(ctx, body.projectId, 'write');
    return removeDocuments(ctx.services, project, body.documentIds);
  },
  start_analysis: async (ctx, body) => {
    const project = await accountProject(ctx, body.projectId, 'write');
    const answer = await startAnalysis(ctx.services.store, project, body);
    ctx.services.jobs.nudge();
    return answer;
  },
};

export function registerAccountSurface(app: FastifyInstance, services: Services) {
  registerDispatcher<AccountCtx>(app, services, {
    surface: 'account',
    authenticate: (req) => authAccountKey(services.store, bearerToken(req)),
    rateLimit: (p) => ({ bucket: 'account', subject: (p as AccountPrincipal).accountId }),
    context: async (req, reply, p) => makeCtx(services, req, reply, p as AccountPrincipal),
    handlers: accountHandlers,
  });
}
