import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { multipart } from '../helpers/multipart.js';
import { zipBomb } from '../helpers/fixtures.js';

const words = (n: number, w = 'insight') => Array.from({ length: n }, (_, i) => `${w}${i % 50}`).join(' ');

describe.each(STORE_KINDS)('document lifecycle on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const upload = (projectId: string, files: Parameters<typeof multipart>[0], key = f.accountKey) => {
      const body = multipart(files);
      return t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${projectId}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const status = async (projectId: string) => {
      const res = await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const newProject = async (name = 'Study') => {
      const res = await t.post(ACCOUNT, f.accountKey, { action: 'create_project', name });
      expect(res.statusCode).toBe(200);
      return res.json().project as { id: string; shortId: string };
    };

    let files: http.Server;
    let filesUrl = '';
    beforeAll(async () => {
      // An intranet file server, reachable because the operator allows its range.
      files = http.createServer((req, res) => {
        // A server naming its file with control characters, a NUL among them.
        if (req.url?.startsWith('/named')) res.setHeader('content-disposition', "attachment; filename*=UTF-8''a%00b%07c%1b.txt");
        res.end(`Participant: ${words(400, 'fetched')}`);
      });
      await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
      filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/interview-7.txt`;
      t = await makeTestApp(kind, { SIFT_FETCH_ALLOW_CIDRS: '127.0.0.1/32' });
      f = await seedProject(t);
    });
    afterAll(async () => {
      await t?.close();
      await new Promise<void>((r) => files?.close(() => r()) ?? r());
    });

    it('runs the typical lifecycle: create, upload, poll, confirm, ready', async () => {
      const project = await newProject();
      expect(project.id).toMatch(/^[0-9a-f-]{36}$/);
      const up = await upload(project.shortId, [
        { filename: 'one.txt', content: `Interviewer: How was it?\n\nParticipant: ${words(1500)}` },
        { filename: 'two.md', content: '# Notes\n\nThe price is steep for what it does.' },
      ]);
      expect(up.statusCode).toBe(200);
      const created = up.json().documents;
      expect(created).toHaveLength(2);
      expect(created.every((d: { status: string; id: string }) => d.status === 'pending' && /^[0-9a-f-]{36}$/.test(d.id))).toBe(true);
      const byUrl = await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${project.id}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ urls: [{ url: filesUrl }] }),
      });
      expect(byUrl.statusCode).toBe(200);
      expect(byUrl.json().documents[0]).toMatchObject({ filename: 'interview-7.txt', status: 'pending' });
      created.push(byUrl.json().documents[0]);

      expect((await status(project.id)).pendingExtractionCount).toBe(3);
      await t.app.workers.drain();
      const s = await status(project.id);
      expect(s.pendingExtractionCount).toBe(0);
      expect(s.confirmableBatches).toHaveLength(1);
      expect(s.confirmableBatches[0].pipeline).toBe('standard');
      expect(s.confirmableCreditCost).toBe(4); // ceil(1505/1000) = 2, plus 1 for the short one, plus 1 fetched
      const before = s.creditBalance;

      const confirm = await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: project.id, expectedCreditCost: 4 });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toMatchObject({ creditsCharged: 4, creditBalance: before - 4 });
      expect(confirm.json().confirmedDocumentIds.sort()).toEqual(created.map((d: { id: string }) => d.id).sort());

      await t.app.workers.drain();
      const after = await status(project.id);
      expect(after.documents.map((d: { status: string }) => d.status)).toEqual(['ready', 'ready', 'ready']);
      const chunks = await t.app.store.db.selectFrom('chunks').selectAll().where('projectId', '=', project.id).execute();
      expect(chunks.length).toBeGreaterThan(1);
    });

    it('stores file names without control characters, whatever the client or the remote server sent', async () => {
      const project = await newProject();
      const base = filesUrl.replace(/\/interview-7\.txt$/, '');
      const byUrl = await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${project.id}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ urls: [{ url: `${base}/named` }, { url: `${base}/x%00y%0A.txt` }, { url: filesUrl, filename: ' tab\there.txt ' }] }),
      });
      expect(byUrl.statusCode, byUrl.body).toBe(200);
      expect(byUrl.json().documents.map((d: { filename: string }) => d.filename)).toEqual(['abc.txt', 'xy.txt', 'tabhere.txt']);
      const up = await upload(project.id, [{ filename: 'bell\u0007.txt', content: words(20) }]);
      expect(up.statusCode).toBe(200);
      expect(up.json().documents[0].filename).toBe('bell.txt');
    });

    it('marks an empty file empty at price 0, and only delete_documents clears it', async () => {
      const project = await newProject();
      const up = await upload(project.id, [{ filename: 'blank.txt', content: '   \n\n ' }]);
      expect(up.statusCode).toBe(200);
      await t.app.workers.drain();
      const s = await status(project.id);
      expect(s.emptyDocumentIds).toEqual([up.json().documents[0].id]);
      expect(s.documents[0]).toMatchObject({ status: 'empty', creditCost: 0 });
      expect(s.confirmableBatches).toEqual([]);
      const del = await t.post(ACCOUNT, f.accountKey, { action: 'delete_documents', projectId: project.id, documentIds: s.emptyDocumentIds });
      expect(del.statusCode).toBe(200);
      expect(del.json().deleted).toEqual(s.emptyDocumentIds);
      expect((await status(project.id)).documents).toEqual([]);
    });

    it('refuses a wrong expectedCreditCost with 409 stating the current cost, and short credits with 402', async () => {
      const project = await newProject();
      await upload(project.id, [{ filename: 'a.txt', content: words(2500) }]);
      await t.app.workers.drain();
      const wrong = await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: project.id, expectedCreditCost: 1 });
      expect(wrong.statusCode).toBe(409);
      expect(wrong.headers['sift-error-code']).toBe('cost_changed');
      expect(wrong.json().error).toContain('3');
      await t.admin('grant_credits', { accountId: f.accountId, amount: -(await status(project.id)).creditBalance + 2 });
      const poor = await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: project.id, expectedCreditCost: 3 });
      expect(poor.statusCode).toBe(402);
      expect(poor.headers['sift-error-code']).toBe('insufficient_credits');
      expect((await status(project.id)).documents[0].status).toBe('awaiting_confirmation');
      await t.admin('grant_credits', { accountId: f.accountId, amount: 1000 });
    });

    it('charges exactly once when the same confirmation is fired 10 times at once, and the ledger sums to the balance', async () => {
      const project = await newProject();
      await upload(project.id, [
        { filename: 'a.txt', content: words(1200) },
        { filename: 'b.txt', content: words(300) },
      ]);
      await t.app.workers.drain();
      const { confirmableCreditCost: cost, creditBalance } = await status(project.id);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: project.id, expectedCreditCost: cost })),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      const refused = results.filter((r) => r.statusCode !== 200);
      expect(refused.every((r) => r.statusCode === 409)).toBe(true);
      // Each loser either saw the documents already confirmed or lost the race inside the transaction.
      for (const r of refused) expect(['not_awaiting_confirmation', 'nothing_to_confirm', 'confirmed_meanwhile']).toContain(r.headers['sift-error-code']);
      const credits = await t.admin('get_credits', { accountId: f.accountId });
      expect(credits.creditBalance).toBe(creditBalance - cost);
      expect(credits.ledger.reduce((s: number, e: { amount: number }) => s + e.amount, 0)).toBe(credits.creditBalance);
    });

    it('answers a retried confirmation with the same Idempotency-Key with the first answer', async () => {
      const project = await newProject();
      await upload(project.id, [{ filename: 'a.txt', content: words(10) }]);
      await t.app.workers.drain();
      const body = { action: 'confirm_documents', projectId: project.id, expectedCreditCost: 1 };
      const first = await t.post(ACCOUNT, f.accountKey, body, { 'idempotency-key': 'retry-1' });
      const again = await Promise.all([1, 2, 3].map(() => t.post(ACCOUNT, f.accountKey, body, { 'idempotency-key': 'retry-1' })));
      expect(first.statusCode).toBe(200);
      for (const r of again) {
        expect(r.statusCode).toBe(200);
        expect(r.json()).toEqual(first.json());
      }
    });

    it('keeps pipelines apart: two batches, 409 without documentIds, one batch per call', async () => {
      const project = await newProject();
      await upload(project.id, [{ filename: 'std.txt', content: words(10) }]);
      await t.admin('set_project_pipeline', { projectId: project.id, pipeline: 'anonymized' });
      await upload(project.id, [{ filename: 'anon.txt', content: `Maria Lopez said ${words(10)}. Mail maria@example.com` }]);
      await t.app.workers.drain();
      const s = await status(project.id);
      expect(s.confirmableBatches.map((b: { pipeline: string }) => b.pipeline).sort()).toEqual(['anonymized', 'standard']);
      const anon = s.confirmableBatches.find((b: { pipeline: string }) => b.pipeline === 'anonymized');
      expect(anon.creditCost).toBe(2);
      const refused = await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: project.id, expectedCreditCost: s.confirmableCreditCost });
      expect(refused.statusCode).toBe(409);
      expect(refused.headers['sift-error-code']).toBe('several_batches');
      const mixed = await t.post(ACCOUNT, f.accountKey, {
        action: 'confirm_documents',
        projectId: project.id,
        expectedCreditCost: s.confirmableCreditCost,
        documentIds: s.confirmableBatches.flatMap((b: { documentIds: string[] }) => b.documentIds),
      });
      expect(mixed.statusCode).toBe(409);
      expect(mixed.headers['sift-error-code']).toBe('mixed_pipelines');
      const one = await t.post(ACCOUNT, f.accountKey, {
        action: 'confirm_documents',
        projectId: project.id,
        expectedCreditCost: 2,
        documentIds: anon.documentIds,
      });
      expect(one.statusCode).toBe(200);
      await t.app.workers.drain();
      const doc = await t.app.store.db.selectFrom('documents').select(['text', 'status']).where('id', '=', anon.documentIds[0]).executeTakeFirstOrThrow();
      expect(doc.status).toBe('ready');
      expect(doc.text).not.toContain('maria@example.com');
      expect(doc.text).toContain('[EMAIL 1]');
      const again = await t.post(ACCOUNT, f.accountKey, {
        action: 'confirm_documents',
        projectId: project.id,
        expectedCreditCost: 2,
        documentIds: anon.documentIds,
      });
      expect(again.statusCode).toBe(409);
      expect(again.headers['sift-error-code']).toBe('not_awaiting_confirmation');
    });

    it('refuses media by their bytes (415), more than 20 files (400), and creates nothing then', async () => {
      const project = await newProject();
      const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
      const media = await upload(project.id, [
        { filename: 'ok.txt', content: 'hello there' },
        { filename: 'notes.txt', content: mp4 },
      ]);
      expect(media.statusCode).toBe(415);
      const many = await upload(
        project.id,
        Array.from({ length: 21 }, (_, i) => ({ filename: `f${i}.txt`, content: 'text' })),
      );
      expect(many.statusCode).toBe(400);
      expect((await status(project.id)).documents).toEqual([]);
    });

    it('fails a decompression bomb alone: the other document of the upload is extracted', async () => {
      const project = await newProject();
      const up = await upload(project.id, [
        { filename: 'bomb.docx', content: zipBomb() },
        { filename: 'fine.txt', content: 'Participant: all good here.' },
      ]);
      expect(up.statusCode).toBe(200);
      await t.app.workers.drain();
      const docs = (await status(project.id)).documents;
      expect(docs.map((d: { filename: string; status: string }) => [d.filename, d.status])).toEqual([
        ['bomb.docx', 'failed'],
        ['fine.txt', 'awaiting_confirmation'],
      ]);
      expect(docs[0].error).toMatch(/bomb/);
    });

    it('refuses a file over 50 MB with 413 and keeps nothing of the request', async () => {
      const project = await newProject();
      const big = await upload(project.id, [
        { filename: 'small.txt', content: 'fine' },
        { filename: 'big.txt', content: Buffer.alloc(50 * 1024 * 1024 + 1, 97) },
      ]);
      expect(big.statusCode).toBe(413);
      expect((await status(project.id)).documents).toEqual([]);
    });

    it('refuses a plain-text file over 20 MB at the door (413 naming the limit), since its text could not be kept', async () => {
      const project = await newProject();
      const line = 'Participant: the bus was late again, and nobody told us why.\n';
      const big = await upload(project.id, [{ filename: 'long-interviews.txt', content: line.repeat(Math.ceil(20_100_000 / line.length)) }]);
      expect(big.statusCode).toBe(413);
      expect(big.json().error).toMatch(/at most 20,000,000 characters.*at most 20 MB/);
      expect((await status(project.id)).documents).toEqual([]);
    });

    it('refuses a URL to a private address with 400 naming it', async () => {
      const project = await newProject();
      const res = await t.app.server.inject({
        method: 'POST',
        url: `/api/sift-account/upload?projectId=${project.id}`,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ urls: [{ url: filesUrl }, { url: 'http://169.254.169.254/latest/meta-data/' }] }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('http://169.254.169.254/latest/meta-data/');
      expect(res.json().details[0].path).toBe('/urls/1/url');
      expect((await status(project.id)).documents).toEqual([]);
    });

    it('shows documents with status and price on the read surface', async () => {
      // The fixture's own project, so that its project key reads what the account key uploads.
      const seen = async () => {
        const res = await t.post(READ, f.readKey, { action: 'get_documents' });
        expect(res.statusCode).toBe(200);
        return res.json().documents.map((d: Record<string, unknown>) => ({
          id: d.id,
          filename: d.filename,
          status: d.status,
          creditCost: d.creditCost,
          wordCount: d.wordCount,
          error: d.error,
        }));
      };
      const up = await upload(f.projectId, [
        { filename: 'long.txt', content: `Participant: ${words(1500)}` },
        { filename: 'short.txt', content: 'Participant: the price is steep.' },
        { filename: 'blank.txt', content: '  \n\n ' },
      ]);
      expect(up.statusCode).toBe(200);
      // Uploaded, not yet extracted: no price yet.
      expect(await seen()).toEqual([
        { id: 'D1', filename: 'long.txt', status: 'pending', creditCost: null, wordCount: null, error: null },
        { id: 'D2', filename: 'short.txt', status: 'pending', creditCost: null, wordCount: null, error: null },
        { id: 'D3', filename: 'blank.txt', status: 'pending', creditCost: null, wordCount: null, error: null },
      ]);

      await t.app.workers.drain();
      // Extracted and priced: ceil(1501 / 1000) = 2, at least 1 for the short one, 0 for the empty one.
      const priced = [
        { id: 'D1', filename: 'long.txt', status: 'awaiting_confirmation', creditCost: 2, wordCount: 1501, error: null },
        { id: 'D2', filename: 'short.txt', status: 'awaiting_confirmation', creditCost: 1, wordCount: 5, error: null },
        { id: 'D3', filename: 'blank.txt', status: 'empty', creditCost: 0, wordCount: 0, error: null },
      ];
      expect(await seen()).toEqual(priced);
      // The account surface quotes the same prices the read surface shows.
      const s = await status(f.projectId);
      expect(s.confirmableCreditCost).toBe(3);
      expect(s.documents.map((d: { status: string; creditCost: number }) => [d.status, d.creditCost])).toEqual(priced.map((d) => [d.status, d.creditCost]));

      const confirm = await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId: f.projectId, expectedCreditCost: 3 });
      expect(confirm.statusCode).toBe(200);
      await t.app.workers.drain();
      // Paid and processed: ready, still showing what they cost; the empty one stays empty at 0.
      expect(await seen()).toEqual([{ ...priced[0], status: 'ready' }, { ...priced[1], status: 'ready' }, priced[2]]);
    });
  });
});
