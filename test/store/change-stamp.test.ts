import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, skipKind, sharedTestStore } from '../helpers/stores.js';
import { openStore, type Store } from '../../src/store/store.js';
import type { Row } from '../../src/store/tables.js';
import { newId, shortHash } from '../../src/domain/ids.js';
import { createUser } from '../../src/domain/users.js';
import { createAccount } from '../../src/domain/accounts.js';
import { createProject } from '../../src/domain/projects.js';
import { getDocuments } from '../../src/domain/documents-read.js';
import { insertDocument } from '../helpers/documents.js';

/** Two connections to one database: this process's and, say, the worker thread's or another server's. */
describe.each(STORE_KINDS)('change stamp on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let ours: Store;
    let theirs: Store;
    let drop: () => Promise<void>;
    let dataDir: string;
    let project: Row<'projects'>;
    const list = async () =>
      (await getDocuments({ store: ours, project, userId: null }, { action: 'get_documents' })).documents as { filename: string; tags: unknown[] }[];

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-stamp-'));
      const shared = await sharedTestStore(kind, dataDir);
      drop = shared.drop;
      ours = await openStore(shared.options);
      theirs = await openStore(shared.options);
      const user = await createUser(ours.db, { email: `s${Math.random()}@example.com` });
      const account = await ours.transaction((trx) => createAccount(trx, { name: 'T', ownerUserId: user.id }));
      project = await ours.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: user.id, name: 'P' }));
    });
    afterAll(async () => {
      await ours?.close();
      await theirs?.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('stays the same while nothing is written', async () => {
      const before = await ours.changeStamp();
      await ours.db.selectFrom('documents').selectAll().execute();
      await theirs.db.selectFrom('documents').selectAll().execute();
      // PostgreSQL's stamp covers the whole cluster, where other suites may be writing.
      if (kind === 'sqlite') expect(await ours.changeStamp()).toBe(before);
    });

    it('changes with a write of this connection, and with a commit of another', async () => {
      const doc = await insertDocument(ours, project.id, { filename: 'a.txt' });
      const afterOurs = await ours.changeStamp();
      await theirs.db.updateTable('documents').set({ filename: 'b.txt' }).where('id', '=', doc.id).execute();
      expect(await ours.changeStamp()).not.toBe(afterOurs);
    });

    it('get_documents answers what another connection committed since its last answer', async () => {
      const doc = await insertDocument(ours, project.id, { filename: 'before.txt' });
      expect((await list()).find((d) => d.filename === 'before.txt')).toBeDefined();
      expect(await list()).toEqual(await list());

      await theirs.db.updateTable('documents').set({ filename: 'after.txt' }).where('id', '=', doc.id).execute();
      const renamed = await list();
      expect(renamed.map((d) => d.filename)).toContain('after.txt');
      expect(renamed.map((d) => d.filename)).not.toContain('before.txt');

      const tagId = newId();
      const now = new Date().toISOString();
      await theirs.transaction(async (trx) => {
        await trx
          .insertInto('tags')
          .values({
            id: tagId,
            projectId: project.id,
            shortId: shortHash('T', tagId),
            text: 'vip',
            description: '',
            color: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        await trx.insertInto('tagTargets').values({ tagId, targetType: 'document', targetId: doc.id, projectId: project.id }).execute();
      });
      expect((await list()).find((d) => d.filename === 'after.txt')?.tags).toEqual([{ id: shortHash('T', tagId), text: 'vip' }]);

      await theirs.db.deleteFrom('tagTargets').where('tagId', '=', tagId).execute();
      expect((await list()).find((d) => d.filename === 'after.txt')?.tags).toEqual([]);
    });
  });
});
