import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODEBOOK_IMPORT_PATHS, CODEBOOK_PATH } from '../../schema/surfaces.js';
import { ANALYSIS_GRANULARITIES } from '../../schema/common.js';
import { CodebookStarted } from '../../schema/codebook.js';
import { applyRateLimit } from '../dispatch.js';
import { authAccountKey, authPartner, authProjectKey, bearerToken } from '../auth.js';
import type { Services } from '../services.js';
import { invalid, invalidField, payloadTooLarge } from '../../domain/errors.js';
import { isUuid } from '../../domain/ids.js';
import { accountProject } from '../../domain/account-scope.js';
import { partnerProject } from '../../domain/partner-scope.js';
import { CODEBOOK_EXPORT_FORMATS, type CodebookExportFormat, exportCodebook } from '../../domain/codebook-export.js';
import { CODEBOOK_IMPORT_FORMATS, type CodebookImportFormat, importCodebook, readCodebook } from '../../domain/codebook-runs.js';
import { mapMultipartError } from '../uploads/receive.js';
import { projectIdQuery } from './uploads.js';
import { answerWith } from '../answers.js';
import type { Row } from '../../store/tables.js';

/** A codebook file is small: 5 MB holds a hundred codes with every example many times over. */
const MAX_CODEBOOK_BYTES = 5 * 1024 * 1024;

type Query = Record<string, unknown>;

/** The query's parameters, each at most once and none unknown (400 naming it otherwise). */
function queryOf(req: FastifyRequest, known: readonly string[]): Query {
  return checkedQuery((req.query as Query | undefined) ?? {}, known);
}

function checkedQuery(q: Query, known: readonly string[]): Query {
  for (const [name, value] of Object.entries(q)) {
    if (!known.includes(name)) throw invalidField(`/${name}`, `is not a parameter here (${known.join(', ')})`);
    if (Array.isArray(value)) throw invalidField(`/${name}`, 'is given more than once');
  }
  return q;
}

const oneOf = <T extends string>(q: Query, name: string, values: readonly T[]): T | undefined => {
  const v = q[name];
  if (v === undefined) return undefined;
  if (!(values as readonly unknown[]).includes(v)) throw invalidField(`/${name}`, `must be one of: ${values.join(', ')}`);
  return v as T;
};

/** The export's query (`format`, `analysisId`), checked; the console's route (src/http/console/surfaces.ts) hands it the query less its `projectId`. */
export function codebookExportRequestOf(query: Query): { format: CodebookExportFormat; analysisId?: string } {
  const q = checkedQuery(query, ['format', 'analysisId']);
  const format: CodebookExportFormat = oneOf(q, 'format', CODEBOOK_EXPORT_FORMATS) ?? 'qdc';
  const analysisId = q.analysisId;
  if (analysisId !== undefined && (typeof analysisId !== 'string' || !isUuid(analysisId))) throw invalidField('/analysisId', "must be a run's id (a UUID)");
  return { format, ...(analysisId === undefined ? {} : { analysisId }) };
}

/** `GET /api/sift-read/codebook?format=qdc|csv|md[&analysisId=]`: authenticated and rate-limited as the read surface. */
export function registerCodebookExportRoute(app: FastifyInstance, services: Services) {
  app.get(CODEBOOK_PATH, async (req, reply) => {
    const principal = await authProjectKey(services.store, bearerToken(req), services.authCache);
    await applyRateLimit(services, reply, 'read', principal.projectId);
    const file = await exportCodebook(services.store.db, principal.project, codebookExportRequestOf((req.query as Query | undefined) ?? {}));
    // A header carries Latin-1 at most: the plain name in ASCII, the real one encoded beside it (RFC 6266).
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_');
    return reply
      .type(file.contentType)
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .send(file.body);
  });
}

/** The file: one multipart `file` part, held in memory (5 MB at most), with the name it was sent under. */
async function receiveCodebook(req: FastifyRequest): Promise<{ data: Uint8Array; filename: string }> {
  try {
    const part = await req.file({ limits: { fileSize: MAX_CODEBOOK_BYTES, files: 1, fields: 0, parts: 1 } });
    if (part?.fieldname !== 'file') throw invalid('send the codebook in one multipart `file` field', [{ path: '/file', message: 'is required' }]);
    const data = await part.toBuffer();
    return { data: new Uint8Array(data), filename: part.filename };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge('the codebook is larger than 5 MB', { cause: err });
    throw mapMultipartError(err);
  }
}

/** `format`, or the file's extension (`.qdc`, `.csv`). */
function formatOf(q: Query, filename: string): CodebookImportFormat {
  const given = oneOf(q, 'format', CODEBOOK_IMPORT_FORMATS);
  if (given) return given;
  const ext = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'qdc' || ext === 'csv') return ext;
  throw invalidField('/format', 'say format=qdc or format=csv (the file name ends in neither .qdc nor .csv)');
}

type Authorise = (req: FastifyRequest, reply: FastifyReply) => Promise<Row<'projects'>>;

/**
 * `POST …/codebook?projectId=…[&format=qdc|csv][&name=…][&analysisGranularity=…]`: the file's codes
 * as a predefined run's categories, started at once (docs/decisions.md, "Codebooks"). Authentication,
 * rate limit and the project's role are checked before the body is read, as for uploads.
 */
export function registerImport(app: FastifyInstance, services: Services, url: string, authorise: Authorise) {
  app.post(url, {
    onRequest: async (req, reply) => {
      req.codebookProject = await authorise(req, reply);
    },
    handler: async (req, reply) => {
      const q = queryOf(req, ['projectId', 'format', 'name', 'analysisGranularity']);
      const name = q.name;
      if (name !== undefined && (typeof name !== 'string' || name.length < 1 || name.length > 500)) throw invalidField('/name', 'must be 1-500 characters');
      const analysisGranularity = oneOf(q, 'analysisGranularity', ANALYSIS_GRANULARITIES);
      const file = await receiveCodebook(req);
      const categories = await readCodebook(formatOf(q, file.filename), file.data);
      const starter = { store: services.store, nudge: () => services.jobs.nudge() };
      const answer = await importCodebook(starter, req.codebookProject!, categories, { name, filename: file.filename || 'file', analysisGranularity });
      return answerWith(reply, CodebookStarted, answer);
    },
  });
}

/** The codebook imports (account: project `owner` or `admin`; partner: a project it created); multipart, so in the multipart scope (server.ts). */
export function registerCodebookImportRoutes(app: FastifyInstance, services: Services) {
  registerImport(app, services, CODEBOOK_IMPORT_PATHS.account, async (req, reply) => {
    const principal = await authAccountKey(services.store, bearerToken(req));
    await applyRateLimit(services, reply, 'accountUpload', principal.accountId);
    return accountProject(services.store.db, principal.userId, projectIdQuery(req), 'write');
  });
  registerImport(app, services, CODEBOOK_IMPORT_PATHS.partner, async (req, reply) => {
    const principal = await authPartner(services.store, bearerToken(req));
    await applyRateLimit(services, reply, 'partnerUpload', principal.partnerId);
    return partnerProject(services.store.db, principal.partnerId, projectIdQuery(req));
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    codebookProject?: Row<'projects'>;
  }
}
