import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, type Fixture, type TestApp } from '../helpers/app.js';

// A large body parsed on the thread that answers HTTP held up every request for up to 50 s: here
// the parser throws there, so only the worker thread (which loads the real module) can read one.
vi.mock('secure-json-parse', async (importOriginal) => {
  const real = (await importOriginal<{ default: (text: string, ...rest: unknown[]) => unknown }>()).default;
  return {
    default: (text: string, ...rest: unknown[]) => {
      if (text.length > 256 * 1024) throw new Error('a large body parsed on the thread that answers HTTP');
      return real(text, ...rest);
    },
  };
});

describe('large bodies are read off the thread that answers HTTP', () => {
  let t: TestApp;
  let f: Fixture;
  let partner: string;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
    f = await seedProject(t);
    partner = (await t.admin('create_partner', { name: 'P' })).secret;
  });
  afterAll(() => t?.close());

  it('refuses a body of more JSON values than any valid request of its route holds (413) before parsing it', async () => {
    const members = Array.from({ length: 500_000 }, (_, i) => `"k${i}":1`).join(',');
    // An action whose largest valid body is larger than this one (a `list_projects` of this size is
    // refused from its Content-Length alone, past its action's 64 KB: body-early.test.ts).
    const res = await t.post(ACCOUNT, f.accountKey, `{"action":"start_analysis",${members}}`);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/JSON values any valid request/);
    const small = await t.post(ACCOUNT, f.accountKey, `{"action":"list_projects",${members}}`);
    expect(small.statusCode).toBe(413);
    expect(small.json().error).toMatch(/larger than 65,536 bytes, the most any valid list_projects request/);
  });

  it('answers a large invalid body with 400: every problem up to 2 MB, the first past it', async () => {
    const category = (n: number) => ({ name: `c${n}`, description: 'd'.repeat(30_000) });
    const body = (count: number) => ({
      action: 'start_analysis',
      projectId: f.projectId,
      type: 'predefined',
      categories: Array.from({ length: count }, (_, i) => category(i)),
    });
    const small = await t.post(ACCOUNT, f.accountKey, body(20));
    expect(small.statusCode).toBe(400);
    expect(small.json().details).toHaveLength(20);
    const large = await t.post(ACCOUNT, f.accountKey, body(100));
    expect(large.statusCode).toBe(400);
    expect(large.json().details).toEqual([{ path: '/categories/0/description', message: expect.stringMatching(/must NOT have more than/) }]);
  });

  it('refuses large bodies that are not JSON, or hold a NUL, as small ones are', async () => {
    const text = 'x'.repeat(300_000);
    const broken = await t.post(ACCOUNT, f.accountKey, `{"action":"list_projects","name":"${text}"`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('the body is not valid JSON');
    const nul = await t.post(ACCOUNT, f.accountKey, `{"action":"list_projects","name":"${text}\\u0000"}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toMatch(/NUL/);
  });

  it('handles a valid large body as any other', async () => {
    const created = await t.post(PARTNER, partner, { action: 'create_account', email: 'big@example.com' });
    expect(created.statusCode, created.body).toBe(200);
    const accountId = created.json().account.id as string;
    const res = await t.post(PARTNER, partner, {
      action: 'create_project',
      accountId,
      name: 'Large inline documents',
      files: { documents: [{ filename: 'long.txt', text: 'Participant: the price went up again this year. '.repeat(8_000) }] },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().documents).toHaveLength(1);
  });
});
