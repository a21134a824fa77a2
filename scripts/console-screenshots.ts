/**
 * Regenerates docs/console/*.png: every page of the console at 1280 and 390 px wide, over a demo
 * project built through the API (uploads, confirmation, an automatic analysis and a rerun of it
 * with another granularity, summaries, tags, notes, metadata with a refused value). Needs
 * Debian's Chromium (`apt-get install chromium`).
 *
 *   npm run console:screenshots
 *   npm run console:screenshots -- codebook matrix    # only these pictures (the walk is the same)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/console/chromium.js';
import { parseConfig } from '../src/config.js';
import { createApp } from '../src/app.js';
import { bootstrapIfEmpty } from '../src/cli/bootstrap.js';
import { TRANSCRIPTS } from '../test/fixtures/transcripts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs/console');
const OPERATOR_TOKEN = 'screenshots-operator-token-0123456789';
const WIDTHS = [1280, 390] as const;
/** Names given on the command line: only those pictures are written. */
const ONLY = process.argv.slice(2);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-screens-'));
execFileSync(process.execPath, [path.join(root, 'scripts/build-console.mjs')], { stdio: 'inherit' });
// Rate limits are raised: the script walks every page twice within a minute or two.
const limits = Object.fromEntries(['READ', 'WRITE', 'ACCOUNT', 'ACCOUNT_UPLOAD', 'ADMIN'].map((s) => [`SIFT_RATE_LIMIT_${s}`, '10000']));
const app = await createApp(parseConfig({ SIFT_DATA_DIR: dataDir, SIFT_ADMIN_TOKEN: OPERATOR_TOKEN, SIFT_WORKERS: '1', LOG_LEVEL: 'silent', ...limits }));
const demo = (await bootstrapIfEmpty(app.store))!;
const base = await app.server.listen({ port: 0, host: '127.0.0.1' });
const P = demo.projectShortId;

interface Status {
  pendingExtractionCount: number;
  confirmableCreditCost: number;
  documents: { status: string }[];
  analyses: { id: string; status: string }[];
}

async function api<T = Record<string, { id: string }>>(surface: string, key: string, body: Record<string, unknown>, query = ''): Promise<T> {
  const res = await fetch(`${base}/api/sift-${surface}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${surface} ${body.action}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const account = <T = Record<string, { id: string }>>(body: Record<string, unknown>) => api<T>('account', demo.accountKey, { projectId: P, ...body });
const status = () => account<Status>({ action: 'get_project_status' });
const write = (body: Record<string, unknown>) => api('write', demo.editKey, body);

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, seconds = 180): Promise<T> {
  for (let i = 0; i < seconds * 2; i++) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function upload(files: { filename: string; text: string }[]) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([f.text], { type: 'text/plain' }), f.filename);
  const res = await fetch(`${base}/api/sift-account/upload?projectId=${P}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demo.accountKey}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  await until('prices', async () => (await status()).pendingExtractionCount === 0);
}

async function seed() {
  await upload(TRANSCRIPTS.slice(0, 6));
  await account({ action: 'confirm_documents', expectedCreditCost: (await status()).confirmableCreditCost });
  await until('ready documents', async () => (await status()).documents.every((d) => d.status === 'ready'));
  const run = (await account({ action: 'start_analysis', type: 'automatic' })).analysis!.id;
  const done = async (id: string) => (await status()).analyses.find((a) => a.id === id && a.status === 'completed');
  await until('the automatic analysis', () => done(run));
  // A second run over every document, at another granularity: the runs the picker, the run list and agreement show.
  const rerun = (await account({ action: 'start_analysis', type: 'automatic', rerun: true, analysisGranularity: 'inclusive', name: 'Inclusive rerun' }))
    .analysis!.id;
  await until('the rerun', () => done(rerun));
  const summaries = (await account({ action: 'start_analysis', type: 'summaries' })).analysis!.id;
  await until('the summaries', () => done(summaries));
  // Two more, left waiting for confirmation, so the documents page shows prices and the balance after.
  await upload([
    { filename: 'field-notes.txt', text: 'Participant: I would recommend it to a friend if the price were lower.' },
    { filename: 'survey-comments.txt', text: 'The export to spreadsheets works well.\n\nPlease add a dark mode.\n\nSync with my bank failed twice last week.' },
  ]);

  const { insights } = await api<{ insights: { id: string; documentId: string }[] }>('read', demo.readKey, { action: 'get_insights' });
  const { categories } = await api<{ categories: { id: string }[] }>('read', demo.readKey, { action: 'get_categories' });
  const first = insights[0]!;
  const tag = (await write({ action: 'manage_tags', operation: 'create', text: 'follow up', color: '#d9480f' })).tag!;
  await write({ action: 'manage_tags', operation: 'add_targets', id: tag.id, insightIds: [first.id], documentIds: ['D1'] });
  await write({ action: 'manage_tags', operation: 'create', text: 'quote for report', color: '#2b8a3e' });
  await write({ action: 'create_note', targetType: 'documentInsight', targetId: first.id, text: 'Ask the product team whether this is fixed in 4.2.' });
  await write({ action: 'create_note', targetType: 'insightCategory', targetId: categories[0]!.id, text: 'Strongest theme so far; compare with the survey.' });
  const site = (await write({ action: 'manage_metadata_fields', operation: 'create', text: 'Site', allowedValues: ['Berlin', 'Lisbon'] })).field!;
  const plan = (await write({ action: 'manage_metadata_fields', operation: 'create', text: 'Plan' })).field!;
  await write({
    action: 'set_metadata_values',
    documentId: 'D1',
    values: [
      { fieldId: site.id, text: 'Berlin' },
      { fieldId: plan.id, text: 'premium' },
    ],
  });
  await write({
    action: 'set_metadata_values',
    documentId: 'D2',
    values: [
      { fieldId: site.id, text: 'Paris' },
      { fieldId: plan.id, text: 'trial' },
    ],
  });
  await write({ action: 'set_metadata_values', documentId: 'D3', values: [{ fieldId: site.id, text: 'Lisbon' }] });
  return { category: categories[0]!.id, insight: first, runs: [run, rerun] as const };
}

async function shoot(page: Page, name: string, width: number, ready: string) {
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // No hover tooltip in the picture.
  await page.mouse.move(0, 0);
  if (ONLY.length > 0 && !ONLY.includes(name)) return;
  await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
  process.stdout.write(`  ${name}-${width}.png\n`);
}

const seeded = await seed();
const browser = await launchChromium();
fs.mkdirSync(out, { recursive: true });
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: width > 600 ? 860 : 844 }, deviceScaleFactor: 1, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(base);
    await shoot(page, 'sign-in', width, 'form');
    await page.getByLabel('Account key').fill(demo.accountKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await shoot(page, 'projects', width, '.project-link');
    const pages: [string, string, string][] = [
      ['documents', `#/p/${P}/documents`, '.confirm'],
      ['analysis', `#/p/${P}/analysis`, '.run'],
      ['explore', `#/p/${P}/explore?category=${seeded.category}`, '.insight'],
      ['codebook', `#/p/${P}/codebook?run=${seeded.runs[0]}`, '.codebook .code'],
      ['agreement', `#/p/${P}/agreement?a=${seeded.runs[0]}&b=${seeded.runs[1]}`, 'table.agreement'],
      ['reader', `#/p/${P}/read/${seeded.insight.documentId}?insight=${seeded.insight.id}`, 'mark.mark-active'],
      ['search', `#/p/${P}/search?q=${encodeURIComponent('bank connection keeps failing')}`, '.result'],
      ['tags-notes-memos', `#/p/${P}/notes`, '.memos li'],
      ['metadata', `#/p/${P}/metadata`, '.refused'],
      ['credits', '#/credits', 'table'],
    ];
    for (const [name, hash, ready] of pages) {
      await page.goto(`${base}/${hash}`);
      await shoot(page, name, width, ready);
    }
    // The matrix with a cell picked: its insights and quotes under the heat map.
    await page.goto(`${base}/#/p/${P}/matrix?run=${seeded.runs[0]}&columns=participant`);
    await page.locator('table.matrix td.has').first().click();
    await shoot(page, 'matrix', width, '.cell-insights blockquote');
    await page.goto(`${base}/#/p/${P}/keys`);
    await page.getByRole('button', { name: 'Create read key' }).click();
    await shoot(page, 'keys', width, '.secret');
    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.getByLabel('Account key').fill(OPERATOR_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    for (const tab of ['users', 'accounts', 'partners', 'credits']) {
      await page.goto(`${base}/#/operator/${tab}`);
      if (tab === 'users') {
        await page.getByLabel('E-mail').fill(`ana.${width}@example.com`);
        await page.getByLabel('Name', { exact: true }).fill('Ana');
        await page.getByRole('button', { name: 'Create user' }).click();
        await page.locator('.answers pre').waitFor();
      }
      await shoot(page, `operator-${tab}`, width, 'form');
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
