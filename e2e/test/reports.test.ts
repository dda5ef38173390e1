import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, businessDate } from '@cincy/contracts';
import { DemoHistoryTotals, fillDemoHistory, startStack, Stack } from '@cincy/stack';
import type { Page } from 'playwright-core';
import { eventually, watchConsole } from '../src/board';
import { launchBrowser, TestBrowser } from '../src/browser';
import { signInToBoard } from '../src/public-site';

// Reports (issue 23): over 90 days of demo history, the admin's Reports screen draws its charts,
// and each table's CSV adds up to the same totals as the tiles (and as the history written).
describe('the Reports screen over 90 days of demo history', () => {
  const admin = {
    username: 'e2e-reports-admin',
    password: `E2e-${randomBytes(9).toString('base64url')}`,
  };
  let stack: Stack | undefined;
  let browser: TestBrowser | undefined;
  let seeded: DemoHistoryTotals;

  beforeAll(async () => {
    stack = await startStack({ throwaway: { label: 'e2ereports' }, admin });
    // 89 days up to yesterday: all inside "Last 90 days" (which ends today, when nothing closed).
    seeded = await fillDemoHistory(stack.databaseUrl, {
      days: 89,
      endDate: addDays(businessDate(), -1),
    });
    browser = await launchBrowser({ baseURL: stack.baseUrl });
    browser.page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  const tile = async (page: Page, key: string) =>
    Number(await page.getByTestId(`report-tile-${key}`).getAttribute('data-value'));

  /** Downloads a table's CSV: its header and rows (the last one the Total), as cells. */
  async function downloadCsv(page: Page, table: string): Promise<string[][]> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download CSV: ${table}` }).click(),
    ]);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cincy-csv-')), 'report.csv');
    await download.saveAs(file);
    // No field of these tables holds a comma or a quote (names are the demo team's).
    return readFileSync(file, 'utf8')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
  }

  /** A column's sum over the data rows, and the Total row's cell. */
  function column(csv: string[][], header: string): { sum: number; total: number } {
    const index = csv[0].indexOf(header);
    expect(index).toBeGreaterThan(-1);
    const rows = csv.slice(1, -1);
    expect(csv.at(-1)![0]).toBe('Total');
    const cents = rows.reduce((n, row) => n + Math.round(Number(row[index] || 0) * 100), 0);
    return { sum: cents / 100, total: Number(csv.at(-1)![index]) };
  }

  test('charts drawn; tiles, CSV rows and CSV totals agree with the history', async () => {
    const page = browser!.page;
    const console = watchConsole(page);
    try {
      await signInToBoard(page, admin.username, admin.password);
      await page.goto('/reports');
      await page.getByLabel('Range').click();
      await page.locator('.ant-picker-presets li', { hasText: 'Last 90 days' }).click();
      const completed = await eventually(
        'the 90-day report',
        () => tile(page, 'jobs-completed'),
        (n) => n === seeded.completed,
      );
      expect(await tile(page, 'batteries-installed')).toBe(seeded.batteries);
      expect(await tile(page, 'revenue')).toBeCloseTo(seeded.revenue, 2);
      expect(seeded.jobs).toBeGreaterThan(89 * 5);

      // The charts: one canvas each (G2), drawn with something on them.
      const charts = page.locator('canvas');
      await eventually(
        'the charts',
        () => charts.count(),
        (n) => n >= 3,
      );
      for (const canvas of await charts.all()) {
        const box = await canvas.boundingBox();
        expect(box!.width).toBeGreaterThan(100);
        expect(box!.height).toBeGreaterThan(100);
      }

      // Each table's CSV: the rows add up to the Total row, and the Total row to the tiles.
      for (const table of ['Per period', 'Per technician']) {
        const csv = await downloadCsv(page, table);
        expect(csv.length).toBeGreaterThan(table === 'Per period' ? 90 : 3);
        const jobs = column(csv, 'Jobs completed');
        expect(jobs).toEqual({ sum: completed, total: completed });
        const batteries = column(csv, 'Batteries installed');
        expect(batteries).toEqual({ sum: seeded.batteries, total: seeded.batteries });
        const revenue = column(csv, 'Revenue');
        expect(revenue.sum).toBeCloseTo(seeded.revenue, 2);
        expect(revenue.total).toBeCloseTo(seeded.revenue, 2);
        const closed = column(csv, 'Closed without service');
        expect(closed).toEqual({
          sum: seeded.closedWithoutService,
          total: seeded.closedWithoutService,
        });
      }
      expect(console.errors).toEqual([]);
    } catch (error) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-reports-'));
      await page.screenshot({ path: path.join(dir, 'reports.png'), fullPage: true }).catch(() => 0);
      throw new Error(`${(error as Error).message}\nscreenshot: ${dir}`);
    }
  }, 180_000);
});
