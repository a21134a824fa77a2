import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_TOKEN, WRITE, useSeededApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

describe.each(STORE_KINDS)('names that must be unique, under concurrent requests, on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    const ctx = useSeededApp(kind);

    it('twelve concurrent creations of one tag name (in any letter case) make one tag; the others are 409, never a 500 or a duplicate', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          ctx.t.post(WRITE, ctx.f.editKey, { action: 'manage_tags', operation: 'create', text: i % 2 ? 'Urgent' : 'urgent' }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, ...Array(11).fill(409)]);
      for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.headers['sift-error-code']).toBe('tag_exists');
      const tags = await ctx.t.app.store.db.selectFrom('tags').select('text').where('projectId', '=', ctx.f.projectId).execute();
      expect(tags.filter((t) => t.text.toLowerCase() === 'urgent')).toHaveLength(1);
    });

    it('twelve concurrent creations of one user e-mail make one user; the others are 409 email_taken', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => ctx.t.post(ADMIN, ADMIN_TOKEN, { action: 'create_user', email: `Race-${kind}@Example.com` })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(11).fill(409)]);
      for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.headers['sift-error-code']).toBe('email_taken');
    });
  });
});
