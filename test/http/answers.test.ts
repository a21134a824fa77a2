import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWith, checkAnswers } from '../../src/http/answers.js';
import { errorHandler } from '../../src/http/errors.js';
import { Closed } from '../../src/schema/answers/records.js';
import { ANSWERS } from '../../src/schema/answers/surfaces.js';
import { SURFACES } from '../../src/schema/surfaces.js';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { ADMIN_TOKEN, makeTestApp, type TestApp } from '../helpers/app.js';

const Thing = Closed({ id: Type.String(), count: Type.Integer() }, { title: 'Thing' });

function appAnswering(answer: unknown) {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  app.get('/', async (_req, reply) => answerWith(reply, Thing, answer));
  return app;
}

describe('answers go out through their schema', () => {
  it('every action of every surface has an answer schema', () => {
    for (const surface of Object.values(SURFACES)) expect(Object.keys(ANSWERS[surface.name]).sort()).toEqual(Object.keys(surface.actions).sort());
  });

  it('under the suite check, an answer with an unlisted member or a wrong type is a 500 naming it', async () => {
    expect(process.env.SIFT_CHECK_ANSWERS).toBe('1');
    const extra = await appAnswering({ id: 'a', count: 1, secret: 'x' }).inject({ method: 'GET', url: '/' });
    expect(extra.statusCode).toBe(500);
    expect(extra.json().error).toContain('must NOT have additional properties');
    const wrong = await appAnswering({ id: 'a', count: '1' }).inject({ method: 'GET', url: '/' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json().error).toContain('count');
    const right = await appAnswering({ id: 'a', count: 1 }).inject({ method: 'GET', url: '/' });
    expect(right.json()).toEqual({ id: 'a', count: 1 });
  });

  it('without the check, the serializer leaves out what the schema does not list', async () => {
    checkAnswers(false);
    try {
      const res = await appAnswering({ id: 'a', count: 1, secret: 'x' }).inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 'a', count: 1 });
    } finally {
      checkAnswers(true);
    }
  });
});

describe('error answers carry a stable code in Sift-Error-Code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('names the failure for each status, from the documented list', async () => {
    const cases = [
      { res: await t.post('/api/sift-read', null, { action: 'get_project' }), status: 401, code: 'unauthorized' },
      { res: await t.post('/api/sift-admin', ADMIN_TOKEN, { action: 'nope' }), status: 400, code: 'invalid' },
      {
        res: await t.post('/api/sift-admin', ADMIN_TOKEN, { action: 'get_credits', accountId: '00000000-0000-4000-8000-000000000000' }),
        status: 404,
        code: 'not_found',
      },
      { res: await t.app.server.inject({ method: 'GET', url: '/api/sift-read' }), status: 405, code: 'method_not_allowed' },
      { res: await t.app.server.inject({ method: 'GET', url: '/no/such/route' }), status: 404, code: 'not_found' },
    ];
    for (const { res, status, code } of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.headers['sift-error-code']).toBe(code);
      expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status).toBe(status);
    }
    const ok = await t.post('/api/sift-admin', ADMIN_TOKEN, { action: 'create_user', email: 'a@example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['sift-error-code']).toBeUndefined();
    const again = await t.post('/api/sift-admin', ADMIN_TOKEN, { action: 'create_user', email: 'a@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['sift-error-code']).toBe('email_taken');
  });
});
