import type { projectDocumentActions } from '../schema/account.js';
import type { Row } from '../store/tables.js';
import type { projectDocumentAnswers } from '../schema/answers/surfaces.js';
import type { Payer } from '../domain/credits.js';
import { confirm, remove, start, statusOf, type DocumentCaller } from '../domain/project-documents.js';
import { deleteRun, renameRun } from '../domain/analysis-runs.js';
import { compareCodingsAnswer } from '../domain/agreement.js';
import { getMatrixAnswer } from '../domain/matrix.js';
import { useAsCodebook } from '../domain/codebook-runs.js';
import type { ActionHandlers, Ctx } from './handler.js';

/**
 * The handlers of the project-document actions for a surface whose callers are found by `project`
 * (404 or 403 as that surface decides) and who pay and remember idempotency keys as `who` says.
 */
export function projectDocumentHandlers<C extends Ctx>(
  project: (ctx: C, input: string, access: 'read' | 'write') => Promise<Row<'projects'>>,
  who: (ctx: C) => { payer: Payer; scope: string },
): ActionHandlers<typeof projectDocumentActions, C, typeof projectDocumentAnswers> {
  const caller = (ctx: C): DocumentCaller => ({
    store: ctx.services.store,
    blobs: ctx.services.blobs,
    idempotencyKey: ctx.idempotencyKey,
    nudge: () => ctx.services.jobs.nudge(),
    warn: (details, message) => ctx.services.log.warn(details, message),
    ...who(ctx),
  });
  return {
    get_project_status: async (ctx, body) => statusOf(caller(ctx), await project(ctx, body.projectId, 'read')),
    confirm_documents: async (ctx, body) => confirm(caller(ctx), await project(ctx, body.projectId, 'write'), body),
    delete_documents: async (ctx, body) => remove(caller(ctx), await project(ctx, body.projectId, 'write'), body.documentIds),
    start_analysis: async (ctx, body) => start(caller(ctx), await project(ctx, body.projectId, 'write'), body),
    rename_analysis: async (ctx, body) => renameRun(ctx.services.store, await project(ctx, body.projectId, 'write'), body),
    delete_analysis: async (ctx, body) => deleteRun(ctx.services.store, await project(ctx, body.projectId, 'write'), body),
    compare_codings: async (ctx, { projectId, ...body }) => compareCodingsAnswer(ctx.services.store.db, await project(ctx, projectId, 'read'), body),
    get_matrix: async (ctx, { projectId, ...body }) => getMatrixAnswer(ctx.services.store.db, await project(ctx, projectId, 'read'), body),
    use_as_codebook: async (ctx, body) => useAsCodebook(caller(ctx), await project(ctx, body.projectId, 'write'), body),
  };
}
