import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, seedProject, ACCOUNT, type Fixture, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { pdf } from '../helpers/fixtures.js';
import { extractText } from '../../src/engine/extract/index.js';

/**
 * The extractor threads run test/worker/stuck-extractor.ts: the real extraction, except that a
 * file named `stuck-…` never finishes. So the budget runs out however fast this machine is,
 * instead of a big PDF taking "about 8 s here" against a 3 s budget.
 *
 * src has no seam for this yet; vi.mock swaps the thread's module where extract/index.ts starts it.
 */
vi.mock('../../src/engine/thread.js', async () => {
  const actual = await vi.importActual<typeof import('../../src/engine/thread.js')>('../../src/engine/thread.js');
  return {
    ...actual,
    startThread: (callerUrl: string, modulePath: string, options?: Parameters<typeof actual.startThread>[2]) =>
      callerUrl.includes('/engine/extract/') && modulePath === './worker'
        ? actual.startThread(import.meta.url, './stuck-extractor', options)
        : actual.startThread(callerUrl, modulePath, options),
  };
});

const BUDGET_SECONDS = 2;

describe('a file whose extraction runs past its budget', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { SIFT_EXTRACT_TIMEOUT_SECONDS: String(BUDGET_SECONDS) });
    f = await seedProject(t);
    // Two extractor threads started and kept idle beforehand, so the file after the stuck one
    // does not pay a thread's start-up (up to a second) out of its own budget.
    const warm = new TextEncoder().encode('Participant: warming up.');
    await Promise.all([extractText(warm, 'a.txt'), extractText(warm, 'b.txt')]);
  });
  afterAll(() => t?.close());

  const report = pdf(['Page 1 of a short report', 'Page 2 of a short report']);

  it('reads the file when its parser finishes (the only difference below is the stuck parser)', async () => {
    expect((await extractText(report, 'report.pdf', { timeoutMs: BUDGET_SECONDS * 1000 })).text).toContain('Page 2 of a short report');
  });

  it('fails that document only; the next one of the same upload is extracted', async () => {
    const body = multipart([
      { filename: 'stuck-report.pdf', content: report },
      { filename: 'notes.txt', content: 'Participant: the export works well.' },
    ]);
    const up = await t.app.server.inject({
      method: 'POST',
      url: `/api/sift-account/upload?projectId=${f.projectId}`,
      headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const started = performance.now();
    await t.app.workers.drain();
    const elapsed = performance.now() - started;
    const docs = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json().documents;
    expect(docs.map((d: { filename: string; status: string }) => [d.filename, d.status])).toEqual([
      ['stuck-report.pdf', 'failed'],
      ['notes.txt', 'awaiting_confirmation'],
    ]);
    expect(docs[0].error).toBe(`extraction took longer than ${BUDGET_SECONDS} s`);
    expect(docs[1]).toMatchObject({ filename: 'notes.txt', creditCost: 1 });
    // The stuck parser was stopped when the budget ran out, not waited for.
    expect(elapsed).toBeGreaterThanOrEqual(BUDGET_SECONDS * 1000 - 50);
    expect(elapsed).toBeLessThan(BUDGET_SECONDS * 1000 + 10_000);
  }, 60_000);
});
