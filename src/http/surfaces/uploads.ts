import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_PATHS } from '../../schema/surfaces.js';
import { applyRateLimit, makeCtx, NOT_POST } from '../dispatch.js';
import { authAccountKey, authPartner, authProjectKey, bearerToken } from '../auth.js';
import type { Services } from '../services.js';
import { forbidden, invalidField, notImplemented } from '../../domain/errors.js';
import { accountProject } from './account.js';
import { partnerProject } from '../../domain/partner-scope.js';

const projectIdQuery = (req: FastifyRequest): string => {
  const q = (req.query as Record<string, unknown> | undefined)?.projectId;
  if (typeof q !== 'string' || q.length < 1 || q.length > 255) throw invalidField('/projectId', 'query parameter projectId is required (1-255 characters)');
  return q;
};

/** The three upload paths: authentication, rate limits and authorisation happen before the body is read. */
export function registerUploadRoutes(app: FastifyInstance, services: Services) {
  const notAllowed = async (_req: unknown, reply: { status(n: number): { header(k: string, v: string): { send(b: unknown): unknown } } }) =>
    reply.status(405).header('Allow', 'POST').send({ error: 'method not allowed: use POST' });

  app.route({
    method: 'POST',
    url: UPLOAD_PATHS.account,
    onRequest: async (req, reply) => {
      const principal = await authAccountKey(services.store, bearerToken(req));
      await applyRateLimit(services, reply, 'accountUpload', principal.accountId);
      await accountProject(makeCtx(services, req, reply, principal), projectIdQuery(req), 'write');
    },
    handler: async () => {
      throw notImplemented('uploads', 'the documents issue');
    },
  });

  app.route({
    method: 'POST',
    url: UPLOAD_PATHS.write,
    onRequest: async (req, reply) => {
      const principal = await authProjectKey(services.store, bearerToken(req));
      if (principal.access !== 'edit') throw forbidden('this key is read-only: uploading needs an edit key');
      await applyRateLimit(services, reply, 'writeUpload', principal.projectId);
      reply.header('Deprecation', 'true');
    },
    handler: async () => {
      throw notImplemented('uploads', 'the documents issue');
    },
  });

  app.route({
    method: 'POST',
    url: UPLOAD_PATHS.partner,
    onRequest: async (req, reply) => {
      const principal = await authPartner(services.store, bearerToken(req));
      await applyRateLimit(services, reply, 'partnerUpload', principal.partnerId);
      await partnerProject(services.store.db, principal.partnerId, projectIdQuery(req));
    },
    handler: async () => {
      throw notImplemented('uploads', 'the documents issue');
    },
  });

  for (const url of Object.values(UPLOAD_PATHS)) app.route({ method: [...NOT_POST], url, handler: notAllowed as never });
}
