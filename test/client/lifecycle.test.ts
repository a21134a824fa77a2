import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { SiftClient, SiftError, type AnalysisRun, type ReadyProgress, type UploadProgress } from '../../packages/client/src/index.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { startLiveServer, type LiveServer } from './live-server.js';

/** The SDK as an application uses it, against a server on a real port: upload → confirm → ready → analyse → insights → search. */
describe.each(STORE_KINDS)('the SDK against a live server on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let live: LiveServer;
    let client: SiftClient;
    /** Requests as they left the client: method, URL and headers. */
    const sent: { url: string; headers: Headers; body: unknown }[] = [];
    let dir = '';

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-sdk-'));
      live = await startLiveServer(kind);
      const recording: typeof fetch = (input, init) => {
        sent.push({ url: String(input), headers: new Headers(init?.headers), body: init?.body });
        return fetch(input, init);
      };
      client = new SiftClient({ baseUrl: live.url, key: live.f.accountKey, fetch: recording });
    });
    afterAll(async () => {
      await live?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('runs the whole lifecycle with typed calls, progress and waits', async () => {
      const { projects } = await client.account.list_projects();
      expect(projects.map((p) => [p.id, p.role])).toEqual([[live.f.projectId, 'owner']]);
      const projectId = projects[0]!.shortId;

      // One file of each kind of source: a path, a File, bytes, a Node stream.
      const [a, b, c, d] = TRANSCRIPTS;
      fs.writeFileSync(path.join(dir, a!.filename), a!.text);
      const progress: UploadProgress[] = [];
      const uploaded = await client.upload(
        projectId,
        [
          path.join(dir, a!.filename),
          new File([b!.text], b!.filename, { type: 'text/plain' }),
          { filename: c!.filename, data: new TextEncoder().encode(c!.text) },
          { filename: d!.filename, data: Readable.from([Buffer.from(d!.text)]) },
        ],
        { onProgress: (p) => progress.push({ ...p }) },
      );
      expect(uploaded.documents.map((x) => [x.filename, x.status])).toEqual(TRANSCRIPTS.slice(0, 4).map((x) => [x.filename, 'pending']));
      for (const [index, x] of TRANSCRIPTS.slice(0, 4).entries()) {
        const mine = progress.filter((p) => p.index === index);
        const bytes = Buffer.byteLength(x.text);
        expect(mine.at(-1)).toMatchObject({ filename: x.filename, loaded: bytes, document: { id: uploaded.documents[index]!.id } });
        expect(mine.at(-1)!.total).toBe(index === 3 ? undefined : bytes);
      }
      const upload = sent.find((r) => r.url.includes('/upload'))!;
      expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);

      // Priced: the documents wait for confirmation.
      const pricing: ReadyProgress[] = [];
      const priced = await client.waitForReady(projectId, { intervalMs: 100, onProgress: (p) => pricing.push(p) });
      expect(priced.pendingExtractionCount).toBe(0);
      expect(priced.documents.every((x) => x.status === 'awaiting_confirmation')).toBe(true);
      expect(pricing.at(-1)).toMatchObject({ working: 0, total: 4, counts: { awaiting_confirmation: 4 } });

      const confirmed = await client.account.confirm_documents({ projectId, expectedCreditCost: priced.confirmableCreditCost });
      expect(confirmed.creditsCharged).toBe(priced.confirmableCreditCost);
      const confirmRequest = sent.findLast((r) => String(r.body).includes('confirm_documents'))!;
      expect(confirmRequest.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);

      const ready = await client.waitForReady(projectId, { intervalMs: 100 });
      expect(ready.documents.map((x) => x.status)).toEqual(['ready', 'ready', 'ready', 'ready']);

      const started = await client.account.start_analysis({ projectId, type: 'automatic' });
      expect(started.analysis.status).toBe('queued');
      const runs: AnalysisRun[] = [];
      const run = await client.waitForRun(projectId, started.analysis.id, { intervalMs: 100, onProgress: (r) => runs.push(r) });
      expect(run).toMatchObject({ status: 'completed', progress: 1, type: 'automatic' });
      expect(runs.length).toBeGreaterThan(0);

      // The read surface takes a project key: minted with the account key.
      const { secret } = await client.account.create_project_key({ projectId, access: 'read' });
      const reader = client.withKey(secret);
      const insights = (await reader.read.get_insights()).insights!;
      expect(insights.length).toBeGreaterThan(0);
      expect(insights.every((i) => i.quotes.length > 0 && i.categories.length > 0)).toBe(true);
      const category = insights[0]!.categories[0]!.text;
      const inCategory = (await reader.read.get_insights({ filters: { categories: [category] } })).insights!;
      expect(inCategory.length).toBeGreaterThan(0);
      const found = (await reader.read.search({ query: 'bank connection sync failed', topK: 5 })).results;
      expect(found.length).toBeGreaterThan(0);
      expect(found.map((r) => r.text).join(' ')).toMatch(/bank|sync/i);

      const archive = await reader.exportQdpx();
      const bytes = new Uint8Array(await new Response(archive).arrayBuffer());
      expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // "PK": a zip
    });

    it('types each request and answer from the OpenAPI document', () => {
      expectTypeOf(client.read.search).parameter(0).exclude<undefined>().toHaveProperty('topK').toEqualTypeOf<number | undefined>();
      expectTypeOf<Awaited<ReturnType<typeof client.read.search>>['results'][number]['type']>().toEqualTypeOf<'chunk' | 'insight'>();
      expectTypeOf<Awaited<ReturnType<typeof client.account.confirm_documents>>>().toHaveProperty('creditsCharged').toEqualTypeOf<number>();
      // @ts-expect-error: confirm_documents needs expectedCreditCost
      void (() => client.account.confirm_documents({ projectId: 'P1' }));
      // @ts-expect-error: no such action on the read surface
      void (() => client.read.confirm_documents);
    });

    it('answers typed errors carrying the code, the status and the field details', async () => {
      const missing = await client.account.get_project_status({ projectId: 'Pnothing000' }).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(SiftError);
      expect(missing).toMatchObject({ status: 404, code: 'not_found' });
      const invalid = await client.account.create_project({ name: '' }).catch((e: unknown) => e);
      expect(invalid).toMatchObject({ status: 400, code: 'invalid', details: [{ path: '/name' }] });
      const wrongKey = await client
        .withKey(live.f.readKey)
        .account.list_projects()
        .catch((e: unknown) => e);
      expect(wrongKey).toMatchObject({ status: 401, code: 'unauthorized' });
      const tooBig = await client.upload(live.f.projectId, [{ filename: 'big.txt', data: new Uint8Array(50 * 1024 * 1024 + 1) }]).catch((e: unknown) => e);
      expect(tooBig).toMatchObject({ status: 0, code: 'payload_too_large' });
    });

    it('sends the same Idempotency-Key again when a confirmation is retried after its answer was lost: charged once', async () => {
      const { project } = await client.account.create_project({ name: 'Retry' });
      await client.upload(project.id, [{ filename: 'short.txt', data: 'Participant: the price is fine.' }]);
      const priced = await client.waitForReady(project.id, { intervalMs: 100 });
      const before = priced.creditBalance;
      const keys: string[] = [];
      let lose = true;
      // The first confirmation reaches the server, but its answer is lost on the way back.
      const lossy: typeof fetch = async (input, init) => {
        const res = await fetch(input, init);
        if (String(init?.body).includes('confirm_documents')) {
          keys.push(new Headers(init?.headers).get('idempotency-key')!);
          if (lose) {
            lose = false;
            throw new TypeError('fetch failed');
          }
        }
        return res;
      };
      const flaky = new SiftClient({ baseUrl: live.url, key: live.f.accountKey, fetch: lossy });
      const answer = await flaky.account.confirm_documents({ projectId: project.id, expectedCreditCost: priced.confirmableCreditCost });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(answer.creditBalance).toBe(before - priced.confirmableCreditCost);
      const credits = await client.account.get_credits();
      expect(credits.creditBalance).toBe(before - priced.confirmableCreditCost);
    });
  });
});
