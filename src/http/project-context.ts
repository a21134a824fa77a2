import type { FastifyReply, FastifyRequest } from 'fastify';
import { makeCtx } from './dispatch.js';
import type { Principal } from './auth.js';
import type { ProjectCtx, ProjectPrincipal } from './handler.js';
import type { Services } from './services.js';
import type { ProjectScope } from '../domain/context.js';

export const scopeOf = (ctx: ProjectCtx): ProjectScope => ({
  store: ctx.services.store,
  project: ctx.project,
  userId: ctx.principal.userId,
  llm: ctx.services.llm,
});

/** Project-key surfaces share their context: the key's project, loaded once. */
export async function projectContext(services: Services, req: FastifyRequest, reply: FastifyReply, principal: Principal): Promise<ProjectCtx> {
  const p = principal as ProjectPrincipal;
  // The project added to makeCtx's object rather than spread into a copy, which cost more than the rest of the context.
  const ctx = makeCtx(services, req, reply, p) as ProjectCtx;
  ctx.project = p.project;
  return ctx;
}
