import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT, makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { uploadReady } from '../helpers/upload.js';
import { buildConsole } from './build.js';
import { hasChromium, launchChromium } from './chromium.js';

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The machine may be busy: waits are generous (each ends as soon as its condition holds). */
const SLOW = { timeout: 30_000, interval: 200 };

/**
 * The console in a real browser (Debian's Chromium through playwright-core), against the app
 * listening on a port with its background workers in their own thread, as `sift serve` runs.
 */
describe.skipIf(!hasChromium())('console in Chromium', () => {
  let t: TestApp;
  let f: Fixture;
  let browser: Browser;
  let base: string;

  const signIn = async (page: Page) => {
    await page.goto(base);
    await page.getByLabel('Account key').fill(f.accountKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
  };

  beforeAll(async () => {
    buildConsole();
    t = await makeTestApp('sqlite', { SIFT_WORKERS: '1' }, { threaded: true });
    f = await seedProject(t);
    base = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in, creates a project, uploads three files, confirms, analyses, and highlights an insight quote in its document', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await signIn(page);

    await page.getByLabel('Name').fill('Budget app study');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Documents of Budget app study' }).waitFor();
    // Names where a person reads, not ids.
    expect(squeeze((await page.locator('.breadcrumb').first().textContent()) ?? '')).toBe('Projects › Budget app study');

    // Two files dropped on the drop zone, one chosen with the file input.
    const files = TRANSCRIPTS.slice(0, 3).map((x) => ({ name: x.filename, mimeType: 'text/plain', buffer: Buffer.from(x.text) }));
    const dropped = JSON.stringify(TRANSCRIPTS.slice(0, 2).map((x) => ({ name: x.filename, text: x.text })));
    const dataTransfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      for (const f of ${dropped}) dt.items.add(new File([f.text], f.name, { type: 'text/plain' }));
      return dt;
    })()`);
    await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer });
    await page.locator('#file-input').setInputFiles(files.slice(2));
    for (const file of files) await expect.poll(() => page.getByRole('listitem').filter({ hasText: file.name }).textContent(), SLOW).toContain('uploaded');

    // The price of the batch and the balance after it, shown before confirming.
    const confirm = page.getByRole('button', { name: /^Confirm 3 documents for \d+ credits?$/ });
    await confirm.waitFor({ timeout: 60_000 });
    const cost = Number(/for (\d+) credit/.exec((await confirm.textContent()) ?? '')![1]);
    await expect.poll(() => page.locator('.confirm').textContent(), SLOW).toContain(`balance after confirming: ${(1000 - cost).toLocaleString('en')} credit`);
    await confirm.click();
    await page.getByRole('status').filter({ hasText: '3 documents confirmed' }).waitFor();
    await expect.poll(() => page.locator('.badge-ready').count(), { timeout: 90_000, interval: 1000 }).toBe(3);

    await page.getByRole('link', { name: 'Analysis', exact: true }).click();
    await page.getByRole('button', { name: 'Start automatic analysis' }).click();
    await page.locator('.run .badge-completed').waitFor({ timeout: 120_000 });
    expect(await page.locator('.verdicts').first().textContent()).toMatch(/3 analysed/);

    await page.getByRole('link', { name: 'Explore the categories and insights' }).click();
    const category = page
      .locator('.tree a')
      .filter({ has: page.locator('.count', { hasNotText: /^0/ }) })
      .first();
    await category.click();
    const insight = page.locator('.insight').first();
    await insight.waitFor();
    const names = TRANSCRIPTS.slice(0, 3).map((x) => x.filename);
    await expect
      .poll(async () => {
        const meta = (await insight.locator('.insight-meta').textContent()) ?? '';
        return names.some((n) => meta.includes(`from ${n}`));
      }, SLOW)
      .toBe(true);
    const text = squeeze((await insight.locator('.insight-link').textContent()) ?? '');
    const quote = squeeze((await insight.locator('blockquote').first().textContent()) ?? '');
    expect(quote.length).toBeGreaterThan(10);
    await insight.locator('.insight-link').click();

    // The reader: the insight's quote is marked in the document, and the panel says what it supports.
    await page.locator('mark.mark-active').first().waitFor();
    const marked = squeeze((await page.locator('mark.mark-active .mark-link').allTextContents()).map((s) => s.replace(/\(quoted by.*\)$/, '')).join(' '));
    expect(marked).toContain(quote.slice(0, 60));
    await expect.poll(() => page.locator('#panel-title').textContent(), SLOW).toBe(text);
    const title = squeeze((await page.locator('h1').textContent()) ?? '');
    expect(names).toContain(title);
    expect(squeeze((await page.locator('.breadcrumb').last().textContent()) ?? '')).toBe(`Explore › ${title}`);
    expect(await page.locator('mark.mark-active').first().isVisible()).toBe(true);
    const categories = await page.locator('.insight-panel').textContent();
    expect(categories).toContain(squeeze((await page.locator('.insight-panel a').first().textContent()) ?? 'x'));
    // A transcript's passages are one speaker's words: who speaks is written where a turn starts, once, and the interviewer's turns are set apart.
    expect(await page.locator('.chunk .speaker').allTextContents()).toEqual(expect.arrayContaining(['Interviewer:', 'Participant:']));
    expect(await page.locator('.chunk-interviewer').count()).toBeGreaterThan(0);
    expect(await page.locator('.chunk[data-role="participant"]').count()).toBeGreaterThan(0);
    for (const passage of await page.locator('.chunk').allTextContents()) expect(passage).not.toMatch(/:\s*(Interviewer|Participant):/);

    // From the keyboard: Tab reaches a highlight, whose tip names the insight and category; Enter selects it.
    await page.goto(page.url().replace(/\?.*$/, ''));
    await page.locator('mark').first().waitFor();
    let onMark = false;
    for (let i = 0; i < 40 && !onMark; i++) {
      await page.keyboard.press('Tab');
      onMark = await page.evaluate<boolean>("document.activeElement?.classList.contains('mark-link') ?? false");
    }
    expect(onMark).toBe(true);
    expect(await page.evaluate<string>("document.activeElement.getAttribute('data-tip')")).toContain(' — ');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url(), SLOW).toMatch(/\?insight=I\d+/);
    await page.locator('#panel-title').waitFor();

    // The ledger names the project the credits went to; the summaries promise what they make.
    await page.goto(`${base}/#/credits`);
    await expect.poll(() => page.locator('table').textContent(), SLOW).toContain('of project "Budget app study"');
    expect(await page.locator('table').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('offers no confirmation while some files are still being extracted, and says why', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    const { project } = (await t.post(ACCOUNT, f.accountKey, { action: 'create_project', name: 'Half extracted' })).json();
    // The status of a project whose first file is priced while its second is still extracting.
    const doc = (id: string, filename: string, status: string, creditCost: number | null) => ({
      id,
      filename,
      status,
      pipeline: 'standard',
      creditCost,
      createdAt: '2026-11-25T10:00:00.000Z',
    });
    const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    await page.route(`${base}/console/api/sift-account**`, async (route) => {
      if (!/"get_project_status"/.test(route.request().postData() ?? '')) return route.continue();
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          projectId: project.id,
          pendingExtractionCount: 1,
          emptyDocumentIds: [],
          confirmableCreditCost: 2,
          confirmableBatches: [{ pipeline: 'standard', documentIds: [ids[0]], creditCost: 2 }],
          documents: [doc(ids[0]!, 'first.txt', 'awaiting_confirmation', 2), doc(ids[1]!, 'second.pdf', 'pending', null)],
          analyses: [],
          creditBalance: 1000,
        }),
      });
    });
    await page.goto(`${base}/#/p/${project.shortId}/documents`);
    const confirm = page.getByRole('button', { name: /^Confirm 1 document for 2 credits$/ });
    await confirm.waitFor({ timeout: 30_000 });
    expect(await confirm.isDisabled()).toBe(true);
    expect(squeeze((await page.locator('.confirm').textContent()) ?? '')).toContain(
      'Still extracting the text of 1 document: you can confirm once every price is known.',
    );
    await context.close();
  }, 120_000);

  it('shows each search result with how well and how it matched, its matched words marked and in view at 390 px, and nothing for absent words', async () => {
    await uploadReady(
      t,
      f,
      TRANSCRIPTS.map((x) => ({ filename: x.filename, content: x.text })),
    );
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${base}/#/p/${f.projectShortId}/search?q=tutorial`);
    const first = page.locator('.result').first();
    await first.waitFor({ timeout: 30_000 });
    expect(squeeze((await first.locator('p').first().textContent()) ?? '')).toMatch(/· \d{1,3}% match by (its words|meaning|words and meaning)$/);
    const mark = first.locator('mark').first();
    expect((await mark.textContent())?.toLowerCase()).toBe('tutorial');
    const box = (await mark.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const total = Number(/of (\d+)/.exec((await page.locator('#results-title').textContent()) ?? '')![1]);
    expect(await page.locator('.result').count()).toBe(Math.min(total, 20));

    // Interviewers' turns are found and marked as theirs; ticked, participants' words alone.
    await page.goto(`${base}/#/p/${f.projectShortId}/search?q=last%20time%20you%20used%20the%20app`);
    await page.locator('.result').first().waitFor({ timeout: 30_000 });
    const heads = () => page.locator('.result p:first-child').allTextContents();
    await expect.poll(async () => (await heads()).some((h) => h.includes('· Interviewer (interviewer)')), SLOW).toBe(true);
    await page.getByLabel("Participants' words only").check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.url(), SLOW).toContain('who=participants');
    await expect.poll(async () => (await heads()).filter((h) => h.includes('(interviewer)')), SLOW).toEqual([]);
    expect((await heads()).some((h) => h.includes('· Participant'))).toBe(true);

    await page.goto(`${base}/#/p/${f.projectShortId}/search?q=xylophone%20quantum`);
    await page.getByText('Nothing matches "xylophone quantum".').waitFor({ timeout: 30_000 });
    await context.close();
  }, 120_000);

  it('keeps the session cookie out of page scripts, and refuses a cross-site POST', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    const cookie = (await context.cookies(base)).find((c) => c.name === 'sift_console');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate<string>('document.cookie')).not.toContain('sift_console');

    // Another site (localhost is not 127.0.0.1) posts a form and a no-cors fetch at the console's API.
    const target = `${base}/console/api/sift-account`;
    const evil = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<!doctype html><body>
        <form id="f" method="POST" action="${target}" enctype="text/plain">
          <input name='{"action":"create_project","name":"evil","x":"' value='"}'>
        </form>
        <script>
          fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{"action":"create_project","name":"evil"}' })
            .finally(() => document.getElementById('f').submit());
        </script></body>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const port = (evil.address() as AddressInfo).port;
    try {
      // The fetch reaches the server, which refuses it; the browser does not even hand the answer to the page.
      const fetched = new Promise<string>((resolve) => {
        page.on('response', (r) => r.url() === target && r.request().resourceType() === 'fetch' && resolve(String(r.status())));
        page.on('requestfailed', (r) => r.url() === target && r.resourceType() === 'fetch' && resolve(r.failure()?.errorText ?? 'failed'));
      });
      const navigation = page.waitForResponse((r) => r.url() === target && r.request().resourceType() === 'document');
      await page.goto(`http://localhost:${port}/`);
      expect(await fetched).toMatch(/^403$|ERR_BLOCKED_BY_RESPONSE/);
      const answer = await navigation;
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toMatch(/cross-site request refused/);
    } finally {
      evil.close();
    }
    const projects = (await t.post(ACCOUNT, f.accountKey, { action: 'list_projects' })).json().projects as { name: string }[];
    expect(projects.map((p) => p.name)).not.toContain('evil');
    await context.close();
  }, 120_000);
});
