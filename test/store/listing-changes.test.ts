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

/**
 * get_documents keeps each project's listing while the store's change stamp, or else the
 * project's listing log (migration 008, written by triggers), stays as it was. Two connections
 * to one database: this process's and, say, the worker thread's or another server's.
 */
describe.each(STORE_KINDS)('listing changes on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let ours: Store;
    let theirs: Store;
    let drop: () => Promise<void>;
    let dataDir: string;
    let project: Row<'projects'>;
    let other: Row<'projects'>;
    const list = async () =>
      (await getDocuments({ store: ours, project, userId: null }, { action: 'get_documents' })).documents as {
        filename: string;
        tags: unknown[];
        metadata: { field: string; text: string }[];
      }[];

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-stamp-'));
      const shared = await sharedTestStore(kind, dataDir);
      drop = shared.drop;
      ours = await openStore(shared.options);
      theirs = await openStore(shared.options);
      const user = await createUser(ours.db, { email: `s${Math.random()}@example.com` });
      const account = await ours.transaction((trx) => createAccount(trx, { name: 'T', ownerUserId: user.id }));
      project = await ours.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: user.id, name: 'P' }));
      other = await ours.transaction((trx) => createProject(trx, { accountId: account.id, ownerUserId: user.id, name: 'Q' }));
    });
    afterAll(async () => {
      await ours?.close();
      await theirs?.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("the store's change stamp stays the same while nothing is written", async () => {
      const before = await ours.changeStamp();
      await ours.db.selectFrom('documents').selectAll().execute();
      await theirs.db.selectFrom('documents').selectAll().execute();
      // PostgreSQL's stamp covers the whole cluster, where other suites may be writing.
      if (kind === 'sqlite') expect(await ours.changeStamp()).toBe(before);
    });

    it("the store's change stamp changes with a write of this connection, and with a commit of another", async () => {
      const doc = await insertDocument(ours, other.id, { filename: 'a.txt' });
      const afterOurs = await ours.changeStamp();
      await theirs.db.updateTable('documents').set({ filename: 'b.txt' }).where('id', '=', doc.id).execute();
      expect(await ours.changeStamp()).not.toBe(afterOurs);
    });

    it("keeps a listing through writes to other projects and through workers' leases, and drops it at a write to its own", async () => {
      const doc = await insertDocument(ours, project.id, { filename: 'kept.txt' });
      const first = (await list())[0];
      expect((await list())[0]).toBe(first);
      const elsewhere = await insertDocument(theirs, other.id, { filename: 'elsewhere.txt' });
      await theirs.db.updateTable('documents').set({ filename: 'moved.txt' }).where('id', '=', elsewhere.id).execute();
      await theirs.db
        .updateTable('documents')
        .set({ leaseOwner: 'w1', leaseExpiresAt: new Date().toISOString(), attempts: 1 })
        .where('id', '=', doc.id)
        .execute();
      expect((await list())[0]).toBe(first);
      await theirs.db.updateTable('documents').set({ status: 'failed' }).where('id', '=', doc.id).execute();
      const after = await list();
      expect(after[0]).not.toBe(first);
      expect(after[0]).toMatchObject({ filename: 'kept.txt', status: 'failed' });
      await ours.db.deleteFrom('documents').where('id', '=', doc.id).execute();
      expect((await list()).map((d) => d.filename)).not.toContain('kept.txt');
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

      await theirs.db.updateTable('tags').set({ text: 'very important' }).where('id', '=', tagId).execute();
      expect((await list()).find((d) => d.filename === 'after.txt')?.tags).toEqual([{ id: shortHash('T', tagId), text: 'very important' }]);

      await theirs.db.deleteFrom('tagTargets').where('tagId', '=', tagId).execute();
      expect((await list()).find((d) => d.filename === 'after.txt')?.tags).toEqual([]);

      const fieldId = newId();
      await theirs.transaction(async (trx) => {
        await trx
          .insertInto('metadataFields')
          .values({
            id: fieldId,
            projectId: project.id,
            shortId: shortHash('F', fieldId),
            text: 'Age',
            shortName: 'age',
            description: '',
            parentId: null,
            valueType: null,
            allowedValues: null,
            answerSetOpen: 1,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        await trx
          .insertInto('metadataValues')
          .values({
            id: newId(),
            projectId: project.id,
            documentId: doc.id,
            fieldId,
            text: '34',
            shortName: null,
            value: '"34"',
            refusedText: null,
            refusedShortName: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      });
      expect((await list()).find((d) => d.filename === 'after.txt')?.metadata).toMatchObject([{ field: 'age', text: '34' }]);
      await theirs.db.updateTable('metadataFields').set({ shortName: 'age band' }).where('id', '=', fieldId).execute();
      expect((await list()).find((d) => d.filename === 'after.txt')?.metadata).toMatchObject([{ field: 'age band', text: '34' }]);
      await theirs.db.updateTable('metadataValues').set({ text: '35' }).where('fieldId', '=', fieldId).execute();
      expect((await list()).find((d) => d.filename === 'after.txt')?.metadata).toMatchObject([{ field: 'age band', text: '35' }]);
    });
  });
});
