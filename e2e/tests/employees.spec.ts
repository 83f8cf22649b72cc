import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE } from './auth-states.js';

test.use({ storageState: ADMIN_STATE });

// One employee per run, unique even when the simulators keep state between runs.
const stamp = Date.now() % 100_000;
const employee = {
  firstName: 'Edith',
  lastName: `Endtoend${stamp}`,
  email: `edith.e2e.${stamp}@example.com`,
  phone: `555${String(stamp).padStart(7, '0')}`,
  posUserId: String(900_000 + stamp),
};
const fullName = `${employee.firstName} ${employee.lastName}`;

async function fillEmployee(page: Page, values: Partial<typeof employee> = {}) {
  const v = { ...employee, ...values };
  await page.getByLabel('First name').fill(v.firstName);
  await page.getByLabel('Last name').fill(v.lastName);
  await page.getByLabel('Email', { exact: true }).fill(v.email);
  await page.getByLabel('Phone', { exact: true }).fill(v.phone);
  await page.getByLabel('POS user id').fill(v.posUserId);
  await page.getByLabel('Permission').selectOption('Cashier');
  await page.getByLabel('Wage rate (USD per hour)', { exact: true }).fill('14.25');
  await page.getByRole('checkbox', { name: 'Cashier' }).check();
}

test.describe.serial('an admin manages an employee', () => {
  test('creates an employee, sees the PIN, and finds the employee in the roster', async ({ page }) => {
    await page.goto('/employees');
    await page.getByRole('link', { name: 'New employee' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New employee' })).toBeVisible();
    await fillEmployee(page);
    // The availability checks answer as the admin types.
    await expect(page.getByText('This POS user id is free.')).toBeVisible();
    await expect(page.getByText('This email is free.')).toBeVisible();
    await page.getByRole('checkbox', { name: /Also create a Back Office user/ }).check();
    await page.getByLabel('Back Office username').fill(`edith_${stamp}`);
    await page.getByRole('button', { name: 'Create employee' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Employee created' })).toBeVisible();
    await expect(page.getByTestId('pos-pin')).toHaveText(/^\d{5}$/);
    const result = page.getByRole('status');
    await expect(result).toContainText(fullName);
    await expect(result).toContainText(`edith_${stamp}`);
    await expect(page.getByTestId('backoffice-password')).toHaveText(/^.{16}$/);

    await page.getByRole('link', { name: 'Back to the roster' }).click();
    await page.getByLabel('Search').fill(employee.lastName);
    const row = page.getByRole('row', { name: new RegExp(fullName) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(employee.posUserId);
    await expect(row).toContainText('Active');
  });

  test('disables the employee through the confirmation and sees the verified result', async ({ page }) => {
    await page.goto('/employees');
    await page.getByLabel('Search').fill(employee.lastName);
    await page.getByRole('button', { name: `Disable ${fullName}` }).click();

    const dialog = page.getByRole('dialog', { name: `Disable ${fullName}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`POS user id ${employee.posUserId}`);
    await dialog.getByRole('button', { name: 'Disable employee' }).click();

    const done = page.getByRole('dialog', { name: `${fullName} is disabled` });
    await expect(done).toBeVisible();
    await expect(done.getByRole('status')).toContainText('no longer active');
    // The linked Back Office user is left alone, and the result says so.
    await expect(done).toContainText(/Back Office user/);
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(done).toBeHidden();
    // The row's Disable button is gone with the row, so the focus comes back to the search.
    await expect(page.getByLabel('Search')).toBeFocused();

    // Gone from the active list, present among the disabled.
    await expect(page.getByText(/No active employees match/)).toBeVisible();
    await page.getByLabel('Status').selectOption('inactive');
    const row = page.getByRole('row', { name: new RegExp(fullName) });
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button')).toHaveCount(0);
  });
});

test('a duplicate POS user id is reported at the field', async ({ page }) => {
  await page.goto('/employees');
  // The first employee of the roster that has a POS user id.
  const posCell = page.locator('tbody tr > td:nth-child(2)').filter({ hasText: /^\d+$/ }).first();
  const firstPosId = (await posCell.textContent())?.trim() ?? '';
  expect(firstPosId).toMatch(/^\d+$/);

  await page.goto('/employees/new');
  await fillEmployee(page, { posUserId: firstPosId, email: `dup.${stamp}@example.com`, phone: `556${String(stamp).padStart(7, '0')}` });
  const posField = page.getByLabel('POS user id');
  await expect(posField).toHaveAttribute('aria-invalid', 'true');
  await expect(posField).toHaveAccessibleDescription(/already used by another employee/);
  await page.getByRole('button', { name: 'Create employee' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New employee' })).toBeVisible();
  await expect(posField).toBeFocused();
  await expect(posField).toHaveAttribute('aria-invalid', 'true');
});

test('form errors are tied to their fields', async ({ page }) => {
  await page.goto('/employees/new');
  await page.getByRole('button', { name: 'Create employee' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('email must look like name@domain.tld');
  await expect(page.getByLabel('POS user id')).toHaveAccessibleDescription('posUserId is required');
  await expect(page.getByLabel('First name')).toBeFocused();

  // When the only problem is a group of checkboxes, its first box takes the focus.
  await fillEmployee(page, { posUserId: String(800_000 + stamp), email: `focus.${stamp}@example.com`, phone: `557${String(stamp).padStart(7, '0')}` });
  await page.getByRole('checkbox', { name: 'Cashier' }).uncheck();
  await page.getByRole('button', { name: 'Create employee' }).click();
  const departments = page.getByRole('group', { name: 'Departments' });
  await expect(departments).toHaveAccessibleDescription('Choose at least one department');
  await expect(departments.getByRole('checkbox').first()).toBeFocused();
});
