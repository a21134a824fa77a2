import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXPORT_PATH } from '../../schema/surfaces.js';
import { applyRateLimit } from '../dispatch.js';
import { authProjectKey, bearerToken } from '../auth.js';
import type { Services } from '../services.js';
import { invalidField } from '../../domain/errors.js';
import { exportQdpx, type ExportOptions } from '../../domain/refi-export.js';

const FORMATS = ['qdpx'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const formatQuery = (req: FastifyRequest): (typeof FORMATS)[number] => {
  const f = (req.query as Record<string, unknown> | undefined)?.format ?? 'qdpx';
  if (f !== 'qdpx') throw invalidField('/format', `query parameter format must be one of: ${FORMATS.join(', ')}`);
  return f;
};

/** `analysisId`: one run's categories and insights (its UUID, as the read actions take it). */
const optionsQuery = (req: FastifyRequest): ExportOptions => {
  const id = (req.query as Record<string, unknown> | undefined)?.analysisId;
  if (id === undefined) return {};
  if (typeof id !== 'string' || !UUID.test(id)) throw invalidField('/analysisId', "query parameter analysisId must be a run's id (a UUID), given once");
  return { analysisId: id };
};

/** A file name for the download: the project's name without what file systems refuse. */
const fileName = (name: string) =>
  `${
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .slice(0, 100) || 'project'
  }.qdpx`;

/** The export download: authenticated and rate-limited as the read surface, then streamed. */
export function registerExportRoute(app: FastifyInstance, services: Services) {
  app.get(EXPORT_PATH, async (req, reply) => {
    const principal = await authProjectKey(services.store, bearerToken(req), services.authCache);
    await applyRateLimit(services, reply, 'read', principal.projectId);
    formatQuery(req);
    const archive = await exportQdpx(services.store, principal.project, optionsQuery(req));
    archive.on('error', (err) => services.log.error({ err, projectId: principal.projectId }, 'the export stopped before its end'));
    const name = fileName(principal.project.name);
    // A header carries Latin-1 at most: the name in ASCII, the real one encoded beside it (RFC 6266); "访谈" alone was a 500.
    const ascii = name.replace(/[^\x20-\x7e]/g, '_');
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(archive);
  });
}
