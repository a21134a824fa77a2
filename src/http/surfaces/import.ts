import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_PATH } from '../../schema/surfaces.js';
import { LOCALES } from '../../schema/common.js';
import { applyRateLimit } from '../dispatch.js';
import { authAccountKey, bearerToken } from '../auth.js';
import type { Services } from '../services.js';
import { invalid, invalidField, payloadTooLarge } from '../../domain/errors.js';
import { importQdpx, planImport } from '../../domain/refi-import.js';
import { MAX_FILE_BYTES, mapMultipartError } from '../uploads/receive.js';
import { ImportAnswer } from '../../schema/answers/surfaces.js';
import { answerWith } from '../answers.js';

const query = (req: FastifyRequest) => {
  const q = (req.query as Record<string, unknown> | undefined) ?? {};
  if ((q.format ?? 'qdpx') !== 'qdpx') throw invalidField('/format', 'query parameter format must be qdpx');
  if (q.name !== undefined && (typeof q.name !== 'string' || q.name.length < 1 || q.name.length > 255)) throw invalidField('/name', 'must be 1-255 characters');
  if (q.locale !== undefined && !(LOCALES as readonly unknown[]).includes(q.locale)) throw invalidField('/locale', `must be one of ${LOCALES.join(', ')}`);
  return { name: q.name as string | undefined, locale: q.locale as string | undefined };
};

/** The archive: one multipart `file` part, held in memory (50 MB at most) while it is checked. */
async function receiveArchive(req: FastifyRequest): Promise<Uint8Array> {
  try {
    const part = await req.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 1 } });
    if (part?.fieldname !== 'file') throw invalid('send the .qdpx archive in one multipart `file` field', [{ path: '/file', message: 'is required' }]);
    const data = await part.toBuffer();
    if (part.file.truncated) throw payloadTooLarge('the archive is larger than 50 MB');
    return new Uint8Array(data);
  } catch (err) {
    throw mapMultipartError(err);
  }
}

/** REFI-QDA import: an account key with its account's credits; the new project's documents wait at `pending` to be priced and confirmed. */
export function registerImportRoute(app: FastifyInstance, services: Services) {
  app.post(IMPORT_PATH, {
    onRequest: async (req, reply) => {
      const principal = await authAccountKey(services.store, bearerToken(req));
      await applyRateLimit(services, reply, 'accountUpload', principal.accountId);
      req.importer = { accountId: principal.accountId, userId: principal.userId };
    },
    handler: async (req, reply) => {
      const opts = query(req);
      const plan = await planImport(await receiveArchive(req));
      const answer = await importQdpx(services.store, services.blobs, req.importer!, plan, opts);
      services.jobs.nudge();
      return answerWith(reply, ImportAnswer, answer);
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    importer?: { accountId: string; userId: string };
  }
}
