import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE } from './auth-states.js';

// The demo chain's sites keep Central time: the browser does too, so its "last week" is the sites' week.
test.use({ timezoneId: 'America/Chicago', storageState: ADMIN_STATE });

/** A quiet region of the demo chain: four sites, a dozen pages a site-day. */
const REGION = 'Global Region';
const SITES = ['DKSN', 'FRVW', 'JKSN', 'NOLO'];

/** `YYYY-MM-DD` of a UTC date. */
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Last week, Monday to Sunday, in Central time (what the page offers by default). */
function lastWeekCentral(): { from: string; to: string } {
  const today = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date())}T00:00:00Z`);
  const monday = new Date(today.getTime() - (((today.getUTCDay() + 6) % 7) + 7) * 86_400_000);
  return { from: dayText(monday), to: dayText(new Date(monday.getTime() + 6 * 86_400_000)) };
}

interface SyncStatus {
  counts: { done: number; failed: number };
  units: Array<{ siteCode: string; day: string; state: string; records: number | null }>;
}

async function syncStatus(request: APIRequestContext, range: { from: string; to: string; region: string }): Promise<SyncStatus> {
  const response = await request.get(`/api/trpc/sync.status?input=${encodeURIComponent(JSON.stringify(range))}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: SyncStatus } }).result.data;
}

/** Backfills the region's last week through the portal's API and waits until every site-day is synced; records per site. */
async function syncLastWeek(request: APIRequestContext, baseURL: string): Promise<Map<string, number>> {
  const range = { ...lastWeekCentral(), region: REGION };
  const started = await request.post('/api/trpc/sync.backfill', { data: range, headers: { origin: baseURL } });
  expect(started.ok(), await started.text()).toBe(true);
  const siteDays = SITES.length * 7;
  await expect
    .poll(async () => {
      const status = await syncStatus(request, range);
      expect(status.counts.failed).toBe(0);
      return status.counts.done;
    }, { timeout: 240_000, intervals: [2_000] })
    .toBe(siteDays);
  const records = new Map<string, number>();
  for (const unit of (await syncStatus(request, range)).units) records.set(unit.siteCode, (records.get(unit.siteCode) ?? 0) + (unit.records ?? 0));
  return records;
}

/** A number as the tables show it (`$1,234.50`, `1,234`). */
const figure = (text: string) => Number(text.replace(/[$,]/g, ''));

async function chooseRegionWeekly(page: Page): Promise<void> {
  const filters = page.getByRole('form', { name: 'Report filters' });
  await filters.getByRole('button', { name: 'Last week' }).click();
  await filters.getByLabel('Which sites').selectOption('region');
  await filters.getByLabel('Region').selectOption(REGION);
  await filters.getByLabel('Sales by').selectOption('week');
  await filters.getByLabel('Group by').selectOption('site');
  await filters.getByRole('button', { name: 'Show reports' }).click();
}

test('reports on last week of a region: charts, a chart as its table, the CSV, all accessible', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const week = lastWeekCentral();
  const records = await syncLastWeek(page.request, baseURL ?? '');
  expect([...records.keys()].sort()).toEqual(SITES);

  await page.goto('/employees');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // Last week is the default range.
  await expect(page.getByLabel('From')).toHaveValue(week.from);
  await expect(page.getByLabel('To')).toHaveValue(week.to);

  await chooseRegionWeekly(page);
  await expect(page).toHaveURL(new RegExp(`from=${week.from}&to=${week.to}&region=Global\\+Region&period=week&groupBy=site`));

  // Every report answers from the synced week, with its chart drawn.
  const sales = page.getByTestId('report-sales');
  await expect(sales.getByTestId('report-coverage')).toContainText('Synced at');
  await expect(sales.getByTestId('report-coverage')).toContainText('28 site-days');
  for (const chart of ['sales-chart', 'mix-chart', 'memberships-chart', 'tenders-chart', 'staff-chart', 'discounts-chart']) {
    await expect(page.getByTestId(chart).locator('svg.recharts-surface').first(), chart).toBeVisible();
  }
  await expect(page.getByTestId('sales-chart')).toHaveAttribute('role', 'img');
  await expect(page.getByTestId('sales-chart')).toHaveAttribute('aria-label', /Revenue \$/);
  await expect(page.getByTestId('hours-heatmap').getByRole('rowheader')).toHaveCount(7);
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);

  // The sales chart switches to its table: a row per site, each with the week's transactions as synced.
  const toggle = sales.getByRole('button', { name: /^Show table/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const table = sales.getByRole('table');
  await expect(table).toBeVisible();
  await expect(sales.getByTestId('sales-chart')).toBeHidden();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const transactionsColumn = headers.findIndex((text) => /^transactions$/i.test(text));
  const revenueColumn = headers.findIndex((text) => /^revenue$/i.test(text));
  expect(transactionsColumn, headers.join(' | ')).toBeGreaterThan(0);
  expect(revenueColumn, headers.join(' | ')).toBeGreaterThan(0);
  const shown = new Map<string, { transactions: number; revenue: number }>();
  for (const row of await table.locator('tbody tr').all()) {
    const cells = (await row.locator('th, td').allTextContents()).map((text) => text.trim());
    shown.set(cells[0] ?? '', { transactions: figure(cells[transactionsColumn] ?? ''), revenue: figure(cells[revenueColumn] ?? '') });
  }
  for (const site of SITES) {
    expect(shown.get(site)?.transactions, site).toBe(records.get(site));
    expect(shown.get(site)?.revenue, site).toBeGreaterThan(0);
  }
  await expectNoAxeViolations(page);

  // The CSV is the same table: its header, and NOLO's row with the same figures.
  const [download] = await Promise.all([page.waitForEvent('download'), sales.getByRole('link', { name: /^Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe(`sales-${week.from}-to-${week.to}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((cell) => cell.replace(/"/g, '').trim());
  expect(header.map((cell) => cell.toLowerCase())).toEqual(headers.map((text) => text.toLowerCase()));
  const nolo = lines.find((line) => line.startsWith('NOLO,'))?.split(',') ?? [];
  expect(Number(nolo[transactionsColumn])).toBe(records.get('NOLO'));
  expect(Number(nolo[revenueColumn])).toBeCloseTo(shown.get('NOLO')?.revenue ?? Number.NaN, 2);

  // The view is in the URL: a reload shows the same region and the same figures.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Report filters' }).getByLabel('Region', { exact: true })).toHaveValue(REGION);
  await expect(page.getByTestId('report-sales').getByTestId('report-coverage')).toContainText('Synced at');
});

test('a range not synced says so and offers what is synced, marked partial', async ({ page }) => {
  const week = lastWeekCentral();
  const before = (day: string, days: number) => dayText(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));
  await page.goto(`/reports?from=${before(week.from, 14)}&to=${before(week.from, 8)}&region=${encodeURIComponent(REGION)}&period=day&groupBy=site`);
  const sales = page.getByTestId('report-sales');
  await expect(sales.getByTestId('report-not-synced')).toContainText('Not synced');
  await expect(sales.getByTestId('report-not-synced').getByRole('link', { name: 'Open Data sync' })).toHaveAttribute('href', '/sync');
  await expectNoAxeViolations(page);
  await sales.getByRole('button', { name: 'show what is synced' }).click();
  await expect(page).toHaveURL(/partial=1/);
  await expect(sales.getByTestId('report-partial')).toContainText('Partial.');
  await expect(sales.getByTestId('report-partial')).toContainText('of 28 site-days');
});
