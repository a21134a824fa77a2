import type { FastifyInstance } from 'fastify';
import type { partnerActions } from '../../schema/partner.js';
import type { PartnerBody } from '../../schema/types.js';
import { registerDispatcher, makeCtx } from '../dispatch.js';
import { authPartner, bearerToken, type Principal } from '../auth.js';
import type { ActionHandlers, Ctx } from '../handler.js';
import type { Services } from '../services.js';
import { projectDocumentHandlers } from '../project-document-handlers.js';
import { idempotent } from '../../domain/idempotency.js';
import { fetchAll } from '../uploads/receive.js';
import { allowCidrs } from '../../engine/fetch/index.js';
import { partnerAccount, partnerProject } from '../../domain/partner-scope.js';
import { accountViewRaw, partnerAccounts, provisionAccount } from '../../domain/partner-accounts.js';
import { createProject, projectViewRaw } from '../../domain/projects.js';
import { createPendingDocuments, documentViewRaw, type NewDocument } from '../../domain/documents.js';
import { invalidField } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import type { Row } from '../../store/tables.js';
import type { partnerAnswers } from '../../schema/answers/surfaces.js';

export type PartnerPrincipal = Extract<Principal, { kind: 'partner' }>;
export type PartnerCtx = Ctx<PartnerPrincipal>;
type Files = NonNullable<PartnerBody<'create_project'>['files']>;

/** `files` received: URLs fetched safely (all or nothing) into blobs under the project's id, and inline text documents. */
async function receiveFiles(ctx: PartnerCtx, projectId: string, files: Files, pointer: string): Promise<NewDocument[]> {
  const fetched = await fetchAll(files.urls ?? [], ctx.services.blobs, projectId, `${pointer}/urls`, allowCidrs(ctx.services.config.fetchAllowCidrs));
  const inline: NewDocument[] = (files.documents ?? []).map((d) => ({
    filename: d.filename,
    blobKey: null,
    mimeType: 'text/plain',
    sizeBytes: Buffer.byteLength(d.text),
    sourceUrl: null,
    text: d.text,
  }));
  return [...fetched, ...inline];
}

/** `files`: received first, then created at `pending` in one transaction. */
async function addFiles(ctx: PartnerCtx, project: Row<'projects'>, files: Files, pointer: string): Promise<Row<'documents'>[]> {
  const received = await receiveFiles(ctx, project.id, files, pointer);
  const docs = await ctx.services.store.transaction((trx) => createPendingDocuments(trx, project, received));
  ctx.services.jobs.nudge();
  return docs;
}

const payer = (ctx: PartnerCtx) => ({ partnerId: ctx.principal.partnerId });

export const partnerHandlers: ActionHandlers<typeof partnerActions, PartnerCtx, typeof partnerAnswers> = {
  create_account: async (ctx, body) => {
    const { account, user, created } = await provisionAccount(ctx.services.store, ctx.principal.partnerId, body, ctx.services.config.trialCredits);
    if (created) ctx.services.log.info({ accountId: account.id, recipient: user.email }, 'invitation recorded in the outbox');
    ctx.services.jobs.nudge();
    return { account: accountViewRaw(account, user), created };
  },
  list_accounts: async (ctx) => ({ accounts: await partnerAccounts(ctx.services.store.db, ctx.principal.partnerId) }),
  list_projects: async (ctx) => {
    const rows = await ctx.services.store.db
      .selectFrom('projects')
      .selectAll()
      .where('createdByPartnerId', '=', ctx.principal.partnerId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return { projects: rows.map(projectViewRaw) };
  },
  // Validated and fetched first, then the project and its documents in one transaction: a refused
  // URL leaves nothing behind, and a retry with the same Idempotency-Key answers the first answer.
  create_project: async (ctx, body) => {
    const account = await partnerAccount(ctx.services.store.db, ctx.principal.partnerId, body.accountId);
    const scope = `partner:${ctx.principal.partnerId}:create_project`;
    const projectId = newId();
    const received = body.files ? await receiveFiles(ctx, projectId, body.files, '/files') : [];
    const discard = () => Promise.all(received.flatMap((d) => (d.blobKey ? [ctx.services.blobs.delete(d.blobKey)] : [])));
    const answer = await idempotent(ctx.services.store, scope, ctx.idempotencyKey, async (trx) => {
      const project = await createProject(trx, {
        id: projectId,
        accountId: account.id,
        ownerUserId: account.ownerUserId,
        name: body.name,
        locale: body.locale,
        description: body.description,
        createdByPartnerId: ctx.principal.partnerId,
      });
      const documents = await createPendingDocuments(trx, project, received);
      return { project: projectViewRaw(project), documents: documents.map(documentViewRaw) };
    }).catch(async (err: unknown) => {
      await discard();
      throw err;
    });
    // A retry answered from the first request keeps none of what it fetched.
    if (answer.project.id !== projectId) await discard();
    ctx.services.jobs.nudge();
    return answer;
  },
  add_documents: async (ctx, body) => {
    const project = await partnerProject(ctx.services.store.db, ctx.principal.partnerId, body.projectId);
    if (!body.files.urls?.length && !body.files.documents?.length) throw invalidField('/files', 'name at least one URL or document');
    return { documents: (await addFiles(ctx, project, body.files, '/files')).map(documentViewRaw) };
  },
  ...projectDocumentHandlers<PartnerCtx>(
    (ctx, input) => partnerProject(ctx.services.store.db, ctx.principal.partnerId, input),
    (ctx) => ({ payer: payer(ctx), scope: `partner:${ctx.principal.partnerId}` }),
  ),
};

export function registerPartnerSurface(app: FastifyInstance, services: Services) {
  registerDispatcher<PartnerCtx>(app, services, {
    surface: 'partner',
    authenticate: (req) => authPartner(services.store, bearerToken(req)),
    rateLimit: (p) => ({ bucket: 'partner', subject: (p as PartnerPrincipal).partnerId }),
    context: async (req, reply, p) => makeCtx(services, req, reply, p as PartnerPrincipal),
    handlers: partnerHandlers,
  });
}
