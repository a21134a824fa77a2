import type { FastifyInstance } from 'fastify';
import type { writeActions } from '../../schema/write.js';
import { registerDispatcher } from '../dispatch.js';
import { authProjectKey, bearerToken, requireWriter } from '../auth.js';
import type { ActionHandlers, ProjectCtx, ProjectPrincipal } from '../handler.js';
import type { Services } from '../services.js';
import { projectContext, scopeOf } from '../project-context.js';
import { startAnalysis } from '../../domain/analysis-start.js';
import { manageInsights } from '../../domain/insights.js';
import { manageCategories, categorizeInsights } from '../../domain/categories.js';
import { manageTags } from '../../domain/tags.js';
import { createNote } from '../../domain/notes.js';
import { manageMetadataFields, setMetadataValues } from '../../domain/metadata.js';
import type { writeAnswers } from '../../schema/answers/surfaces.js';

export const writeHandlers: ActionHandlers<typeof writeActions, ProjectCtx, typeof writeAnswers> = {
  manage_insights: async (ctx, body) => manageInsights(scopeOf(ctx), body),
  manage_categories: async (ctx, body) => manageCategories(scopeOf(ctx), body),
  categorize_insights: async (ctx, body) => categorizeInsights(scopeOf(ctx), body),
  manage_tags: async (ctx, body) => manageTags(scopeOf(ctx), body),
  create_note: async (ctx, body) => createNote(scopeOf(ctx), body),
  manage_metadata_fields: async (ctx, body) => manageMetadataFields(scopeOf(ctx), body),
  set_metadata_values: async (ctx, body) => setMetadataValues(scopeOf(ctx), body),
  start_analysis: async (ctx, body) => {
    const answer = await startAnalysis(ctx.services.store, ctx.project, { ...body, type: body.type === 'inductive' ? 'automatic' : body.type });
    ctx.services.jobs.nudge();
    return answer;
  },
  start_predefined_analysis: async (ctx, body) => {
    const answer = await startAnalysis(ctx.services.store, ctx.project, {
      type: 'predefined',
      categories: body.themes,
      documentScope: body.documentScope,
      metadataFilter: body.metadataFilter,
      name: body.name,
    });
    ctx.services.jobs.nudge();
    return answer;
  },
};

export function registerWriteSurface(app: FastifyInstance, services: Services) {
  registerDispatcher<ProjectCtx>(app, services, {
    surface: 'write',
    authenticate: async (req) => {
      const p = await authProjectKey(services.store, bearerToken(req), services.authCache);
      requireWriter(p, 'the write surface');
      return p;
    },
    rateLimit: (p) => ({ bucket: 'write', subject: (p as ProjectPrincipal).projectId }),
    context: (req, reply, p) => projectContext(services, req, reply, p),
    handlers: writeHandlers,
    deprecatedActions: ['start_analysis'],
  });
}
