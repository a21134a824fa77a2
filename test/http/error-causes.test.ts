import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { conflict, DomainError, invalidField, unavailable } from '../../src/domain/errors.js';
import { errorHandler } from '../../src/http/errors.js';
import { newHashedRow, newId } from '../../src/domain/ids.js';
import { nowIso } from '../../src/domain/clock.js';
import { ACCOUNT, ADMIN, ADMIN_TOKEN, seedProject, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { makeLoggedApp, type LogLine } from '../helpers/logged-app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

/** A bare server with sift's error handler whose routes throw what a test gives them, and its log. */
function throwing(errors: Record<string, () => unknown>) {
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  app.setErrorHandler(errorHandler);
  for (const [path, make] of Object.entries(errors))
    app.get(path, async () => {
      throw make();
    });
  return { app, logs };
}

describe('DomainError', () => {
  it('keeps the error it wraps as its cause, through each factory that wraps', () => {
    const original = new Error('the archive has no project.qde');
    expect(invalidField('/file', 'not a REFI-QDA archive', { cause: original }).cause).toBe(original);
    expect(unavailable('too slow', { cause: original }).cause).toBe(original);
    const c = conflict('taken', 'tag_exists', { cause: original });
    expect([c.cause, c.code, c.status]).toEqual([original, 'tag_exists', 409]);
    expect(new DomainError('invalid', 'plain').cause).toBeUndefined();
  });
});

describe('the error handler', () => {
  const { app, logs } = throwing({
    '/unexpected': () => new Error('reading the answer failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET_X' }) }),
    '/domain-500': () => new DomainError('unavailable', 'entities did not finish', undefined, undefined, { cause: new Error('worker timed out') }),
    '/refused-with-cause': () =>
      invalidField('/urls/0/url', 'could not fetch http://example.test/a', { cause: new Error('getaddrinfo EAI_FAIL example.test') }),
    '/store-down': () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    '/store-down-wrapped': () =>
      new Error('query failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) }),
    '/unmapped-unique': () => Object.assign(new Error('UNIQUE constraint failed: notes.project_id, notes.counter'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
    '/mapped-unique-pg': () =>
      Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505', constraint: 'users_email_key' }),
  });
  afterAll(() => app.close());
  afterEach(() => {
    logs.length = 0;
  });
  const logOf = (reqId: string, level: number) => logs.filter((l) => l.reqId === reqId && l.level === level);

  it('answers an unexpected error with a generic 500 and logs it with its cause and the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/unexpected' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/socket hang up/);
    const [line] = logOf(String(res.json().error.match(/request id ([^)]+)/)[1]), 50);
    expect(line).toMatchObject({ msg: 'unexpected error', requestId: expect.any(String) });
    const err = line!.err as { message: string; stack: string };
    expect(err.message).toBe('reading the answer failed: socket hang up');
    expect(err.stack).toMatch(/caused by: Error: socket hang up/);
  });

  it('logs a DomainError of 5xx with its cause and the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/domain-500' });
    expect(res.statusCode).toBe(503);
    const line = logs.find((l) => l.level === 50);
    expect(line).toMatchObject({ msg: 'request failed', requestId: expect.any(String) });
    expect((line!.err as { message: string }).message).toBe('entities did not finish: worker timed out');
  });

  it("logs a refusal's cause at info for the operator, and sends the caller only the refusal", async () => {
    const res = await app.inject({ method: 'GET', url: '/refused-with-cause' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/EAI_FAIL/);
    const line = logs.find((l) => l.level === 30 && l.msg === 'request refused (invalid)');
    expect(line).toMatchObject({ requestId: expect.any(String) });
    expect((line!.err as { message: string }).message).toMatch(/could not fetch .*: getaddrinfo EAI_FAIL example.test/);
  });

  it('answers a database that does not answer with 503, Retry-After: 5 and the code unavailable, logged at warn with its cause (not as unexpected)', async () => {
    for (const url of ['/store-down', '/store-down-wrapped']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['sift-error-code']).toBe('unavailable');
      expect(res.json()).toEqual({ error: 'a store sift needs (its database or its file store) is not answering; retry in 5 s' });
    }
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    const warned = logs.filter((l) => l.level === 40);
    expect(warned.map((l) => l.msg)).toEqual(['a store sift needs is not answering', 'a store sift needs is not answering']);
    expect(warned.every((l) => typeof l.requestId === 'string')).toBe(true);
    expect((warned[0]!.err as { code: string }).code).toBe('57P01');
    expect((warned[1]!.err as { message: string }).message).toBe('query failed: connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('maps a unique violation by its constraint (PostgreSQL names it); one without a code of its own is already_exists, logged at warn with its constraint', async () => {
    const mapped = await app.inject({ method: 'GET', url: '/mapped-unique-pg' });
    expect([mapped.statusCode, mapped.headers['sift-error-code']]).toEqual([409, 'email_taken']);
    expect(logs.filter((l) => l.level >= 40)).toEqual([]);
    const unmapped = await app.inject({ method: 'GET', url: '/unmapped-unique' });
    expect([unmapped.statusCode, unmapped.headers['sift-error-code']]).toEqual([409, 'already_exists']);
    const [line] = logs.filter((l) => l.level === 40);
    expect(line).toMatchObject({ constraint: 'notes_counter', requestId: expect.any(String) });
  });
});

describe.each(STORE_KINDS)('errors keep their causes through the app, on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let logs: LogLine[];
    let close: () => Promise<void>;
    beforeAll(async () => {
      const logged = await makeLoggedApp(kind, { SIFT_FETCH_ALLOW_CIDRS: '127.0.0.1/32' }, 'info');
      ({ logs, close } = logged);
      const post: TestApp['post'] = (path, token, body, headers = {}) =>
        logged.app.server.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          payload: JSON.stringify(body),
        });
      t = {
        app: logged.app,
        kind,
        post,
        async admin(action, body = {}) {
          const res = await post(ADMIN, ADMIN_TOKEN, { action, ...body });
          if (res.statusCode !== 200) throw new Error(`admin ${action} answered ${res.statusCode}: ${res.body}`);
          return res.json();
        },
        close,
      };
      f = await seedProject(t);
    });
    afterAll(() => close?.());
    afterEach(() => vi.restoreAllMocks());
    const ofRequest = (res: { headers: Record<string, unknown> }) => logs.filter((l) => l.reqId === res.headers['x-request-id']);

    it('a forced store-unavailable error answers 503 with Retry-After, logged at warn with the request id', async () => {
      const down = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
      vi.spyOn(t.app.store.db, 'selectFrom').mockImplementation(() => {
        throw down;
      });
      const res = await t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: 'down@example.com' });
      vi.restoreAllMocks();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['sift-error-code']).toBe('unavailable');
      expect(res.body).not.toMatch(/10\.0\.0\.5/);
      const [line] = ofRequest(res).filter((l) => l.level === 40);
      expect(line).toMatchObject({ msg: 'a store sift needs is not answering', requestId: res.headers['x-request-id'] });
      expect((line!.err as { code: string }).code).toBe('ECONNREFUSED');
    });

    it('a unique rule without a code of its own, broken for real, answers 409 already_exists and is logged with its constraint', async () => {
      const create = () => t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'create', categories: [], text: 'an insight' });
      expect((await create()).statusCode).toBe(200);
      // As if the counter had been taken back: the next insight's number is taken.
      await t.app.store.db.updateTable('projects').set({ insightCounter: 0 }).where('id', '=', f.projectId).execute();
      const res = await create();
      expect(res.statusCode).toBe(409);
      expect(res.headers['sift-error-code']).toBe('already_exists');
      const [line] = ofRequest(res).filter((l) => l.level === 40);
      expect(line).toMatchObject({ constraint: 'insights_counter', requestId: res.headers['x-request-id'] });
    });

    /**
     * A real race: a transaction inserts the row and stays open while the request checks (and,
     * on PostgreSQL, finds nothing, then waits on the unique index), then commits. SQLite runs
     * transactions one at a time, so there the request sees the row and its own check answers.
     */
    async function race(
      insert: (trx: Parameters<Parameters<TestApp['app']['store']['transaction']>[0]>[0]) => Promise<unknown>,
      request: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): { error: string } }>,
    ) {
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let inserted!: () => void;
      const didInsert = new Promise<void>((r) => {
        inserted = r;
      });
      const holding = t.app.store.transaction(async (trx) => {
        await insert(trx);
        inserted();
        await held;
      });
      await didInsert;
      const answer = request();
      if (kind === 'postgres') {
        // Until the request waits on the uncommitted row's unique index.
        for (let i = 0; i < 100; i++) {
          const waiting = await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(t.app.store.db);
          if (waiting.rows[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      release();
      await holding;
      return answer;
    }

    it('two distinct codes when a concurrent request wins: tag_exists for a tag name, email_taken for an e-mail', async () => {
      const tag = await race(
        (trx) =>
          trx
            .insertInto('tags')
            .values({ ...newHashedRow('T'), projectId: f.projectId, text: 'Raced', description: '', color: null })
            .execute(),
        () => t.post(WRITE, f.editKey, { action: 'manage_tags', operation: 'create', text: 'raced' }),
      );
      expect(tag.statusCode).toBe(409);
      expect(tag.headers['sift-error-code']).toBe('tag_exists');
      if (kind === 'postgres') expect(tag.json().error).toMatch(/concurrent request/);

      const email = await race(
        (trx) => trx.insertInto('users').values({ id: newId(), email: 'raced@example.com', name: null, onboarded: 0, createdAt: nowIso() }).execute(),
        () => t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: 'Raced@example.com' }),
      );
      expect(email.statusCode).toBe(409);
      expect(email.headers['sift-error-code']).toBe('email_taken');
      if (kind === 'postgres') expect(email.json().error).toMatch(/concurrent request/);
    });

    it("a URL upload that fails keeps what the fetch said: the refusal's reason for the caller, the error itself in the operator's log", async () => {
      const server = http.createServer((_req, res) => {
        // A redirect to a location that is no URL: the fetcher fails on it with an error of its own.
        res.writeHead(302, { location: 'http://[::1' });
        res.end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as AddressInfo).port;
      try {
        const upload = (url: string) =>
          t.app.server.inject({
            method: 'POST',
            url: `${ACCOUNT}/upload?projectId=${f.projectId}`,
            headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ urls: [{ url }] }),
          });
        const odd = await upload(`http://127.0.0.1:${port}/report.pdf`);
        expect(odd.statusCode).toBe(400);
        expect(odd.json().error).toBe(`could not fetch http://127.0.0.1:${port}/report.pdf`);
        const oddLine = ofRequest(odd).find((l) => l.msg === 'request refused (invalid)');
        expect((oddLine!.err as { message: string }).message).toMatch(/Invalid URL/);

        // A port nothing listens on (any longer).
        const gone = http.createServer();
        await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
        const closedPort = (gone.address() as AddressInfo).port;
        await new Promise((r) => gone.close(r));
        const refused = await upload(`http://127.0.0.1:${closedPort}/report.pdf`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toMatch(/the request failed: connect ECONNREFUSED/);
        const line = ofRequest(refused).find((l) => l.msg === 'request refused (invalid)');
        expect(line).toMatchObject({ requestId: refused.headers['x-request-id'] });
        // The socket's own error, with its code, is kept as the cause of the refusal's cause.
        expect((line!.err as { stack: string }).stack).toMatch(/caused by: FetchRefusedError.*\n[\s\S]*caused by: Error: connect ECONNREFUSED/);
      } finally {
        server.close();
      }
    });
  });
});
