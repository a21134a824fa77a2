import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); playwright-core never downloads a browser here. */
export const CHROMIUM = process.env.SIFT_CHROMIUM ?? '/usr/bin/chromium';

export const hasChromium = () => fs.existsSync(CHROMIUM);
// CI must run the browser tests (.ci/run installs Chromium): there a missing browser is a failure, not a skip.
if (process.env.CI === 'true' && !hasChromium()) throw new Error(`CI=true: the console's browser tests need Chromium at ${CHROMIUM}`);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
