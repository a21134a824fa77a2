import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { agreementProject } from '../helpers/agreement-project.js';
import { buildConsole } from './build.js';
import { launchChromium } from './chromium.js';

export const squeeze = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
export const SLOW = { timeout: 30_000, interval: 200 };

/** The page is no wider than the window: a positive answer is what there is to scroll sideways. */
export const overflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

export interface AgreementConsole {
  t: TestApp;
  f: Fixture;
  runA: string;
  runB: string;
  /** The server's address. */
  base: string;
  /** A page signed in with the account key at `width` px, recording every script error and console error. */
  open(width: number): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
  /** Goes to one of the project's views (`explore`, `matrix?run=…`). */
  go(page: Page, view: string): Promise<unknown>;
}

/**
 * The console served over the agreement project's two runs laid down by hand
 * (test/helpers/agreement-project.ts), with Chromium: set up before the file's tests, closed after.
 */
export function agreementConsole(): AgreementConsole {
  let browser: Browser;
  const state = {
    open: async (width: number) => {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      await page.goto(state.base);
      await page.getByLabel('Account key').fill(state.f.accountKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
      return { context, page, problems };
    },
    go: (page: Page, view: string) => page.goto(`${state.base}/#/p/${state.f.projectShortId}/${view}`),
  } as AgreementConsole;
  beforeAll(async () => {
    buildConsole();
    state.t = await makeTestApp('sqlite');
    state.f = await seedProject(state.t);
    ({ runA: state.runA, runB: state.runB } = await agreementProject(state.t, state.f));
    state.base = await state.t.app.server.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await state.t?.close();
  });
  return state;
}
