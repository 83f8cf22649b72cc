import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE } from './auth-states.js';

// The Memberships page over memberships and status changes the portal's own sync filled from the simulator: active
// members, churn, the cohort grid as a heat map and as a table; a range not synced is refused, then shown partial.

// The demo chain's sites keep Central time: the browser does too, so the page's local days are the sites'.
test.use({ timezoneId: 'America/Chicago', storageState: ADMIN_STATE });

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC days synced: the customers spec's month (the same windows, so a whole run syncs them once). */
const SYNCED = { from: utcDay(Date.now() - 31 * DAY_MS), to: utcDay(Date.now() - DAY_MS) };
/** The local days those hold whole: a Central day runs into the next UTC day. */
const SHOWN = { from: SYNCED.from, to: utcDay(Date.now() - 2 * DAY_MS) };
const RESOURCES = ['memberships', 'status-changes'];

interface ResourceStatus {
  resource: string;
  windows: Array<{ state: string; error: string | null }>;
}

async function syncMemberships(request: APIRequestContext, baseURL: string): Promise<void> {
  const started = await request.post('/api/trpc/sync.resources.backfill', { data: { ...SYNCED, resources: RESOURCES }, headers: { origin: baseURL } });
  expect(started.ok(), await started.text()).toBe(true);
  const input = encodeURIComponent(JSON.stringify({ ...SYNCED, resources: RESOURCES }));
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/trpc/sync.resources.status?input=${input}`);
        expect(response.ok(), await response.text()).toBe(true);
        const statuses = ((await response.json()) as { result: { data: ResourceStatus[] } }).result.data;
        const failed = statuses.flatMap((s) => s.windows.filter((w) => w.state === 'failed').map((w) => `${s.resource}: ${w.error ?? ''}`));
        expect(failed).toEqual([]);
        return statuses.filter((s) => s.windows.length === 0 || s.windows.some((w) => w.state !== 'done')).map((s) => s.resource);
      },
      { timeout: 600_000, intervals: [5_000] },
    )
    .toEqual([]);
}

/** The calendar months a range touches (`2026-10`, `2026-11`). */
function monthsOf(range: { from: string; to: string }): string[] {
  const months = new Set<string>();
  for (let day = Date.parse(`${range.from}T00:00:00Z`); day <= Date.parse(`${range.to}T00:00:00Z`); day += DAY_MS) months.add(utcDay(day).slice(0, 7));
  return [...months];
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(900_000);
  const admin = await browser.newContext({ baseURL, storageState: ADMIN_STATE });
  await syncMemberships(admin.request, baseURL ?? '');
  await admin.close();
});

test('refuses the default six months until synced, naming what to backfill, then shows what is synced as partial', async ({ page }) => {
  await page.goto('/employees');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Memberships' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  const figures = page.getByTestId('membership-figures');
  const refusal = figures.getByTestId('report-not-synced');
  await expect(refusal).toContainText('Not synced');
  await expect(refusal).toContainText('memberships');
  await expect(refusal.getByRole('link', { name: 'Open Data sync' })).toHaveAttribute('href', '/sync');
  await expectNoAxeViolations(page);

  await refusal.getByRole('button', { name: 'show what is synced' }).click();
  await expect(page).toHaveURL(/partial=1/);
  await expect(figures.getByTestId('report-partial')).toContainText('Partial.');
  await expect(figures.getByTestId('report-partial')).toContainText('memberships (first missing day');
  await expect(figures.getByTestId('report-partial').getByRole('link')).toHaveAttribute('href', '/sync');
  await expect(figures.getByTestId('active-members-chart')).toBeVisible();
});

test('shows active members, churn and the cohort grid of a synced month, the grid the same as a heat map and as a table', async ({ page }) => {
  await page.goto('/memberships');
  const filters = page.getByRole('form', { name: 'Membership filters' });
  await filters.getByLabel('From').fill(SHOWN.from);
  await filters.getByLabel('To').fill(SHOWN.to);
  await filters.getByRole('button', { name: 'Show memberships' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${SHOWN.from}&to=${SHOWN.to}`));
  await expect(page.getByTestId('membership-figures').getByTestId('report-coverage')).toContainText('Synced at');

  // Active members: a line over the days, and members active at the range's end.
  await expect(page.getByTestId('active-members-chart').locator('svg.recharts-surface').first()).toBeVisible();
  const activeText = (await page.getByTestId('active-members-figures').textContent()) ?? '';
  const atEnd = /, ([\d,]+) on [A-Z][a-z]{2} \d+; the most/.exec(activeText)?.[1] ?? '';
  expect(Number(atEnd.replace(/,/g, '')), activeText).toBeGreaterThan(0);

  // Churn: the bars, and a row of rates per month of the range.
  const churn = page.getByTestId('churn');
  await expect(churn.getByTestId('churn-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(churn.getByRole('table').locator('tbody tr')).toHaveCount(monthsOf(SHOWN).length);
  await expect(churn.getByRole('columnheader', { name: 'Retention' })).toBeVisible();

  // The cohort grid: a heat map whose join-month cells print their share.
  const cohorts = page.getByTestId('cohorts');
  const heatmap = cohorts.getByTestId('cohort-heatmap');
  await expect(heatmap.getByRole('rowheader').first()).toBeVisible();
  const firstRow = heatmap.locator('tbody tr').first();
  const joined = ((await firstRow.getByRole('rowheader').textContent()) ?? '').trim();
  const joinMonthShare = ((await firstRow.getByRole('cell').nth(1).textContent()) ?? '').trim();
  expect(joinMonthShare).toMatch(/^\d{1,3}\.\d%$/);
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);

  // A click away, the same grid as a plain table: the same cohort, the same share.
  const toggle = cohorts.getByRole('button', { name: /^Show as table/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(heatmap).toBeHidden();
  const table = cohorts.getByTestId('cohort-table').getByRole('table');
  await expect(table).toBeVisible();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const joinMonthColumn = headers.indexOf('Join month');
  expect(joinMonthColumn, headers.join(' | ')).toBeGreaterThan(0);
  const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: joined, exact: true }) });
  await expect(row.locator('th, td').nth(joinMonthColumn)).toHaveText(joinMonthShare);
  await expectNoAxeViolations(page);

  // One plan's cohorts: the plan is in the URL, and a reload keeps the view.
  const plan = cohorts.getByLabel('Plan');
  const planName = ((await plan.locator('option').nth(1).textContent()) ?? '').trim();
  await plan.selectOption(planName);
  await expect.poll(() => new URL(page.url()).searchParams.get('plan')).toBe(planName);
  await page.reload();
  await expect(page.getByTestId('cohorts').getByLabel('Plan')).toHaveValue(planName);
  await expect(page.getByRole('form', { name: 'Membership filters' }).getByLabel('From')).toHaveValue(SHOWN.from);
});
