import type { FastifyInstance } from 'fastify';
import type { adminActions } from '../../schema/admin.js';
import { registerDispatcher, makeCtx } from '../dispatch.js';
import { bearerToken, type Principal } from '../auth.js';
import { isOperatorToken, wrongOperatorToken } from '../credential-guard.js';
import type { ActionHandlers, Ctx } from '../handler.js';
import type { Services } from '../services.js';
import { notFound, unauthorized } from '../../domain/errors.js';
import { adminOps } from '../../domain/admin.js';
import type { adminAnswers } from '../../schema/answers/surfaces.js';

type AdminCtx = Ctx<Extract<Principal, { kind: 'admin' }>>;

export const adminHandlers = Object.fromEntries(
  Object.entries(adminOps).map(([name, op]) => [
    name,
    async (ctx: AdminCtx, body: never) => {
      const answer = await (op as (s: unknown, b: unknown) => Promise<Record<string, unknown>>)(ctx.services.store, body);
      // Keys, members or partners may have changed: forget remembered credentials at once.
      ctx.services.authCache.clear();
      return answer;
    },
  ]),
) as ActionHandlers<typeof adminActions, AdminCtx, typeof adminAnswers>;

/** The operator surface; absent (404) when SIFT_ADMIN_TOKEN is unset. */
export function registerAdminSurface(app: FastifyInstance, services: Services) {
  registerDispatcher<AdminCtx>(app, services, {
    surface: 'admin',
    authenticate: async (req) => {
      const token = services.config.adminToken;
      if (!token) throw notFound('route');
      // The right token always passes, whatever wrong ones came from its address (credential-guard.ts).
      if (isOperatorToken(bearerToken(req), token)) return { kind: 'admin' };
      await wrongOperatorToken(services, req);
      throw unauthorized('invalid operator token');
    },
    rateLimit: () => ({ bucket: 'admin', subject: 'operator' }),
    context: async (req, reply, p) => makeCtx(services, req, reply, p as Extract<Principal, { kind: 'admin' }>),
    handlers: adminHandlers,
  });
}

// Every operator action has its operation, checked at compile time.
const allHandled: Record<keyof typeof adminActions, unknown> = adminOps;
void allHandled;
