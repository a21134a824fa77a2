import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, ACCOUNT, PARTNER, READ, WRITE, type TestApp } from '../helpers/app.js';
import { bootstrapIfEmpty, describeDemo } from '../../src/cli/bootstrap.js';
import { parseAdminArgs } from '../../src/cli/admin-args.js';

describe('first-start bootstrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('creates a demo project whose printed keys work, once', async () => {
    const demo = await bootstrapIfEmpty(t.app.store);
    expect(demo).not.toBeNull();
    expect(await bootstrapIfEmpty(t.app.store)).toBeNull();
    const text = describeDemo(demo!, 'http://127.0.0.1:8080');
    const curl = text.split('\n').find((l) => l.includes('curl'))!;
    expect(curl).toContain(demo!.readKey);
    expect((await t.post(READ, demo!.readKey, { action: 'get_project' })).statusCode).toBe(200);
    expect((await t.post(WRITE, demo!.editKey, { action: 'create_note', targetType: 'document', targetId: 'D1', text: 'x' })).statusCode).not.toBe(401);
    expect((await t.post(ACCOUNT, demo!.accountKey, { action: 'get_project_status', projectId: demo!.projectId })).statusCode).toBe(200);
    expect((await t.post(PARTNER, demo!.partnerSecret, { action: 'list_accounts' })).statusCode).toBe(200);
  });
});

describe('sift admin arguments', () => {
  it('types members from the schema and validates like the HTTP surface', () => {
    expect(parseAdminArgs(['create_account', '--name', 'Team', '--ownerUserId', '0b0c5a4e-8d1f-4c1e-9f1a-2b3c4d5e6f70', '--credits', '25'])).toEqual({
      action: 'create_account',
      name: 'Team',
      ownerUserId: '0b0c5a4e-8d1f-4c1e-9f1a-2b3c4d5e6f70',
      credits: 25,
    });
    expect(() => parseAdminArgs(['create_account', '--name', 'Team'])).toThrow(/ownerUserId/);
    expect(() => parseAdminArgs(['create_user', '--email', 'a@b.co', '--bogus', '1'])).toThrow(/bogus/);
    expect(() => parseAdminArgs(['nope'])).toThrow(/unknown action/);
    expect(() => parseAdminArgs([])).toThrow(/usage/);
  });
});
