import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';

// Bulk changes as an admin does them: a file with one bad row, its error at the cell, the fixed file,
// the run to its end, and the results file with the PINs in the first download only.

const COLUMNS = ['firstName', 'lastName', 'phone', 'email', 'posUserId', 'wageRate', 'startDate', 'availableSites', 'permission', 'departments'];

/** Three new hires unique in this run; `badSite` puts an unknown site on the second. */
function hiresCsv(stamp: number, badSite: boolean): string {
  const rows = [0, 1, 2].map((index) => {
    const unique = stamp * 10 + index;
    return [
      'Bulk',
      `Hire${unique}`,
      `56${String(unique).padStart(8, '0').slice(-8)}`,
      `bulk.hire.${unique}@example.com`,
      String(300_000 + (unique % 290_000)),
      '15.00',
      new Date().toISOString().slice(0, 10),
      badSite && index === 1 ? 'Nowhere Wash' : 'all',
      'Cashier',
      'Cashier',
    ].join(',');
  });
  return [COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

async function upload(page: Page, name: string, csv: string): Promise<void> {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

async function downloadResults(page: Page): Promise<Array<Record<string, string>>> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the results (CSV)' }).click()]);
  expect(file.suggestedFilename()).toMatch(/-results\.csv$/);
  const [header, ...lines] = (await readFile((await file.path())!, 'utf8')).split('\r\n').filter((line) => line !== '');
  const names = cellsOf(header!);
  return lines.map((line) => Object.fromEntries(cellsOf(line).map((cell, index) => [names[index], cell])));
}

/** The cells of one CSV line (quoted cells with doubled quotes; the results have no line breaks in cells). */
function cellsOf(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) => (match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? '')));
}

test.describe('as the admin', () => {
  test.use({ storageState: ADMIN_STATE });

  test('a bad row is shown at its cell; the fixed file runs to the end; the results show the PINs once', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now() % 1_000_000;
    await page.goto('/bulk');
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    await upload(page, `hires-${stamp}.csv`, hiresCsv(stamp, true));
    const table = page.getByRole('table', { name: `Dry run of hires-${stamp}.csv` });
    await expect(page.getByTestId('bulk-counts')).toHaveText('3 rows: 2 OK, 0 with warnings, 1 with an error');
    const badRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '3', exact: true }) });
    await expect(badRow.getByText('Error', { exact: true })).toBeVisible();
    const badCell = badRow.locator('td.cell-error');
    await expect(badCell).toHaveCount(1);
    await expect(badCell).toContainText('Nowhere Wash');
    // The cell is the file's availableSites column, and its message is text in it.
    const siteColumn = await table.getByRole('columnheader').allTextContents();
    const cells = await badRow.locator('th, td').allTextContents();
    expect(cells[siteColumn.indexOf('availableSites')]).toContain('Error:');
    await expect(page.getByRole('button', { name: 'Run 3 rows' })).toBeDisabled();
    await expectNoAxeViolations(page);

    await upload(page, `hires-${stamp}.csv`, hiresCsv(stamp, false));
    await expect(page.getByTestId('bulk-counts')).toHaveText('3 rows: 3 OK, 0 with warnings, 0 with errors');
    await page.getByRole('button', { name: 'Run 3 rows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create 3 employees?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    await dialog.getByRole('button', { name: 'Create them' }).click();

    const run = page.getByRole('region', { name: `New hires: hires-${stamp}.csv` });
    const progress = run.getByRole('progressbar');
    await expect(progress).toHaveAttribute('max', '3');
    await expect(progress).toHaveAttribute('value', '3', { timeout: 60_000 });
    await expect(run.getByTestId('bulk-progress')).toContainText('3 of 3 rows done, 0 failed, 0 remaining');
    await expect(run.getByText('Finished', { exact: true })).toBeVisible();
    await expect(run.getByText('The PINs and passwords are shown once')).toBeVisible();
    await expect(run.getByRole('table', { name: `Results of hires-${stamp}.csv` }).getByText('Done', { exact: true })).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    const first = await downloadResults(page);
    expect(first.map((row) => row['row'])).toEqual(['2', '3', '4']);
    for (const row of first) expect(row['posPin']).toMatch(/^\d{5}$/);
    await expect(run.getByText(/were in the download of/)).toBeVisible();
    const second = await downloadResults(page);
    expect(second).toHaveLength(3);
    for (const row of second) expect(row['posPin']).not.toMatch(/^\d{5}$/);

    // The history lists it, newest first, and opens it again.
    const history = page.getByRole('table', { name: 'History' });
    await expect(history.getByRole('row').nth(1)).toContainText(`hires-${stamp}.csv`);
    await expect(history.getByRole('row').nth(1)).toContainText('Finished');
  });

  test('a file over the limit is refused in the browser, and by the server with the file error, not a bare 413', async ({ page, baseURL }) => {
    await page.goto('/bulk');
    await upload(page, 'huge.csv', `${COLUMNS.join(',')}\r\n${'x'.repeat(1_048_576)}`);
    const refusal = page.getByRole('alert').filter({ hasText: 'This file is' });
    await expect(refusal).toContainText('This file is 1,048,6');
    await expect(refusal).toContainText('over the limit of 1 MiB');
    await expect(page.getByRole('table', { name: /^Dry run/ })).toHaveCount(0);

    const tenMegabytes = Buffer.from(`${COLUMNS.join(',')}\r\n${'y'.repeat(10_000_000)}`).toString('base64');
    const response = await page.request.post('/api/trpc/bulk.check', {
      data: { kind: 'create', fileName: 'ten.csv', contentBase64: tenMegabytes },
      headers: { origin: baseURL ?? '' },
    });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { error: { data: { publicError: { code: string; message: string } } } };
    expect(body.error.data.publicError.code).toBe('BULK_FILE_ERROR');
  });
});

test.describe('as the viewer', () => {
  test.use({ storageState: VIEWER_STATE });

  test('cannot open the page: no link, no controls, and a direct call is refused', async ({ page, baseURL }) => {
    await page.goto('/employees');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Bulk changes' })).toHaveCount(0);
    await page.goto('/bulk');
    await expect(page.getByText('Only an admin can make bulk changes.')).toBeVisible();
    await expect(page.getByLabel('CSV file')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    const response = await page.request.post('/api/trpc/bulk.check', {
      data: { kind: 'disable', fileName: 'leavers.csv', contentBase64: Buffer.from('posUserId\r\n4021\r\n').toString('base64') },
      headers: { origin: baseURL ?? '' },
    });
    expect(response.status()).toBe(403);
    expect((await page.request.get('/api/bulk/00000000-0000-4000-8000-000000000000/results')).status()).toBe(403);
  });
});
