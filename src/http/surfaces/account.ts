import type { FastifyInstance } from 'fastify';
import type { accountActions } from '../../schema/account.js';
import { registerDispatcher, makeCtx } from '../dispatch.js';
import { authAccountKey, bearerToken, type Principal } from '../auth.js';
import type { ActionHandlers, Ctx } from '../handler.js';
import type { Services } from '../services.js';
import { projectDocumentHandlers } from '../project-document-handlers.js';
import { idempotent } from '../../domain/idempotency.js';
import { accountProject } from '../../domain/account-scope.js';
import { createProject, projectViewRaw } from '../../domain/projects.js';
import { accountCredits, createOwnProjectKey, listMemberProjects, listProjectKeys, revokeProjectKey } from '../../domain/self-service-keys.js';
import type { accountAnswers } from '../../schema/answers/surfaces.js';

export type AccountPrincipal = Extract<Principal, { kind: 'accountKey' }>;
export type AccountCtx = Ctx<AccountPrincipal>;

export const accountHandlers: ActionHandlers<typeof accountActions, AccountCtx, typeof accountAnswers> = {
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
  ...projectDocumentHandlers<AccountCtx>(
    (ctx, input, access) => accountProject(ctx.services.store.db, ctx.principal.userId, input, access),
    (ctx) => ({ payer: { accountId: ctx.principal.accountId }, scope: `account:${ctx.principal.accountId}` }),
  ),
  // Self-service keys (a sift extension, docs/decisions.md).
  list_projects: async (ctx) => listMemberProjects(ctx.services.store.db, ctx.principal),
  create_project_key: async (ctx, body) => createOwnProjectKey(ctx.services.store.db, ctx.principal, body),
  list_project_keys: async (ctx, body) => listProjectKeys(ctx.services.store.db, ctx.principal, body.projectId),
  revoke_project_key: async (ctx, body) => {
    const answer = await revokeProjectKey(ctx.services.store.db, ctx.principal, body);
    // As the operator's revoke_key: the key stops authenticating at once in this process (other
    // processes forget it within SIFT_AUTH_CACHE_MS).
    ctx.services.authCache.clear();
    return answer;
  },
  get_credits: async (ctx, body) => accountCredits(ctx.services.store.db, ctx.principal, body),
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
