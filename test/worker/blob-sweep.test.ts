import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobSweepJob } from '../../src/worker/blob-sweep.js';
import { fileBlobStore } from '../../src/store/blobs.js';
import type { WorkerContext } from '../../src/worker/context.js';
import { useSeededApp } from '../helpers/app.js';
import { insertDocument } from '../helpers/documents.js';

describe('the hourly sweep of stored files', () => {
  const ctx = useSeededApp('sqlite');

  it('removes an hour-old original no document names, keeps one a document names, and never counts as work', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-sweep-'));
    try {
      const blobs = fileBlobStore(dir);
      await blobs.put('p/known', new Uint8Array(3));
      await blobs.put('p/orphan', new Uint8Array(3));
      const doc = await insertDocument(ctx.t.app.store, ctx.f.projectId);
      await ctx.t.app.store.db.updateTable('documents').set({ blobKey: 'p/known' }).where('id', '=', doc.id).execute();
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      for (const key of ['p/known', 'p/orphan']) fs.utimesSync(path.join(dir, 'blobs', key), twoHoursAgo, twoHoursAgo);
      const logged: unknown[] = [];
      const worker = { store: ctx.t.app.store, blobs, log: { info: (...a: unknown[]) => logged.push(a) } } as unknown as WorkerContext;
      expect(await blobSweepJob.run(worker)).toBe(false);
      expect(fs.readdirSync(path.join(dir, 'blobs', 'p')).sort()).toEqual(['known']);
      expect(logged).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
