import { expect, test } from '@playwright/test';
import { ADMIN_STATE } from './auth-states.js';

test.use({ storageState: ADMIN_STATE });

test('an admin creates a standalone Back Office user and sees the generated password once', async ({ page }) => {
  const stamp = Date.now() % 100_000;
  await page.goto('/users');
  await page.getByRole('radio', { name: 'Standalone' }).check();
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Standalone');
  await page.getByLabel('Username').fill(`sam_e2e_${stamp}`);
  await page.getByLabel('Email', { exact: true }).fill(`sam.e2e.${stamp}@example.com`);
  await page.getByLabel('Permission', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create Back Office user' }).click();

  await expect(page.getByRole('status')).toContainText(`Back Office user sam_e2e_${stamp} created`);
  const password = page.getByTestId('generated-password');
  await expect(password).toHaveText(/^.{16}$/);
  await page.getByRole('button', { name: 'Create another Back Office user' }).click();
  await expect(password).toHaveCount(0);
});

test('a linked user needs an existing employee key, checked in the browser first', async ({ page }) => {
  await page.goto('/users');
  await page.getByLabel("Employee's POS user id").fill('abc');
  await page.getByLabel('Username').fill('x');
  await page.getByRole('button', { name: 'Create Back Office user' }).click();
  await expect(page.getByLabel("Employee's POS user id")).toHaveAccessibleDescription(/posUserId must be a number/);
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
});

test('linking to an employee that does not exist is reported at the link field', async ({ page }) => {
  await page.goto('/users');
  await page.getByLabel("Employee's POS user id").fill('999999');
  await page.getByLabel('Username').fill('nobody_link');
  await page.getByLabel('Email', { exact: true }).fill('nobody.link@example.com');
  await page.getByLabel('Permission', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create Back Office user' }).click();
  const link = page.getByLabel("Employee's POS user id");
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription(/No employee has POS user id 999999/);
  await expect(link).toBeFocused();
  // Editing another field leaves the server's answer about the link in place.
  await page.getByLabel('Username').fill('nobody_link2');
  await expect(link).toHaveAccessibleDescription(/No employee has POS user id 999999/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});
