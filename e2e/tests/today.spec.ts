import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE } from './auth-states.js';

// The demo chain's sites keep Central time: the browser does too, so its "yesterday" is the sites' yesterday.
test.use({ timezoneId: 'America/Chicago', storageState: ADMIN_STATE });

/** A quiet region of the demo chain: four sites, a dozen pages a site-day. */
const REGION = 'Global Region';
const SITES = ['DKSN', 'FRVW', 'JKSN', 'NOLO'];
const DAY_MS = 86_400_000;

const dayText = (date: Date) => date.toISOString().slice(0, 10);
const shift = (day: string, days: number) => dayText(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Yesterday in Central time: the dashboard's default day. */
function centralYesterday(): string {
  return shift(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()), -1);
}

async function trpcQuery<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function trpcMutation(request: APIRequestContext, baseURL: string, path: string, input: unknown): Promise<void> {
  const response = await request.post(`/api/trpc/${path}`, { data: input, headers: { origin: baseURL } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

interface ResourceStatus {
  resource: string;
  windows: Array<{ state: string; error: string | null }>;
}

/**
 * Backfills the region's week to yesterday (transactions), then the employees and their clock entries over the UTC
 * days that have ended (a local day runs into the next UTC day, so yesterday's labor may stay partial until that
 * day ends: the page says so).
 */
async function syncWeek(request: APIRequestContext, baseURL: string, yesterday: string): Promise<void> {
  const washes = { from: shift(yesterday, -6), to: yesterday, region: REGION };
  await trpcMutation(request, baseURL, 'sync.backfill', washes);
  await expect
    .poll(
      async () => {
        const status = await trpcQuery<{ counts: { done: number; failed: number } }>(request, 'sync.status', washes);
        expect(status.counts.failed).toBe(0);
        return status.counts.done;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(SITES.length * 7);
  const resources = { from: washes.from, to: dayText(new Date(Date.now() - DAY_MS)), resources: ['employees', 'clock-entries'] };
  await trpcMutation(request, baseURL, 'sync.resources.backfill', resources);
  await expect
    .poll(
      async () => {
        const statuses = await trpcQuery<ResourceStatus[]>(request, 'sync.resources.status', resources);
        const failed = statuses.flatMap((s) => s.windows.filter((w) => w.state === 'failed').map((w) => `${s.resource}: ${w.error ?? ''}`));
        expect(failed).toEqual([]);
        // The employees are read at once when the clock entries are asked for (their window is today's, outside
        // the range); the clock entries have a window per employee.
        return statuses.filter((s) => s.windows.some((w) => w.state !== 'done') || (s.resource === 'clock-entries' && s.windows.length === 0)).map((s) => s.resource);
      },
      // A request per employee for the week's clock entries.
      { timeout: 900_000, intervals: [5_000] },
    )
    .toEqual([]);
}

/** A tile's figure for the day as a number (`$1,234.50`, `1,234`, `12.5%`). */
async function tileFigure(page: Page, tile: string): Promise<number> {
  const text = (await page.getByTestId(`tile-${tile}`).getByTestId('tile-value').textContent()) ?? '';
  return Number(text.replace(/Partial/, '').replace(/[$,%]/g, '').trim());
}

test('the Today dashboard shows yesterday per number for the chain and one site, and the Labor page the week', async ({ page, baseURL }) => {
  test.setTimeout(1_500_000);
  const yesterday = centralYesterday();
  await syncWeek(page.request, baseURL ?? '', yesterday);

  // The home page is the dashboard, on yesterday for the whole chain.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/today\\?day=${yesterday}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Dashboard filters' });
  await expect(filters.getByLabel('Day', { exact: true })).toHaveValue(yesterday);
  const tiles = ['cars', 'sales', 'new-members', 'conversion', 'labor-share', 'cost-per-car'];
  for (const tile of tiles) await expect(page.getByTestId(`tile-${tile}`).getByRole('img')).toHaveAttribute('aria-label', /the 7 days to/);
  await expect(page.getByTestId('tile-sales').getByTestId('tile-value')).toContainText('$');
  const chainCars = await tileFigure(page, 'cars');
  expect(chainCars).toBeGreaterThan(0);
  // The month before the synced week (and the other regions) is not synced: the refusal names what to backfill, and
  // the figures shown are what is synced, marked partial.
  const notice = page.getByTestId('kpi-not-synced').first();
  await expect(notice).toContainText('Not synced.');
  await expect(notice.getByRole('link', { name: 'Open Data sync' })).toHaveAttribute('href', '/sync');
  await expect(page.getByTestId('tile-cars').getByText('Partial')).toBeVisible();
  // The chain's day per site, each site a row.
  await expect(page.getByTestId('today-by-site').getByRole('rowheader', { name: 'NOLO', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);

  // One site: the URL names it and the tiles show its figures alone.
  await filters.getByLabel('Whose numbers').selectOption({ value: 'site:NOLO' });
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`/today\\?day=${yesterday}&site=NOLO$`));
  await expect(page.getByTestId('today-scope')).toContainText('site NOLO');
  await expect.poll(() => tileFigure(page, 'cars')).toBeLessThan(chainCars);
  expect(await tileFigure(page, 'cars')).toBeGreaterThan(0);
  await expect(page.getByTestId('today-by-site')).toHaveCount(0);

  // The Labor page: the region's week per site, hours and cost from the clock, and the advisors (not synced here).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Labor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Labor' })).toBeVisible();
  const labor = page.getByRole('form', { name: 'Labor filters' });
  await labor.getByLabel('From', { exact: true }).fill(shift(yesterday, -6));
  await labor.getByLabel('To', { exact: true }).fill(yesterday);
  await labor.getByLabel('Which sites').selectOption('region');
  await labor.getByLabel('Region').selectOption(REGION);
  await labor.getByLabel('Group by').selectOption('site');
  await labor.getByRole('button', { name: 'Show labor' }).click();
  await expect(page).toHaveURL(new RegExp(`/labor\\?from=${shift(yesterday, -6)}&to=${yesterday}&region=Global\\+Region&groupBy=site$`));
  const hours = page.getByTestId('labor-hours');
  await expect(hours.getByRole('table')).toBeVisible();
  await expect(hours.getByRole('columnheader', { name: 'Overtime hours' })).toBeVisible();
  expect((await hours.getByRole('rowheader').allTextContents()).map((text) => text.trim())).toEqual(SITES);
  const advisors = page.getByTestId('labor-advisors');
  await expect(advisors.getByTestId('kpi-not-synced')).toContainText('sales-outcomes');
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
});
