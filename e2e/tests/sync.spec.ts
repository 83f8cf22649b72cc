import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';

// The demo chain's sites keep Central time: the browser does too, so its days are the sites' days.
test.use({ timezoneId: 'America/Chicago' });

/** Three of the chain's quieter sites (a site-day is a dozen pages), named alike by both systems. */
const SITES = ['NOLO', 'DKSN', 'FRVW'];

/** `YYYY-MM-DD` of `offset` days from today in Central time. */
function centralDay(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(day);
}

test.describe('as an admin', () => {
  test.use({ storageState: ADMIN_STATE });

  test('backfills two days of three sites from the Data sync page, then the explorer answers them from the warehouse', async ({ page }) => {
    test.setTimeout(180_000);
    const [from, to] = [centralDay(-2), centralDay(-1)];
    await page.goto('/sync');
    await expect(page.getByRole('heading', { level: 1, name: 'Data sync' })).toBeVisible();
    await expect(page.getByTestId('budget')).toContainText('of 20 requests');
    await expectNoAxeViolations(page);

    const form = page.getByRole('form', { name: 'Start a backfill' });
    await form.getByLabel('First day').fill(from);
    await form.getByLabel('Last day').fill(to);
    for (const site of SITES) await form.getByRole('checkbox', { name: new RegExp(`^${site} `) }).check();
    await form.getByRole('button', { name: 'Start backfill' }).click();
    await expect(form.getByRole('status')).toContainText('of 6 site-days');

    // The grid shows the backfill's range and fills in as the worker syncs, a word in every cell.
    const grid = page.getByRole('table', { name: /^Site-days from/ });
    await expect(grid.getByRole('rowheader')).toHaveCount(SITES.length);
    expect((await grid.getByRole('rowheader').allTextContents()).sort()).toEqual([...SITES].sort());
    await expect(page.getByTestId('count-done')).toHaveText('6', { timeout: 150_000 });
    await expect(grid.locator('td[data-state="done"]')).toHaveCount(6);
    await expect(grid.locator('td[data-state="done"]').first()).toContainText('Synced');
    await expect(page.getByText('6 of 6 site-days synced')).toBeVisible();
    await expectNoAxeViolations(page);

    // Pausing asks first, then shows the sync paused; resuming puts it back.
    await page.getByRole('button', { name: 'Pause sync' }).click();
    await expect(page.getByRole('dialog', { name: 'Pause the sync?' })).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByTestId('sync-state')).toHaveText('Paused');
    await page.getByRole('button', { name: 'Resume sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(page.getByTestId('sync-state')).toHaveText('Running');

    // The explorer on that range answers from the warehouse, at once, and says so.
    const started = Date.now();
    await page.goto(`/transactions?from=${from}&to=${to}&site=${SITES[0]}`);
    await expect(page.getByTestId('list-source')).toContainText('Synced at', { timeout: 10_000 });
    await expect(page.getByText('All pages loaded.')).toBeVisible();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(Number((await page.getByTestId('row-count').textContent())?.replace(/,/g, ''))).toBeGreaterThan(100);
    await expect(page.getByRole('link', { name: 'Export this range as CSV' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A range not synced goes live and says why.
    await page.goto(`/transactions?from=${to}&to=${to}&site=ECOM`);
    await expect(page.getByTestId('list-source')).toContainText('Live from the Data API');
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: VIEWER_STATE });

  test('sees the grid and the status, without the controls', async ({ page }) => {
    await page.goto('/sync');
    await expect(page.getByRole('heading', { level: 2, name: 'Status' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Site-days from/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start backfill' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Pause sync|Resume sync/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
