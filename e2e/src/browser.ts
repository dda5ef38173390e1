import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BrowserContext, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@cincy/stack';

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Makes page.goto('/login') work. */
  baseURL?: string;
  /** Default 1280x900. */
  viewport?: { width: number; height: number };
  /** More Chromium flags (a fake camera). */
  args?: string[];
}

/**
 * A headless Chromium with a fresh profile (its own temporary --user-data-dir, through
 * playwright's persistent context) and one page.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'cincy-e2e-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
      baseURL: options.baseURL,
      viewport: options.viewport ?? { width: 1280, height: 900 },
      // As a user who asked for less motion: dialogs open and close at once, so a click is
      // never aimed at one still zooming in (the staff screens and the public CSS honour it).
      reducedMotion: 'reduce',
      timeout: 60_000,
    });
  } catch (err) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(
      `Could not launch Chromium at ${CHROMIUM_PATH} (install it with \`apt-get install -y chromium\` or set CHROME_PATH): ${(err as Error).message}`,
    );
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
