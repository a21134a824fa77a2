import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AGREEMENT_CSV_PATH, CODEBOOK_IMPORT_PATHS, CODEBOOK_PATH, MATRIX_EXPORT_PATHS, UPLOAD_PATHS } from '../../schema/surfaces.js';
import { forbidden, notFound, unauthorized } from '../../domain/errors.js';
import { canWrite, findProject, roleOf } from '../../domain/projects.js';
import { documentViewRaw } from '../../domain/documents.js';
import { accountProject } from '../../domain/account-scope.js';
import { applyRateLimit, makeCtx, registerDispatcher } from '../dispatch.js';
import { requireWriter, type Principal } from '../auth.js';
import type { ProjectCtx, ProjectPrincipal } from '../handler.js';
import { projectContext } from '../project-context.js';
import type { Services } from '../services.js';
import { readHandlers } from '../surfaces/read.js';
import { writeHandlers } from '../surfaces/write.js';
import { accountHandlers, type AccountCtx, type AccountPrincipal } from '../surfaces/account.js';
import { adminHandlers } from '../surfaces/admin.js';
import { projectIdQuery, upload } from '../surfaces/uploads.js';
import { withMultipart } from '../uploads/multipart.js';
import type { ConsoleSessions } from './sessions.js';
import { UploadAnswer } from '../../schema/answers/surfaces.js';
import { answerWith } from '../answers.js';
import { SESSION_COOKIE, sessionOf } from './session-routes.js';
import { agreementRequestOf } from '../surfaces/agreement-csv.js';
import { agreementCsv } from '../../domain/agreement-csv.js';
import { codebookExportRequestOf, registerImport } from '../surfaces/codebook.js';
import { exportCodebook } from '../../domain/codebook-export.js';
import { matrixExportRequestOf } from '../surfaces/matrix-export.js';
import { matrixCsv, matrixXlsx } from '../../domain/matrix-export.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type AdminPrincipal = Extract<Principal, { kind: 'admin' }>;

/**
 * The API's own dispatchers, mounted again (under the `/console` prefix: `/console/api/sift-read`
 * and so on) with a principal built from the session cookie instead of a bearer key. Validation,
 * handlers, rate limits and errors are the API's; only who the caller is comes from elsewhere:
 * an account session acts as its account key, and on a project as its user's membership says
 * (viewer: a read principal; member, admin, owner: an edit principal, which writes only for
 * owner and admin, as `requireWriter` rules for keys).
 */
export function registerConsoleSurfaces(app: FastifyInstance, services: Services, sessions: ConsoleSessions): void {
  const accountOf = async (req: FastifyRequest): Promise<AccountPrincipal> => {
    const s = sessionOf(sessions, req);
    if (!s) throw unauthorized('your console session has ended: sign in again');
    if (s.kind !== 'account') throw forbidden('the operator session has no account: sign in with an account key for projects');
    // The account key the session began with must still be valid (revoking it ends the session).
    const key = (await services.authCache.get(`console-key:${s.keyId}`, () =>
      services.store.db.selectFrom('apiKeys').select(['revokedAt']).where('id', '=', s.keyId).executeTakeFirst(),
    )) as { revokedAt: string | null } | undefined;
    if (!key || key.revokedAt) {
      sessions.delete(req.cookies[SESSION_COOKIE]);
      throw unauthorized('the account key of this session was revoked: sign in again');
    }
    return { kind: 'accountKey', keyId: s.keyId, accountId: s.accountId, userId: s.userId };
  };

  /** The session's user on the project named by `?projectId=`: 404 unless a member. */
  const projectOf = async (req: FastifyRequest): Promise<ProjectPrincipal> => {
    const account = await accountOf(req);
    const input = projectIdQuery(req);
    const project = await findProject(services.store.db, input);
    const role = project ? await roleOf(services.store.db, project.id, account.userId) : null;
    if (!project || !role) throw notFound('project', input);
    const access = role === 'viewer' ? 'read' : 'edit';
    return { kind: 'projectKey', keyId: account.keyId, access, role, projectId: project.id, userId: account.userId, project };
  };

  registerDispatcher<ProjectCtx>(app, services, {
    surface: 'read',
    authenticate: projectOf,
    rateLimit: (p) => ({ bucket: 'read', subject: (p as ProjectPrincipal).projectId }),
    context: (req, reply, p) => projectContext(services, req, reply, p),
    handlers: readHandlers,
  });

  registerDispatcher<ProjectCtx>(app, services, {
    surface: 'write',
    authenticate: async (req) => {
      const p = await projectOf(req);
      // Said in terms of the role (a session has no key); requireWriter stays the rule.
      if (!canWrite(p.role)) throw forbidden(`your role on this project is ${p.role}: changing it needs owner or admin`);
      requireWriter(p, 'changing the project');
      return p;
    },
    rateLimit: (p) => ({ bucket: 'write', subject: (p as ProjectPrincipal).projectId }),
    context: (req, reply, p) => projectContext(services, req, reply, p),
    handlers: writeHandlers,
  });

  registerDispatcher<AccountCtx>(app, services, {
    surface: 'account',
    authenticate: accountOf,
    rateLimit: (p) => ({ bucket: 'account', subject: (p as AccountPrincipal).accountId }),
    context: async (req, reply, p) => makeCtx(services, req, reply, p as AccountPrincipal),
    handlers: accountHandlers,
  });

  registerDispatcher(app, services, {
    surface: 'admin',
    authenticate: async (req) => {
      if (!services.config.adminToken) throw notFound('route');
      const s = sessionOf(sessions, req);
      if (!s) throw unauthorized('your console session has ended: sign in again');
      if (s.kind !== 'operator') throw forbidden('operator pages need the operator token (SIFT_ADMIN_TOKEN)');
      return { kind: 'admin' } satisfies AdminPrincipal;
    },
    rateLimit: () => ({ bucket: 'admin', subject: 'operator' }),
    context: async (req, reply, p) => makeCtx(services, req, reply, p as AdminPrincipal),
    handlers: adminHandlers,
  });

  // The agreement CSV (a download the Agreement page links to), as `/api/sift-read/agreement.csv`
  // with the read surface's rules: any member of the project (`?projectId=`), its rate limit.
  app.get(AGREEMENT_CSV_PATH, async (req, reply) => {
    const p = await projectOf(req);
    await applyRateLimit(services, reply, 'read', p.projectId);
    const { projectId: _, ...query } = (req.query ?? {}) as Record<string, string | string[]>;
    const csv = await agreementCsv(services.store.db, p.project, agreementRequestOf(query));
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="agreement.csv"').send(csv);
  });

  // The codebook as .qdc, CSV or Markdown (the Codebook page's links), as `/api/sift-read/codebook`:
  // any member, the read surface's rate limit, the query checked by the export's own parser.
  app.get(CODEBOOK_PATH, async (req, reply) => {
    const p = await projectOf(req);
    await applyRateLimit(services, reply, 'read', p.projectId);
    const { projectId: _, ...query } = (req.query ?? {}) as Record<string, string | string[]>;
    const file = await exportCodebook(services.store.db, p.project, codebookExportRequestOf(query));
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_');
    return reply
      .type(file.contentType)
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .send(file.body);
  });

  // The matrix as CSV and .xlsx (the Matrix page's links), as `/api/sift-read/matrix.csv` and `.xlsx`.
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(MATRIX_EXPORT_PATHS[format], async (req, reply) => {
      const p = await projectOf(req);
      await applyRateLimit(services, reply, 'read', p.projectId);
      const { projectId: _, ...query } = (req.query ?? {}) as Record<string, string | string[]>;
      const { request, measure } = matrixExportRequestOf(query, format);
      const disposition = `attachment; filename="matrix.${format}"`;
      if (format === 'csv') {
        const csv = await matrixCsv(services.store.db, p.project, request, measure);
        return reply.type('text/csv; charset=utf-8').header('Content-Disposition', disposition).send(csv);
      }
      const xlsx = await matrixXlsx(services.store.db, p.project, request);
      return reply.type(XLSX).header('Content-Disposition', disposition).send(xlsx);
    });
  }

  // The codebook import (a .qdc or CSV starting a predefined run), as `/api/sift-account/codebook`:
  // the same route, with the session's user instead of an account key (owner or admin of the project).
  withMultipart(app, (files) =>
    registerImport(files, services, CODEBOOK_IMPORT_PATHS.account, async (req, reply) => {
      const principal = await accountOf(req);
      await applyRateLimit(services, reply, 'accountUpload', principal.accountId);
      return accountProject(services.store.db, principal.userId, projectIdQuery(req), 'write');
    }),
  );

  // The account upload (files or URLs), as `/api/sift-account/upload`.
  withMultipart(app, (files) =>
    files.route({
      method: 'POST',
      url: UPLOAD_PATHS.account,
      onRequest: async (req, reply) => {
        const principal = await accountOf(req);
        await applyRateLimit(services, reply, 'accountUpload', principal.accountId);
        req.uploadProject = await accountProject(services.store.db, principal.userId, projectIdQuery(req), 'write');
      },
      handler: async (req, reply) => answerWith(reply, UploadAnswer, { documents: (await upload(services, req, true)).map(documentViewRaw) }),
    }),
  );
}
