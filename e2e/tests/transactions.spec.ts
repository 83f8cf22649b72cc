import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';

test.use({ storageState: ADMIN_STATE });

/** The newest export card of a site (the list is newest first). */
function exportCard(page: Page, site: string) {
  return page.getByRole('listitem', { name: new RegExp(`^Export ${site},`) }).first();
}

async function startExport(page: Page, site: string) {
  await page.goto('/transactions/export');
  const siteSelect = page.getByRole('combobox', { name: 'Site' });
  await expect(siteSelect).toBeEnabled();
  await siteSelect.selectOption(site);
  await page.getByRole('button', { name: 'Start export' }).click();
  const card = exportCard(page, site);
  await expect(card).toContainText('Running');
  return card;
}

test('filters a week for one site: every row is that site, with totals and the daily chart', async ({ page }) => {
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Site (optional)' })).toBeEnabled();
  await page.getByRole('combobox', { name: 'Site (optional)' }).selectOption('ECOM');
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/site=ECOM/);
  await expect(page.getByText('All pages loaded.')).toBeVisible({ timeout: 30_000 });
  const count = Number((await page.getByTestId('row-count').textContent())?.replace(/,/g, ''));
  expect(count).toBeGreaterThan(100);
  await expect(page.getByTestId('sum-total')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole('figure', { name: 'Daily totals per site' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions' })).toHaveAttribute('aria-rowcount', String(count + 1));
  const siteCells = page.locator('tbody tr.virtual-row td:nth-child(2)');
  await expect(siteCells.first()).toHaveText('ECOM');
  expect(new Set(await siteCells.allTextContents())).toEqual(new Set(['ECOM']));

  // More than 31 days is refused at the field with the client's message, before any request.
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Show transactions' }).click();
  await expect(page.getByText(/the Data API accepts at most 31 days/)).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('opens a transaction: header, tenders, items and discounts', async ({ page }) => {
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/transactions?from=${day}&to=${day}&site=ECOM`);
  const first = page.getByRole('link', { name: /^Transaction \d+$/ }).first();
  const label = (await first.getAttribute('aria-label')) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/transactions\/\d+%3A\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('E-Comm 1');
  for (const section of ['Tenders', 'Items', 'Discounts']) {
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${section}`) })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Items' }).getByRole('row')).not.toHaveCount(0);
  await page.getByRole('button', { name: '← Back to the list' }).click();
  await expect(page).toHaveURL(/\/transactions\?from=/);
});

test('runs an export to completion; the CSV has one row per record reported, for its owner only', async ({ page, playwright, baseURL }) => {
  const card = await startExport(page, 'CENT');
  await expect(card.getByTestId('export-progress')).toContainText(/\d+ of \d+ pages/);
  const download = card.getByRole('link', { name: 'Download CSV' });
  await expect(download).toBeVisible({ timeout: 45_000 });
  const records = Number((await card.getByTestId('export-records').textContent())?.replace(/[^\d]/g, ''));
  expect(records).toBeGreaterThan(1000);

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^transactions-CENT-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toMatch(/^transaction_id,number,site,complete_date,/);
  expect(lines.length - 1).toBe(records);
  expect(lines[1]).toMatch(/^\d+:\d+,\d+,CENT,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);

  // The download checks the session and the owner: nobody else gets the file.
  const href = (await download.getAttribute('href'))!;
  // Explicitly without cookies: new request contexts inherit the test's (admin) storage state.
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const viewer = await playwright.request.newContext({ baseURL, storageState: VIEWER_STATE });
  try {
    expect((await anonymous.get(href)).status()).toBe(401);
    expect((await viewer.get(href)).status()).toBe(404);
  } finally {
    await Promise.all([anonymous.dispose(), viewer.dispose()]);
  }
});

test('cancels an export midway: it stops and offers nothing to download', async ({ page }) => {
  const card = await startExport(page, 'CENT');
  await expect(card.getByTestId('export-progress')).toContainText(/[1-9]\d* of \d+ pages/, { timeout: 20_000 });
  await card.getByRole('button', { name: 'Cancel export' }).click();
  await expect(card).toContainText('Cancelled');
  const text = (await card.textContent()) ?? '';
  const [, done, total] = /Cancelled after (\d+) of (\d+) pages/.exec(text) ?? [];
  expect(Number(done)).toBeLessThan(Number(total));
  await expect(card.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  // It stays cancelled: the server stopped the job instead of finishing it quietly.
  await page.waitForTimeout(3000);
  await page.reload();
  const cancelled = exportCard(page, 'CENT');
  await expect(cancelled).toContainText('Cancelled');

  // Run again starts a new export of the same site and day, which runs to a CSV; the cancelled one stays listed below it.
  const day = /^Export (CENT, .+)$/.exec((await cancelled.getAttribute('aria-label')) ?? '')?.[1];
  const sameDay = page.getByRole('listitem', { name: `Export ${day}` });
  const listed = await sameDay.count();
  await cancelled.getByRole('button', { name: `Run again: ${day}` }).click();
  await expect(sameDay).toHaveCount(listed + 1);
  await expect(sameDay.nth(1)).toContainText('Cancelled');
  await expect(sameDay.first().getByRole('link', { name: 'Download CSV' })).toBeVisible({ timeout: 45_000 });
});
