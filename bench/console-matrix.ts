/**
 * How long the console's Matrix page takes to draw the heat map of a 200-document project (issue
 * 43: "the matrix of a 200-document project draws in under a second"), beside the Explore page of
 * the same project and run drawing its category tree (a page a researcher opens today), in the
 * same Chromium page of the same process:
 *
 *   npx tsx bench/console-matrix.ts          # needs Chromium (SIFT_CHROMIUM, default /usr/bin/chromium)
 *   TIMELINE=1 npx tsx bench/console-matrix.ts   # and each load's requests, by the bench's and the page's clocks
 *
 * The project is laid straight into the store by test/helpers/matrix-corpus.ts (the shape of
 * bench/matrix.ts: DOCUMENTS, SPEAKERS, TURNS, SENTENCES; by default 200 transcripts of two
 * participants, 8,000 insights). sift runs in this process on its embedded SQLite store, serving
 * the console built as the browser tests build it (test/console/build.ts). The two pages are
 * opened alternately, ROUNDS times each (5 by default), each time a full load from about:blank:
 * timed from the navigation's start until the heat map's cells (Matrix, participants as columns)
 * or the tree's category links (Explore) are visible. The first Matrix is the server's cold one
 * (every text read as turns); every sample is printed, the medians and their ratio at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../src/config.js';
import { createApp } from '../src/app.js';
import { adminOps } from '../src/domain/admin.js';
import { matrixCorpus } from '../test/helpers/matrix-corpus.js';
import { buildConsole } from '../test/console/build.js';
import { hasChromium, launchChromium, CHROMIUM } from '../test/console/chromium.js';
import { NO_LIMITS, median } from './server-process.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const shape = {
  documents: Number(process.env.DOCUMENTS ?? 200),
  speakers: Number(process.env.SPEAKERS ?? 2),
  turns: Number(process.env.TURNS ?? 10),
  sentences: Number(process.env.SENTENCES ?? 8),
};
/** What appears only once each page has drawn its data: a heat map cell, a category of the tree. */
const MATRIX_DRAWN = 'table.matrix tbody td';
const EXPLORE_DRAWN = 'nav.tree .tree-link';
const load = () => os.loadavg()[0]!.toFixed(2);
/**
 * TIMELINE=1: where a load's time goes, by the page's own clock (ms from its navigation): the
 * bundle's requests, every API call's start and end, when the first cell or category reached the
 * DOM and the first frame after it. Run in the page, so written as the browser reads it.
 */
const IN_PAGE_TIMELINE = `(() => {
  const res = performance.getEntriesByType('resource');
  const span = (r) => r.startTime.toFixed(0) + '-' + r.responseEnd.toFixed(0);
  const bundle = res.filter((r) => /\\.(js|css)$/.test(r.name)).map((r) => r.name.split('/').pop() + ' ' + span(r));
  const api = res.filter((r) => r.initiatorType === 'fetch').map(span);
  return bundle.join(', ') + '; fetches ' + api.join(', ') + '; in the DOM ' + window.__drawnAt?.toFixed(0) + ', next frame ' + window.__paintedAt?.toFixed(0);
})()`;

async function main() {
  if (!hasChromium()) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or SIFT_CHROMIUM)`);
  buildConsole();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-bench-console-'));
  const config = parseConfig({ SIFT_DATA_DIR: dataDir, SIFT_WORKERS: '0', LOG_LEVEL: 'silent', ...NO_LIMITS, SIFT_RATE_LIMIT_SIGN_IN: '1000000000' });
  const app = await createApp(config);
  const store = app.store;
  const browser = await launchChromium();
  try {
    const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'bench@example.com' });
    const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'Bench', ownerUserId: user.id });
    const made = await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Bench' });
    const { key } = await adminOps.create_account_key(store, { action: 'create_account_key', accountId: account.id, userId: user.id });
    const filling = performance.now();
    const { run } = await matrixCorpus(store, made.project.id as string, shape);
    console.log(`${JSON.stringify(shape)} laid down in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const base = await app.server.listen({ port: 0, host: '127.0.0.1' });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    if (process.env.TIMELINE)
      await page.addInitScript(
        `new MutationObserver((_, o) => { if (document.querySelector('table.matrix tbody td, nav.tree .tree-link')) { window.__drawnAt = performance.now(); o.disconnect(); requestAnimationFrame(() => setTimeout(() => { window.__paintedAt = performance.now(); }, 0)); } }).observe(document, { childList: true, subtree: true });`,
      );
    await page.goto(base);
    await page.getByLabel('Account key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();

    const at = `${base}/#/p/${made.project.shortId}`;
    const pages = {
      matrix: { url: `${at}/matrix?run=${run}&columns=participant`, drawn: MATRIX_DRAWN, action: 'get_matrix' },
      explore: { url: `${at}/explore?run=${run}`, drawn: EXPLORE_DRAWN, action: 'get_categories' },
    };
    /** The page's data request (get_matrix, get_categories): from its start to its answer's last byte, as Chromium saw it. */
    let answered: { action: string; ms: number; from: number; to: number }[] = [];
    let started = 0;
    page.on('requestfinished', (r) => {
      const action = /"action":"(\w+)"/.exec(r.postData() ?? '')?.[1];
      const t = r.timing();
      if (action) answered.push({ action, ms: t.responseEnd, from: t.startTime - started, to: t.startTime + t.responseEnd - started });
    });
    const times = { matrix: [] as number[], explore: [] as number[] };
    const requests = { matrix: [] as number[], explore: [] as number[] };
    /** A full load: from about:blank, so that each look starts the console afresh (the hash alone would not reload it). */
    const open = async (which: keyof typeof pages): Promise<number> => {
      await page.goto('about:blank');
      answered = [];
      started = Date.now();
      const start = performance.now();
      await page.goto(pages[which].url);
      await page.waitForSelector(pages[which].drawn, { state: 'visible', timeout: 60_000 });
      const ms = performance.now() - start;
      let data = answered.find((a) => a.action === pages[which].action);
      for (let wait = 0; !data && wait < 50; wait++) {
        await page.waitForTimeout(20);
        data = answered.find((a) => a.action === pages[which].action);
      }
      if (!data) throw new Error(`${which}: no ${pages[which].action} request seen`);
      requests[which].push(data.ms);
      if (process.env.TIMELINE) {
        console.log(`  ${which}: ${answered.map((a) => `${a.action} ${a.from.toFixed(0)}-${a.to.toFixed(0)}`).join(', ')}; drawn ${ms.toFixed(0)}`);
        console.log(`    in the page: ${await page.evaluate(IN_PAGE_TIMELINE)}`);
      }
      return ms;
    };

    const loadBefore = load();
    for (let i = 0; i < ROUNDS; i++) {
      times.matrix.push(await open('matrix'));
      times.explore.push(await open('explore'));
      console.log(
        `round ${i + 1}: matrix ${times.matrix[i]!.toFixed(0)} ms (get_matrix ${requests.matrix[i]!.toFixed(0)}), explore ${times.explore[i]!.toFixed(0)} ms (get_categories ${requests.explore[i]!.toFixed(0)}) (load ${load()})`,
      );
    }
    const loadAfter = load();
    await page.goto(pages.matrix.url);
    await page.waitForSelector(MATRIX_DRAWN, { state: 'visible', timeout: 60_000 });
    const cells = await page.locator(MATRIX_DRAWN).count();
    const columns = (await page.locator('table.matrix thead th').count()) - 1;
    const rows = await page.locator('table.matrix tbody tr').count();
    if (problems.length) throw new Error(`the console reported errors:\n${problems.join('\n')}`);

    const m = median(times.matrix);
    const e = median(times.explore);
    console.log(`heat map: ${rows} codes × ${columns} participants = ${cells} cells`);
    console.log(`| page | median ms | samples ms | its data request, median ms |`);
    console.log(`| --- | ---: | --- | ---: |`);
    const row = (name: string, which: keyof typeof pages) =>
      console.log(
        `| ${name} | ${median(times[which]).toFixed(0)} | ${times[which].map((t) => t.toFixed(0)).join(', ')} | ${median(requests[which]).toFixed(0)} |`,
      );
    row('Matrix (participants)', 'matrix');
    row('Explore (baseline)', 'explore');
    console.log(`ratio matrix / explore: ${(m / e).toFixed(2)}; 1-minute load ${loadBefore} before, ${loadAfter} after (${os.cpus().length} cores)`);
    console.log(`matrix drawn in under a second (median): ${m < 1000 ? 'yes' : 'no'}`);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
