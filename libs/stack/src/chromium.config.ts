/**
 * Debian's Chromium (installed by apt): `npx playwright install` cannot download browsers on
 * these machines. CHROME_PATH points elsewhere when needed. The e2e tests and the bench launch it
 * with the same flags, so their numbers describe the same browser.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
