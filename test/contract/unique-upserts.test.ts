import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_TOKEN, WRITE, useSeededApp } from '../helpers/app.js';
import { insertDocument } from '../helpers/documents.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';

/**
 * Writes that set a row rather than create one cannot lose a race to a unique rule: memberships,
 * metadata values and tag targets are written as upserts (src/store/unique.ts says why no other
 * rule is in a request's reach).
 */
describe.each(STORE_KINDS)('concurrent writes of one row, on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    const ctx = useSeededApp(kind);
    const all = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

    it('twelve concurrent add_member of one user: every one 200, one membership', async () => {
      const { user } = await ctx.t.admin('create_user', { email: `member-${kind}@example.com` });
      const answers = await all(12, (i) =>
        ctx.t.post(ADMIN, ADMIN_TOKEN, { action: 'add_member', projectId: ctx.f.projectId, userId: user.id, role: i % 2 ? 'viewer' : 'member' }),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      const rows = await ctx.t.app.store.db
        .selectFrom('memberships')
        .select('role')
        .where('projectId', '=', ctx.f.projectId)
        .where('userId', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('twelve concurrent set_metadata_values of one field of one document: every one 200, one value', async () => {
      const doc = await insertDocument(ctx.t.app.store, ctx.f.projectId);
      const field = (
        await ctx.t.post(WRITE, ctx.f.editKey, { action: 'manage_metadata_fields', operation: 'create', text: 'Segment', shortName: 'segment' })
      ).json().field;
      const answers = await all(12, (i) =>
        ctx.t.post(WRITE, ctx.f.editKey, { action: 'set_metadata_values', documentId: `D${doc.counter}`, values: [{ fieldId: field.id, text: `value ${i}` }] }),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      const rows = await ctx.t.app.store.db.selectFrom('metadataValues').select('text').where('documentId', '=', doc.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('twelve concurrent add_targets of one target, and a create naming one target twice: every one 200, one target', async () => {
      const doc = await insertDocument(ctx.t.app.store, ctx.f.projectId);
      const twice = await ctx.t.post(WRITE, ctx.f.editKey, {
        action: 'manage_tags',
        operation: 'create',
        text: 'Twice',
        documentIds: [`D${doc.counter}`, `D${doc.counter}`],
      });
      expect(twice.statusCode, twice.body).toBe(200);
      expect(twice.json().tag.documentIds).toEqual([`D${doc.counter}`]);
      const tag = (await ctx.t.post(WRITE, ctx.f.editKey, { action: 'manage_tags', operation: 'create', text: 'Concurrent' })).json().tag;
      const answers = await all(12, () =>
        ctx.t.post(WRITE, ctx.f.editKey, { action: 'manage_tags', operation: 'add_targets', id: tag.id, documentIds: [`D${doc.counter}`] }),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      const rows = await ctx.t.app.store.db
        .selectFrom('tags')
        .innerJoin('tagTargets', 'tagTargets.tagId', 'tags.id')
        .select('tagTargets.targetId')
        .where('tags.shortId', '=', tag.id)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });
});
