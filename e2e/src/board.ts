import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { Client } from 'pg';

/**
 * Helpers of the dispatch board's end-to-end tests: read what a signed-in user sees on
 * /dispatch, by role and label where the page has them.
 */

/** Polls `read` until `ok` says yes; fails with the last value read. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms${lastError ? ` (${String(lastError)})` : ''}`,
  );
}

/** The figure of one stat card ('Completed Today' -> '1'). */
export function statValue(page: Page, label: string): Promise<string> {
  return page
    .getByTestId('stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.stat-value')
    .innerText();
}

/** The 'Batteries Sold Today' figure in the header. */
export function soldToday(page: Page): Promise<string> {
  return page.getByTestId('batteries-sold-today').locator('.sold-today-value').innerText();
}

/** A dialog by its accessible name ('Complete Job', 'Decline Call'). */
export function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
}

/** The card's status line ('Accepted', 'En Route', ...). */
export function cardStatus(card: Locator): Promise<string> {
  return card.locator('.job-card-status').innerText();
}

export interface SeededItem {
  id: number;
  name: string;
  description: string;
  sku: string;
  quantity: number;
}

/**
 * One battery straight into the stack's inventory table (the inventory API for writes comes
 * later); the inventory service reads it like any other item.
 */
export async function seedBattery(
  databaseUrl: string,
  item: Omit<SeededItem, 'id'>,
): Promise<SeededItem> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO inventory.inventory_items (name, description, sku, category, quantity, min_quantity, unit_cost)
       VALUES ($1, $2, $3, 'battery', $4, 1, 129.99) RETURNING id`,
      [item.name, item.description, item.sku, item.quantity],
    );
    return { id: rows[0].id, ...item };
  } finally {
    await client.end();
  }
}

/** Collects what a page reports as broken: uncaught errors and console errors. */
export function watchConsole(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console: ${message.text()} @ ${message.location().url}`);
  });
  return { errors };
}

/**
 * Opens `route` (or stays), waits for `title` and for every list to finish drawing (no skeleton
 * left `aria-busy`), then saves a full-page screenshot `<name>-<width>.png` in `dir`.
 */
export async function screenshotFinished(
  page: Page,
  dir: string,
  name: string,
  route: string | null,
  title: string,
): Promise<void> {
  if (route) await page.goto(route);
  await page.getByText(title, { exact: true }).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 20_000 });
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}
