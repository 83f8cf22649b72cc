import { expect, test } from '@playwright/test';

test('the portal serves its home page in a real browser', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('WashOps');
  await expect(page.getByRole('heading', { level: 1, name: 'WashOps' })).toBeVisible();
});
