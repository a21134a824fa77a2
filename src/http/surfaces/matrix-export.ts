import type { FastifyInstance } from 'fastify';
import { MATRIX_EXPORT_PATHS } from '../../schema/surfaces.js';
import { readActions } from '../../schema/read.js';
import { MATRIX_MEASURES, type MatrixMeasure } from '../../schema/matrix.js';
import { lazyValidator } from '../../schema/validate.js';
import { applyRateLimit } from '../dispatch.js';
import { authProjectKey, bearerToken } from '../auth.js';
import type { Services } from '../services.js';
import { DomainError, invalidField } from '../../domain/errors.js';
import type { MatrixRequest } from '../../domain/matrix.js';
import { matrixCsv, matrixXlsx } from '../../domain/matrix-export.js';

const PARAMETERS = ['columns', 'field', 'by', 'analysisId', 'categoryId', 'documentIds'];
const validate = lazyValidator(readActions.get_matrix);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The query as the body `get_matrix` would take (`analysisId=manual` for the coding made by hand,
 * `documentIds` comma-separated), validated by the same schema: every problem a 400 naming its
 * parameter. `measure` (CSV only) is the figure the grid holds. Exported for a console route
 * that would hand it the query less its `projectId`.
 */
export function matrixExportRequestOf(query: Record<string, string | string[]>, format: 'csv' | 'xlsx'): { request: MatrixRequest; measure: MatrixMeasure } {
  const allowed = format === 'csv' ? [...PARAMETERS, 'measure'] : PARAMETERS;
  for (const name of Object.keys(query))
    if (!allowed.includes(name)) throw invalidField(`/${name}`, `is not a parameter of this export (${allowed.join(', ')})`);
  const one = (name: string): string | undefined => {
    const v = query[name];
    if (Array.isArray(v)) throw invalidField(`/${name}`, 'is given more than once');
    return v;
  };
  const body: Record<string, unknown> = { action: 'get_matrix' };
  for (const name of ['columns', 'field', 'by', 'categoryId']) {
    const v = one(name);
    if (v !== undefined) body[name] = v;
  }
  const analysisId = one('analysisId');
  if (analysisId !== undefined) body.analysisId = analysisId === 'manual' ? null : analysisId;
  const ids = query.documentIds;
  if (ids !== undefined) body.documentIds = (Array.isArray(ids) ? ids : [ids]).flatMap((v) => v.split(',')).map((v) => v.trim());
  const result = validate(body);
  if (!result.ok)
    throw new DomainError('invalid', `invalid query: ${result.details[0]?.path ?? '/'} ${result.details[0]?.message ?? 'is invalid'}`, result.details);
  const measure = one('measure') ?? 'insights';
  if (!(MATRIX_MEASURES as readonly string[]).includes(measure)) throw invalidField('/measure', `must be one of ${MATRIX_MEASURES.join(', ')}`);
  return { request: body as unknown as MatrixRequest, measure: measure as MatrixMeasure };
}

/** The matrix downloads: authenticated and rate-limited as the read surface. */
export function registerMatrixExportRoutes(app: FastifyInstance, services: Services) {
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(MATRIX_EXPORT_PATHS[format], async (req, reply) => {
      const principal = await authProjectKey(services.store, bearerToken(req), services.authCache);
      await applyRateLimit(services, reply, 'read', principal.projectId);
      const { request, measure } = matrixExportRequestOf((req.query ?? {}) as Record<string, string | string[]>, format);
      const disposition = `attachment; filename="matrix.${format}"`;
      if (format === 'csv') {
        const csv = await matrixCsv(services.store.db, principal.project, request, measure);
        return reply.type('text/csv; charset=utf-8').header('Content-Disposition', disposition).send(csv);
      }
      const xlsx = await matrixXlsx(services.store.db, principal.project, request);
      return reply.type(XLSX).header('Content-Disposition', disposition).send(xlsx);
    });
  }
}
