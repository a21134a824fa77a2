import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorHandler } from './errors.js';
import type { Services } from './services.js';
import { registerReadSurface } from './surfaces/read.js';
import { registerWriteSurface } from './surfaces/write.js';
import { registerAccountSurface } from './surfaces/account.js';
import { registerPartnerSurface } from './surfaces/partner.js';
import { registerAdminSurface } from './surfaces/admin.js';
import { registerUploadRoutes } from './surfaces/uploads.js';
import { registerExportRoute } from './surfaces/export.js';
import { registerAgreementCsvRoute } from './surfaces/agreement-csv.js';
import { registerMatrixExportRoutes } from './surfaces/matrix-export.js';
import { registerImportRoute } from './surfaces/import.js';
import { registerCodebookExportRoute, registerCodebookImportRoutes } from './surfaces/codebook.js';
import { registerMcpRoute } from '../mcp/http.js';
import { registerConsole } from './console/plugin.js';
import { buildOpenApi } from '../schema/openapi.js';
import { AuthCache } from './auth-cache.js';
import { guardCredentials } from './credential-guard.js';
import { registerJsonParser } from './json-body.js';
import { MAX_BODY_BYTES } from '../schema/body-limit.js';
import { REFERENCED_RECORDS } from '../schema/answers/records.js';
import { codeOfStatus, ERROR_CODE_HEADER } from '../domain/errors.js';
import { registerHealthRoutes } from './health.js';
import { registerMetrics } from './metrics-route.js';
import { trackRequests } from './quiet.js';
import { withMultipart } from './uploads/multipart.js';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request ids unique across processes without a random draw per request: 64 random bits chosen
 * when the process starts, then a counter (a UUID per request, with the refills of its random
 * pool, cost about a microsecond of a small request's CPU in the profile).
 */
const PROCESS_PREFIX = crypto.randomBytes(8).toString('hex');
let requestCount = 0;
const newRequestId = () => `${PROCESS_PREFIX}-${(++requestCount).toString(36)}`;

export interface ServerOptions {
  logger: boolean | { level: string };
}

/** Builds the HTTP server over already-constructed services; listening is the caller's choice. */
export function buildServer(services: Omit<Services, 'log' | 'authCache'>, options: ServerOptions = { logger: false }): FastifyInstance {
  const app = Fastify({
    logger: options.logger,
    // Inline partner documents may be large; uploads stream and have their own limits.
    bodyLimit: MAX_BODY_BYTES,
    exposeHeadRoutes: false,
    // A request's address (rate limits, failed credentials) is its connection's unless that is a named proxy.
    trustProxy: services.config.trustProxy.length > 0 ? services.config.trustProxy : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : newRequestId();
    },
  });
  const full: Services = { ...services, log: app.log, authCache: new AuthCache<unknown>(services.config.authCacheMs) };

  app.setErrorHandler(errorHandler);
  // Answer schemas refer to these by `$id` (src/http/answers.ts serialises through them).
  for (const record of REFERENCED_RECORDS) app.addSchema(record);
  registerJsonParser(app);
  // Any other content type on an upload path is answered by the handler, not refused before auth.
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ error: `no route ${req.method} ${req.url.split('?')[0]}` }));
  // A hook with a callback: an async one costs every request a promise and its turns.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('X-Request-Id', req.id);
    // Every error answer carries a stable code; the error handler sets the precise ones first.
    if (reply.statusCode >= 400 && !reply.hasHeader(ERROR_CODE_HEADER)) reply.header(ERROR_CODE_HEADER, codeOfStatus(reply.statusCode));
    done(null, payload);
  });
  trackRequests(app);
  guardCredentials(app, full);
  registerMetrics(app, full);

  registerHealthRoutes(app, full);
  // Built at its first request: 40-50 ms of a start otherwise.
  let openapi: string | null = null;
  app.get('/api/openapi.json', async (_req, reply) => {
    openapi ??= JSON.stringify(buildOpenApi());
    return reply.type('application/json').send(openapi);
  });

  void app.register(async (scope) => {
    registerReadSurface(scope, full);
    registerWriteSurface(scope, full);
    registerAccountSurface(scope, full);
    registerPartnerSurface(scope, full);
    registerAdminSurface(scope, full);
    withMultipart(scope, (files) => {
      registerUploadRoutes(files, full);
      registerImportRoute(files, full);
      registerCodebookImportRoutes(files, full);
    });
    registerExportRoute(scope, full);
    registerAgreementCsvRoute(scope, full);
    registerMatrixExportRoutes(scope, full);
    registerCodebookExportRoute(scope, full);
    registerMcpRoute(scope, full);
    registerConsole(scope, full);
  });
  return app;
}
