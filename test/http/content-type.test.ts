import { describe, expect, it } from 'vitest';
import { ACCOUNT, READ, useSeededApp } from '../helpers/app.js';

describe('every JSON answer says it is JSON', () => {
  const ctx = useSeededApp('sqlite');

  it('carries `content-type: application/json` on answers sent through their schemas, and on errors', async () => {
    const answers = [
      await ctx.t.post(READ, ctx.f.readKey, { action: 'get_project' }),
      await ctx.t.post(READ, ctx.f.readKey, { action: 'get_documents' }),
      await ctx.t.post(ACCOUNT, ctx.f.accountKey, { action: 'list_projects' }),
      await ctx.t.post(READ, ctx.f.readKey, { action: 'nope' }),
      await ctx.t.post(READ, 'sift_wrong', { action: 'get_project' }),
    ];
    expect(answers.map((r) => [r.statusCode, r.headers['content-type']])).toEqual([
      [200, 'application/json; charset=utf-8'],
      [200, 'application/json; charset=utf-8'],
      [200, 'application/json; charset=utf-8'],
      [400, 'application/json; charset=utf-8'],
      [401, 'application/json; charset=utf-8'],
    ]);
  });
});
