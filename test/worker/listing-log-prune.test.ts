import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listingLogPruneJob } from '../../src/worker/listing-log-prune.js';
import type { WorkerContext } from '../../src/worker/context.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { useSeededApp } from '../helpers/app.js';
import { insertDocument } from '../helpers/documents.js';
import { getDocuments } from '../../src/domain/documents-read.js';

describe.each(STORE_KINDS)('the hourly pruning of the listing log on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    const ctx = useSeededApp(kind);

    it("removes rows over an hour old but each project's newest, and the listing still answers what was written", async () => {
      const store = ctx.t.app.store;
      const db = store.db;
      const project = await db.selectFrom('projects').selectAll().where('id', '=', ctx.f.projectId).executeTakeFirstOrThrow();
      for (const filename of ['a.txt', 'b.txt', 'c.txt']) await insertDocument(store, project.id, { filename });
      const rows = () => db.selectFrom('listingChanges').select(['id', 'projectId']).where('projectId', '=', project.id).orderBy('id').execute();
      const all = await rows();
      expect(all.length).toBeGreaterThanOrEqual(3);
      const listed = async () => ((await getDocuments({ store, project, userId: null }, { action: 'get_documents' })).documents ?? []).map((d) => d.filename);
      expect(await listed()).toEqual(['a.txt', 'b.txt', 'c.txt']);
      // Every row but the newest made two hours old; the newest too, later.
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
      await sql`update listing_changes set at = ${twoHoursAgo} where project_id = ${project.id}`.execute(db);
      const worker = { store } as unknown as WorkerContext;
      expect(await listingLogPruneJob.run(worker)).toBe(false);
      expect((await rows()).map((r) => r.id)).toEqual([all[all.length - 1]!.id]);
      await insertDocument(store, project.id, { filename: 'd.txt' });
      expect(await listed()).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
    });
  });
});
