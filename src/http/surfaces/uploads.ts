import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_PATHS } from '../../schema/surfaces.js';
import { applyRateLimit, NOT_POST } from '../dispatch.js';
import { authAccountKey, authPartner, authProjectKey, bearerToken, requireWriter } from '../auth.js';
import type { Services } from '../services.js';
import { invalid, invalidField, unsupportedMediaType } from '../../domain/errors.js';
import { accountProject } from '../../domain/account-scope.js';
import { partnerProject } from '../../domain/partner-scope.js';
import { createPendingDocuments, documentViewRaw } from '../../domain/documents.js';
import { receiveMultipart, receiveUrls, type Received } from '../uploads/receive.js';
import { allowCidrs } from '../../engine/fetch/index.js';
import { shortOf } from '../../domain/resolve.js';
import type { Row } from '../../store/tables.js';
import { UploadAnswer, WriteUploadAnswer } from '../../schema/answers/surfaces.js';
import { answerWith } from '../answers.js';

declare module 'fastify' {
  interface FastifyRequest {
    uploadProject?: Row<'projects'>;
  }
}

export const projectIdQuery = (req: FastifyRequest): string => {
  const q = (req.query as Record<string, unknown> | undefined)?.projectId;
  if (typeof q !== 'string' || q.length < 1 || q.length > 255) throw invalidField('/projectId', 'query parameter projectId is required (1-255 characters)');
  return q;
};

const isMultipart = (req: FastifyRequest) => (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
const isJson = (req: FastifyRequest) => (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');

/** Receives the files (multipart, or fetched URLs where allowed) and creates the documents at `pending`. */
export async function upload(services: Services, req: FastifyRequest, allowUrls: boolean): Promise<Row<'documents'>[]> {
  const project = req.uploadProject!;
  let received: Received[];
  if (isMultipart(req)) received = await receiveMultipart(req, services.blobs, project.id);
  else if (allowUrls && isJson(req)) received = await receiveUrls(req.body, services.blobs, project.id, allowCidrs(services.config.fetchAllowCidrs));
  else if (isJson(req))
    throw invalid('this upload takes multipart/form-data `file` fields only; send URLs and inline documents through `create_project`/`add_documents`');
  else throw unsupportedMediaType(allowUrls ? 'send multipart/form-data `file` fields or application/json `{urls}`' : 'send multipart/form-data `file` fields');
  let docs: Row<'documents'>[];
  try {
    docs = await services.store.transaction((trx) => createPendingDocuments(trx, project, received));
  } catch (err) {
    // No document names the stored files (the database went away, say): they go now, not at the next sweep.
    await Promise.all(received.map((r) => services.blobs.delete(r.blobKey).catch(() => undefined)));
    throw err;
  }
  services.jobs.nudge();
  return docs;
}

/** The three upload paths: authentication, rate limits and authorisation happen before the body is read. */
export function registerUploadRoutes(app: FastifyInstance, services: Services) {
  // JSON bodies are parsed before the handler; multipart bodies are streamed by the handler.
  app.route({
    method: 'POST',
    url: UPLOAD_PATHS.account,
    onRequest: async (req, reply) => {
      const principal = await authAccountKey(services.store, bearerToken(req));
      await applyRateLimit(services, reply, 'accountUpload', principal.accountId);
      req.uploadProject = await accountProject(services.store.db, principal.userId, projectIdQuery(req), 'write');
    },
    handler: async (req, reply) => answerWith(reply, UploadAnswer, { documents: (await upload(services, req, true)).map(documentViewRaw) }),
  });

  app.route({
    method: 'POST',
    url: UPLOAD_PATHS.write,
    onRequest: async (req, reply) => {
      const principal = await authProjectKey(services.store, bearerToken(req), services.authCache);
      requireWriter(principal, 'uploading');
      await applyRateLimit(services, reply, 'writeUpload', principal.projectId);
      reply.header('Deprecation', 'true');
      req.uploadProject = principal.project;
    },
    handler: async (req, reply) =>
      answerWith(reply, WriteUploadAnswer, {
        documents: (await upload(services, req, true)).map((d) => ({
          id: shortOf.document(d),
          filename: d.filename,
          status: d.status,
          createdAt: d.createdAt,
        })),
      }),
  });

  app.route({
    method: 'POST',
    url: UPLOAD_PATHS.partner,
    onRequest: async (req, reply) => {
      const principal = await authPartner(services.store, bearerToken(req));
      await applyRateLimit(services, reply, 'partnerUpload', principal.partnerId);
      req.uploadProject = await partnerProject(services.store.db, principal.partnerId, projectIdQuery(req));
    },
    handler: async (req, reply) => answerWith(reply, UploadAnswer, { documents: (await upload(services, req, false)).map(documentViewRaw) }),
  });

  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.status(405).header('Allow', 'POST').send({ error: 'method not allowed: use POST' });
  for (const url of Object.values(UPLOAD_PATHS)) app.route({ method: [...NOT_POST], url, handler: notAllowed });
}
