import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { hasChromium } from './chromium.js';
import { agreementConsole, overflow, SLOW, squeeze } from './agreement-console.js';

/**
 * Codebook and Matrix pages (issue 43, parts 2 and 4), in Chromium, over the agreement project's
 * two runs laid down by hand (test/helpers/agreement-project.ts: Run a codes Fees and Support in
 * Ana's turns of one.txt, Onboarding in two.txt, a document without speakers and so a participant of its own).
 */
describe.skipIf(!hasChromium())('console codebook and matrix in Chromium', () => {
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
  const runNames = async () =>
    ((await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json() as { analyses: { name: string }[] }).analyses.map(
      (a) => a.name,
    );

  it('shows a run as a codebook, downloads it with the session, and uses it as a codebook for a new run', async () => {
    const { context, page, problems } = await open(1280);
    await go(page, `codebook?run=${runA}`);
    await expect.poll(async () => (await page.locator('.codebook .code-name').allTextContents()).sort(), SLOW).toEqual(['Fees', 'Onboarding', 'Support']);

    // The three downloads reach the console's route with the session's cookie.
    for (const [name, type, first] of [
      ['.qdc (REFI-QDA)', /xml/, '<?xml'],
      ['CSV', /^text\/csv/, 'name,description,parent,examples'],
      ['Markdown', /^text\/markdown/, '#'],
    ] as const) {
      const link = page.getByRole('link', { name, exact: true });
      const res = await context.request.get(new URL((await link.getAttribute('href'))!, base).toString());
      expect(res.status(), name).toBe(200);
      expect(res.headers()['content-type']).toMatch(type);
      expect((await res.text()).startsWith(first), name).toBe(true);
    }

    await page.getByLabel('Name of the new run (optional)').fill('Codebook of a');
    await page.getByRole('button', { name: 'Use as codebook' }).click();
    await page.getByRole('status').filter({ hasText: '"Codebook of a" started with a codebook of 3 codes.' }).waitFor(SLOW);
    const made = page.locator('.codebook-made');
    expect((await made.locator('.code-name').allTextContents()).sort()).toEqual(['Fees', 'Onboarding', 'Support']);
    // Each code carries its run's quotes as examples.
    expect(squeeze(await made.locator('.code[data-code="Support"] blockquote').first().textContent())).toBe('Support answered within an hour');
    expect(await runNames()).toContain('Codebook of a');
    await made.getByRole('link', { name: 'Explore its categories' }).click();
    await expect.poll(() => page.url(), SLOW).toMatch(/explore\?run=/);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('starts a predefined run from an uploaded CSV codebook', async () => {
    const { context, page, problems } = await open(1280);
    await go(page, `codebook?run=${runB}`);
    await page.locator('.codebook .code-name').first().waitFor(SLOW);
    await page.getByLabel('Codebook file (.qdc or .csv)').setInputFiles({
      name: 'mine.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,description,parent,examples\nPrices,what things cost,,\nDelays,,Prices,\n'),
    });
    await page.getByLabel('Name of the run (optional)').fill('From a file');
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.getByRole('status').filter({ hasText: '"From a file" started with a codebook of 2 codes.' }).waitFor(SLOW);
    expect(squeeze(await page.locator('.codebook-made .code[data-code="Delays"] .code-parent').textContent())).toBe('under Prices');
    expect(await runNames()).toContain('From a file');

    // A file that is no codebook says why.
    await page.getByLabel('Codebook file (.qdc or .csv)').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('what,ever\n1,2\n') });
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.locator('section[aria-labelledby="upload-codebook"] .error-note').waitFor(SLOW);
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('draws the heat map and the bar chart, shows a cell’s quotes on a click, and links the CSV and .xlsx', async () => {
    const { context, page, problems } = await open(1280);
    await go(page, `matrix?run=${runA}&columns=participant`);
    const table = page.locator('table.matrix');
    await table.waitFor(SLOW);
    expect((await table.locator('thead th').allTextContents()).map(squeeze)).toEqual(['Code', 'Ana one.txt', 'two.txt']);
    const fees = table.locator('tbody tr[data-row="Fees"]');
    expect((await fees.locator('td').allTextContents()).map(squeeze)).toEqual(['1', '0']);
    expect(await fees.locator('td').first().getAttribute('class')).toBe('heat-5 has');
    expect(await fees.locator('td').nth(1).getAttribute('class')).toBe('heat-0');
    // One tab stop for the whole grid: the first cell; the arrow keys move between cells.
    expect(await table.locator('td[tabindex="0"]').count()).toBe(1);
    expect(await page.locator('svg.bars g.bar').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-code')))).toEqual(
      await table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row'))),
    );

    // By keyboard: the arrow keys to Fees' first cell, Enter opens its insights.
    const first = table.locator('td[tabindex="0"]');
    await first.focus();
    const rows = await table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row')));
    for (let r = 0; r < rows.indexOf('Fees'); r++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate<string>("document.activeElement?.closest('tr')?.getAttribute('data-row')")).toBe('Fees');
    await page.keyboard.press('Enter');
    const cell = page.locator('.cell-insights');
    await expect.poll(async () => squeeze(await cell.locator('#cell-title').textContent()), SLOW).toBe('Fees × Ana (one.txt) (1 insight)');
    await cell.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => cell.count(), SLOW).toBe(0);

    await fees.getByRole('gridcell').first().click();
    expect(await fees.getByRole('gridcell').first().getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => squeeze(await cell.locator('#cell-title').textContent()), SLOW).toBe('Fees × Ana (one.txt) (1 insight)');
    await expect.poll(() => cell.locator('blockquote').allTextContents(), SLOW).toEqual(['The fees went up twice this year. Nobody told us']);

    // Another measure: shares of the row.
    await page.getByLabel('Measure').selectOption('shareOfRow');
    await expect.poll(async () => (await fees.locator('td').allTextContents()).map(squeeze), SLOW).toEqual(['100%', '0%']);

    // Documents as columns; codes co-occurring.
    await page.getByLabel('Columns').selectOption('document');
    await expect.poll(async () => (await table.locator('thead th').allTextContents()).map(squeeze), SLOW).toEqual(['Code', 'one.txt', 'two.txt']);
    await page.getByLabel('Columns').selectOption('code-passage');
    await expect.poll(async () => (await table.locator('thead th').count()) > 1, SLOW).toBe(true);

    for (const name of ['CSV (this measure)', '.xlsx (a sheet per measure)']) {
      const link = page.getByRole('link', { name });
      const res = await context.request.get(new URL((await link.getAttribute('href'))!, base).toString());
      expect(res.status(), name).toBe(200);
      expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="matrix\.(csv|xlsx)"$/);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("takes a metadata field's values as columns, and a code's children as rows", async () => {
    const site = (await t.post(WRITE, f.editKey, { action: 'manage_metadata_fields', operation: 'create', text: 'Site' })).json().field;
    const set = await t.post(WRITE, f.editKey, { action: 'set_metadata_values', documentId: 'D1', values: [{ fieldId: site.id, text: 'Berlin' }] });
    expect(set.statusCode, set.body).toBe(200);
    // Run b's Crashes filed under its Support.
    const tree = (await t.post(READ, f.readKey, { action: 'get_categories', analysisId: runB })).json().categories as { id: string; text: string }[];
    const id = (name: string) => tree.find((c) => c.text === name)!.id;
    const moved = await t.post(WRITE, f.editKey, { action: 'manage_categories', operation: 'update', id: id('Crashes'), parentId: id('Support') });
    expect(moved.statusCode, moved.body).toBe(200);

    const { context, page, problems } = await open(1280);
    await go(page, `matrix?run=${runB}&columns=metadata`);
    await page.getByLabel('Field').selectOption(site.shortName);
    const table = page.locator('table.matrix');
    await expect.poll(async () => (await table.locator('thead th').allTextContents()).map(squeeze), SLOW).toEqual(['Code', 'Berlin', '(no value)']);
    // Fees: one insight in D1 (Berlin), one in D2 (no value); Support holds Crashes' insight too.
    expect((await table.locator('tbody tr[data-row="Fees"] td').allTextContents()).map(squeeze)).toEqual(['1', '1']);
    expect(await table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row')))).toEqual(['Fees', 'Support']);

    await table.getByRole('link', { name: 'Support: its 1 code as rows' }).click();
    await expect.poll(() => table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row'))), SLOW).toEqual(['Crashes']);
    expect(page.url()).toContain('category=');
    expect(await page.getByRole('link', { name: 'CSV (this measure)' }).getAttribute('href')).toContain('categoryId=');
    await page.getByRole('link', { name: 'Back to the top codes' }).click();
    await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  for (const width of [1280, 390]) {
    it(`lays out the codebook and matrix pages at ${width} px without sideways scrolling or console errors`, async () => {
      const { context, page, problems } = await open(width);
      const views: [string, string][] = [
        [`codebook?run=${runA}`, '.codebook .code'],
        [`matrix?run=${runA}&columns=participant`, 'table.matrix'],
        [`matrix?columns=document`, 'svg.bars'],
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
