import type { FastifyInstance } from 'fastify';
import type { readActions } from '../../schema/read.js';
import { registerDispatcher } from '../dispatch.js';
import { authProjectKey, bearerToken } from '../auth.js';
import type { ActionHandlers, ProjectCtx, ProjectPrincipal } from '../handler.js';
import { projectContext, scopeOf } from '../project-context.js';
import type { Services } from '../services.js';
import { projectView } from '../../domain/projects.js';
import { projectRuns } from '../../domain/analysis-runs.js';
import { getDocuments } from '../../domain/documents-read.js';
import { getInsights } from '../../domain/insights.js';
import { getCategories } from '../../domain/categories.js';
import { getMemos } from '../../domain/memos.js';
import { getTags } from '../../domain/tags.js';
import { getNotes } from '../../domain/notes.js';
import { getMetadata } from '../../domain/metadata.js';
import { readDocument, verifyContext } from '../../domain/reading.js';
import { analyzeProject } from '../../domain/analyze.js';
import { findEntities } from '../../domain/entities.js';
import { compareCodingsAnswer } from '../../domain/agreement.js';
import { getMatrixAnswer } from '../../domain/matrix.js';
import type { readAnswers } from '../../schema/answers/surfaces.js';

export const readHandlers: ActionHandlers<typeof readActions, ProjectCtx, typeof readAnswers> = {
  get_project: async (ctx) => ({ project: projectView(ctx.project), analyses: await projectRuns(ctx.services.store.db, ctx.project.id) }),
  get_documents: async (ctx, body) => getDocuments(scopeOf(ctx), body),
  get_insights: async (ctx, body) => getInsights(scopeOf(ctx), body),
  get_categories: async (ctx, body) => getCategories(scopeOf(ctx), body),
  get_memos: async (ctx, body) => getMemos(scopeOf(ctx), body),
  get_tags: async (ctx) => getTags(scopeOf(ctx)),
  get_notes: async (ctx, body) => getNotes(scopeOf(ctx), body),
  get_metadata: async (ctx) => getMetadata(scopeOf(ctx)),
  // Search's modules (WordNet, word vectors, the ranking) load at the first search or the start's warm-up, not before the server listens.
  search: async (ctx, body) => (await import('../../domain/search.js')).search(scopeOf(ctx), body),
  read_document: async (ctx, body) => readDocument(scopeOf(ctx), body),
  find_entities: async (ctx, body) => findEntities(scopeOf(ctx), body),
  analyze: async (ctx, body) => analyzeProject(scopeOf(ctx), body),
  compare_codings: async (ctx, body) => compareCodingsAnswer(ctx.services.store.db, ctx.project, body),
  get_matrix: async (ctx, body) => getMatrixAnswer(ctx.services.store.db, ctx.project, body),
  verify_context: async (ctx, body) => verifyContext(scopeOf(ctx), body),
};

export function registerReadSurface(app: FastifyInstance, services: Services) {
  registerDispatcher<ProjectCtx>(app, services, {
    surface: 'read',
    authenticate: (req) => authProjectKey(services.store, bearerToken(req), services.authCache),
    rateLimit: (p) => ({ bucket: 'read', subject: (p as ProjectPrincipal).projectId }),
    context: (req, reply, p) => projectContext(services, req, reply, p),
    handlers: readHandlers,
  });
}
