import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNT, type Fixture, type TestApp } from '../helpers/app.js';
import { S } from '../helpers/agreement-project.js';
import { hasChromium } from './chromium.js';
import { agreementConsole, overflow, SLOW, squeeze } from './agreement-console.js';

/**
 * Runs and agreement in the console (issue 43, parts 1 and 3), in Chromium: the run picker on
 * Explore, the runs on Analysis (rename, delete), and the Agreement page over two runs whose
 * figures are worked out on paper (test/helpers/agreement-project.ts: Run a and Run b).
 */
describe.skipIf(!hasChromium())('console runs and agreement in Chromium', () => {
  const harness = agreementConsole();
  const { open, go } = harness;
  let t: TestApp;
  let f: Fixture;
  let base = '';
  let runA = '';
  let runB = '';
  beforeAll(() => {
    ({ t, f, base, runA, runB } = harness);
  });
  const groups = (page: Page) => page.locator('.run-group-title').allTextContents();
  const treeNames = async (page: Page) => (await page.locator('.tree-link > span:first-child').allTextContents()).map(squeeze);

  it("filters Explore by the run picked, and names the run of every category when every run's are shown", async () => {
    const { context, page, problems } = await open(1280);
    await go(page, 'explore');
    await expect.poll(() => groups(page), SLOW).toEqual(['Run b', 'Run a']);
    // Both runs made a "Fees": each stands in its run's group.
    expect((await treeNames(page)).filter((n) => n === 'Fees')).toHaveLength(2);
    const picker = page.getByLabel('Run', { exact: true });
    expect(squeeze(await picker.locator('option').first().textContent())).toMatch(/^All runs/);
    expect(await picker.locator('option').allTextContents()).toEqual([
      expect.stringMatching(/^All runs/),
      expect.stringMatching(/^Run b — Predefined, /),
      expect.stringMatching(/^Run a — Predefined, /),
    ]);

    await picker.selectOption(runA);
    await expect.poll(() => page.url(), SLOW).toContain(`run=${runA}`);
    await expect.poll(() => groups(page), SLOW).toEqual(['Run a']);
    await expect.poll(async () => (await treeNames(page)).sort(), SLOW).toEqual(['Fees', 'Onboarding', 'Support']);
    await page.locator('.tree-link', { hasText: 'Fees' }).click();
    await page.locator('.insight').first().waitFor(SLOW);
    expect(squeeze(await page.locator('.made-by').textContent())).toBe('Run a');
    // The run's insights alone: the one made by hand filed under Run a's Fees is left out.
    expect(await page.locator('.insight-meta .run-tag').allTextContents()).toEqual(['Run a']);

    await picker.selectOption(runB);
    await expect.poll(async () => (await treeNames(page)).sort(), SLOW).toEqual(['Crashes', 'Fees', 'Support']);
    expect(page.url()).not.toContain('category=');

    await picker.selectOption('');
    await expect.poll(() => groups(page), SLOW).toEqual(['Run b', 'Run a']);
    await page.locator('.run-group', { hasText: 'Run a' }).locator('.tree-link', { hasText: 'Fees' }).click();
    await page.locator('.insight').first().waitFor(SLOW);
    // Every run's insights of the category, each saying its run (or that it was made by hand).
    await expect.poll(async () => (await page.locator('.insight-meta .run-tag').allTextContents()).sort(), SLOW).toEqual(['Made by hand or imported', 'Run a']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the agreement of two runs per code and overall, their disagreeing passages, and the CSV', async () => {
    const { context, page, problems } = await open(1280);
    await go(page, `agreement?a=${runA}`);
    await page.getByLabel('Coding B').selectOption(runB);
    await page.getByRole('button', { name: 'Compare' }).click();
    const fees = page.locator('table.agreement tbody tr[data-code="Fees"]');
    await fees.waitFor(SLOW);
    // Fees: a 2 3, b 3 7 over 9 sentences: kappa 10/28, alpha 1 − 34/56 (worked out in the helper's tests).
    expect((await fees.locator('td').allTextContents()).map(squeeze)).toEqual(['Fees', '1', '1', '1', '6', '77.8%', '0.357', '0.393', '2']);
    expect(await page.locator('table.agreement tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')))).toEqual([
      'Crashes',
      'Fees',
      'Onboarding',
      'Support',
    ]);
    const support = page.locator('table.agreement tbody tr[data-code="Support"]');
    expect(squeeze(await support.locator('.c-kappa').textContent())).toBe((14 / 23).toFixed(3));
    // The pooled table 2, 2, 3, 29: kappa 104/284.
    const pooled = page.locator('tr[data-code="pooled"]');
    expect((await pooled.locator('td').allTextContents()).slice(0, 4)).toEqual(['2', '2', '3', '29']);
    expect(squeeze(await pooled.locator('.c-kappa').textContent())).toBe((104 / 284).toFixed(3));
    expect(squeeze(await page.locator('tr[data-code="mean"] .c-kappa').textContent())).toBe(((10 / 28 + 14 / 23) / 4).toFixed(3));
    expect(squeeze(await page.locator('.sides').textContent())).toContain('A Run a · 2 documents');

    // The disagreeing passages with their text, and those of one code.
    expect(squeeze(await page.locator('#passages-title').textContent())).toBe('Where they disagree (1–5 of 5)');
    expect((await page.locator('.passage blockquote').allTextContents()).map(squeeze)).toEqual([S[6], S[2], S[7], S[8], S[6]]);
    await fees.getByRole('link').click();
    await expect.poll(() => page.locator('.passage').count(), SLOW).toBe(2);
    expect(squeeze(await page.locator('#passages-title').textContent())).toBe('Where they disagree: Fees (1–2 of 2)');
    expect(squeeze(await page.locator('.passage').first().textContent())).toContain('one.txt · Fees · only A (Run a) coded it');

    // The CSV link reaches the console's route with the session's cookie.
    const link = page.getByRole('link', { name: 'Download as CSV' });
    const csv = await context.request.get(new URL((await link.getAttribute('href'))!, base).toString());
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toMatch(/^row,code_a,code_b,/);
    expect(lines.filter((l) => l.startsWith('passage,'))).toHaveLength(5);
    expect(lines.find((l) => l.startsWith('code,Fees,Fees,'))).toBeDefined();

    // A run against the coding by hand (D1: Fees 2, Support 5; one quote not in the text).
    await go(page, `agreement?a=${runA}&b=manual`);
    await expect.poll(() => page.locator('.sides').textContent(), SLOW).toContain('Made by hand or imported · 1 document · 1 quote not found in the text');
    expect(await page.locator('table.agreement tbody tr').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('renames a run, and deletes one after asking', async () => {
    // A run left queued (no worker here) stands for one to throw away.
    const started = await t.post(ACCOUNT, f.accountKey, { action: 'start_analysis', projectId: f.projectId, type: 'summaries', name: 'Throwaway' });
    expect(started.statusCode, started.body).toBe(200);
    const { context, page, problems } = await open(1280);
    await go(page, 'analysis');
    const runs = page.locator('.run');
    await expect.poll(() => page.locator('.run-name').allTextContents(), SLOW).toEqual(['Throwaway', 'Run b', 'Run a']);
    expect(squeeze(await runs.nth(1).locator('.run-meta').textContent())).toMatch(/^Predefined categories · started /);

    await page.getByRole('button', { name: 'Rename Run b' }).click();
    await page.getByLabel('New name').fill('Second coder');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').filter({ hasText: '"Run b" is now called "Second coder".' }).waitFor(SLOW);
    await expect.poll(() => page.locator('.run-name').allTextContents(), SLOW).toEqual(['Throwaway', 'Second coder', 'Run a']);

    await page.getByRole('button', { name: 'Delete Throwaway…' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(squeeze(await dialog.textContent())).toContain('Delete "Throwaway" with its categories and insights');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('.run-name').allTextContents()).toEqual(['Throwaway', 'Second coder', 'Run a']);
    await page.getByRole('button', { name: 'Delete Throwaway…' }).click();
    await page.getByRole('button', { name: 'Yes, delete the run' }).click();
    await page.getByRole('status').filter({ hasText: '"Throwaway" deleted, with 0 categories and 0 insights.' }).waitFor(SLOW);
    await expect.poll(() => page.locator('.run-name').allTextContents(), SLOW).toEqual(['Second coder', 'Run a']);

    // Explore names the run by its new name.
    await page.locator('.run', { hasText: 'Second coder' }).getByRole('link', { name: 'Explore the categories and insights' }).click();
    await expect.poll(() => groups(page), SLOW).toEqual(['Second coder']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  for (const width of [1280, 390]) {
    it(`lays out the run picker, the runs and the agreement page at ${width} px without sideways scrolling or console errors`, async () => {
      const { context, page, problems } = await open(width);
      const views: [string, string][] = [
        [`explore?run=${runA}`, '.tree-link'],
        ['explore', '.run-group'],
        ['analysis', '.run-name'],
        [`agreement?a=${runA}&b=${runB}`, '.passage'],
      ];
      for (const [view, ready] of views) {
        await go(page, view);
        await page.locator(ready).first().waitFor(SLOW);
        await page.waitForLoadState('networkidle');
        expect(await overflow(page), view).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
