import type { FastifyInstance } from 'fastify';
import { AGREEMENT_CSV_PATH } from '../../schema/surfaces.js';
import { readActions } from '../../schema/read.js';
import { lazyValidator } from '../../schema/validate.js';
import { applyRateLimit } from '../dispatch.js';
import { authProjectKey, bearerToken } from '../auth.js';
import type { Services } from '../services.js';
import { DomainError, invalidField } from '../../domain/errors.js';
import type { AgreementRequest } from '../../domain/agreement.js';
import { agreementCsv } from '../../domain/agreement-csv.js';

const PARAMETERS = new Set(['a', 'b', 'pairs', 'documentIds']);
const validate = lazyValidator(readActions.compare_codings);

/** `manual` in a query names the coding made by hand (`analysisId: null` in a body). */
const codingOf = (value: string) => ({ analysisId: value === 'manual' ? null : value });

/**
 * The query as the body `compare_codings` would take, validated by the same schema: every
 * problem a 400 naming its parameter (`/a` rather than the body's `/a/analysisId`). The console's
 * route (src/http/console/surfaces.ts) hands it the query less its `projectId`.
 */
export function agreementRequestOf(query: Record<string, string | string[]>): AgreementRequest {
  for (const name of Object.keys(query))
    if (!PARAMETERS.has(name)) throw invalidField(`/${name}`, 'is not a parameter of this export (a, b, pairs, documentIds)');
  const one = (name: string): string | undefined => {
    const v = query[name];
    if (Array.isArray(v)) throw invalidField(`/${name}`, 'is given more than once');
    return v;
  };
  const body: Record<string, unknown> = { action: 'compare_codings' };
  const a = one('a');
  const b = one('b');
  if (a !== undefined) body.a = codingOf(a);
  if (b !== undefined) body.b = codingOf(b);
  const pairs = one('pairs');
  if (pairs !== undefined) {
    try {
      body.pairs = JSON.parse(pairs) as unknown;
    } catch (err) {
      throw invalidField('/pairs', 'must be a JSON array of {"a": code, "b": code}', { cause: err });
    }
  }
  const ids = query.documentIds;
  if (ids !== undefined) body.documentIds = (Array.isArray(ids) ? ids : [ids]).flatMap((v) => v.split(',')).map((v) => v.trim());
  const result = validate(body);
  if (!result.ok) {
    const details = result.details.map((d) => ({ ...d, path: d.path.replace(/^\/(a|b)\/analysisId$/, '/$1') }));
    throw new DomainError('invalid', `invalid query: ${details[0]?.path ?? '/'} ${details[0]?.message ?? 'is invalid'}`, details);
  }
  return body as unknown as AgreementRequest;
}

/** The agreement CSV download: authenticated and rate-limited as the read surface. */
export function registerAgreementCsvRoute(app: FastifyInstance, services: Services) {
  app.get(AGREEMENT_CSV_PATH, async (req, reply) => {
    const principal = await authProjectKey(services.store, bearerToken(req), services.authCache);
    await applyRateLimit(services, reply, 'read', principal.projectId);
    const csv = await agreementCsv(services.store.db, principal.project, agreementRequestOf((req.query ?? {}) as Record<string, string | string[]>));
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="agreement.csv"').send(csv);
  });
}
