import { expect, test } from '@playwright/test';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';

test.use({ storageState: VIEWER_STATE });

test('a viewer sees the roster but no write controls', async ({ page }) => {
  await page.goto('/employees');
  await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('viewer');
  await expect(page.getByRole('link', { name: 'New employee' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Disable/ })).toHaveCount(0);

  await page.goto('/employees/new');
  await expect(page.getByText('Only an admin can create employees.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create employee' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back Office users' }).click();
  await expect(page.getByText('Only an admin can create Back Office users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Back Office user' })).toHaveCount(0);
});

test('a viewer’s direct write call is refused and changes nothing', async ({ page, baseURL }) => {
  await page.goto('/employees');
  // The POS user id column (the second; the first holds the name) of the first employee that has one.
  const posCell = page.locator('tbody tr > td:nth-child(2)').filter({ hasText: /^\d+$/ }).first();
  const posUserId = Number((await posCell.textContent())?.trim());
  expect(posUserId).toBeGreaterThan(0);

  const response = await page.request.post('/api/trpc/employees.disable', {
    data: { posUserId },
    headers: { origin: baseURL ?? '' },
  });
  expect(response.status()).toBe(403);
  const body = (await response.json()) as { error: { message: string } };
  expect(body.error.message).toBe('Only an admin may make changes. You are signed in as a viewer.');

  await page.reload();
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(posUserId), exact: true }) }).first()).toContainText('Active');
});

test('a viewer is refused the portal users: no link, no controls, and a direct add gets 403', async ({ page, baseURL, playwright }) => {
  await page.goto('/employees');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal users' })).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Portal users' })).toBeVisible();
  await expect(page.getByText('Only an admin can manage portal users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);

  const username = `e2e-by-viewer-${Date.now() % 1_000_000}`;
  const password = 'a viewer tried this one';
  const response = await page.request.post('/api/trpc/portalUsers.add', {
    data: { username, role: 'admin', password },
    headers: { origin: baseURL ?? '' },
  });
  expect(response.status()).toBe(403);
  const body = (await response.json()) as { error: { message: string } };
  expect(body.error.message).toBe('Only an admin may make changes. You are signed in as a viewer.');

  // Nothing was added: the name is unknown to the admin's list.
  const admin = await playwright.request.newContext({ baseURL, storageState: ADMIN_STATE });
  try {
    const list = (await (await admin.get('/api/trpc/portalUsers.list')).json()) as { result: { data: Array<{ username: string }> } };
    expect(list.result.data.map((user) => user.username)).not.toContain(username);
    expect(list.result.data.map((user) => user.username)).toContain('viewer');
  } finally {
    await admin.dispose();
  }
});
