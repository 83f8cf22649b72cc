import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';
import { newEmployee, trpcCall } from './employee-life.js';

// The employee's whole life on their page: a raise, a corrected phone, a re-hire; and a Back Office
// template applied from the users page. Each write is confirmed first and its verified result shown.

test.use({ storageState: ADMIN_STATE });

/** The profile as shown, by label. */
async function profileOf(page: Page): Promise<Record<string, string>> {
  const profile = page.getByRole('region', { name: 'Profile' }).locator('dl').first();
  await expect(profile).toBeVisible();
  const labels = await profile.locator('dt').allTextContents();
  const values = await profile.locator('dd').allTextContents();
  return Object.fromEntries(labels.map((label, index) => [label, values[index] ?? '']));
}

test('a raise with a future effective date shows first in the wage history', async ({ page, baseURL }) => {
  const employee = await newEmployee(page.request, baseURL, 'Raise');
  await page.goto(`/employees/${employee.employeeId}`);
  await page.getByRole('button', { name: 'New wage' }).click();

  const date = page.getByLabel('Effective date');
  // The first record is effective from the start date (today): the picker starts the day after.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await expect(date).toHaveAttribute('min', tomorrow);
  await expect(date).toHaveAccessibleDescription(/ignores a new wage effective on or before the latest one/);
  await page.getByLabel('Regular rate (dollars per hour)').fill('18.75');
  await date.fill('2031-03-01');
  await page.getByRole('button', { name: 'Review the new wage' }).click();

  const confirm = page.getByRole('dialog', { name: `Give ${employee.name} a new wage?` });
  await expect(confirm).toContainText('$18.75/hr');
  await expect(confirm).toContainText('$28.12/hr (1.5 × the regular rate)');
  await expect(confirm).toContainText('Mar 1, 2031');
  await confirm.getByRole('button', { name: 'Add the wage' }).click();
  const done = page.getByRole('dialog', { name: `${employee.name} has a new wage` });
  await expect(done.getByRole('status')).toContainText('$18.75/hr from Mar 1, 2031');
  await done.getByRole('button', { name: 'Close' }).click();

  const rows = page.getByRole('table', { name: 'Wage history' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Mar 1, 2031');
  await expect(rows.nth(1)).toContainText('$18.75/hr');
  await expect(rows.nth(2)).toContainText('$15.00/hr');
});

test('a date the BackOffice would ignore is refused in the form, saying why', async ({ page, baseURL }) => {
  const employee = await newEmployee(page.request, baseURL, 'Early');
  await page.goto(`/employees/${employee.employeeId}`);
  await page.getByRole('button', { name: 'New wage' }).click();
  await page.getByLabel('Regular rate (dollars per hour)').fill('16.00');
  await page.getByLabel('Effective date').fill('2020-01-01');
  await page.getByRole('button', { name: 'Review the new wage' }).click();
  await expect(page.getByLabel('Effective date')).toHaveAccessibleDescription(/^Choose .* or later: the BackOffice ignores/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a new phone number changes the phone only', async ({ page, baseURL }) => {
  const employee = await newEmployee(page.request, baseURL, 'Phone');
  await page.goto(`/employees/${employee.employeeId}`);
  const before = await profileOf(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Phone', { exact: true }).fill('(555) 777-1234');
  await page.getByRole('button', { name: 'Review changes' }).click();

  const confirm = page.getByRole('dialog', { name: `Change ${employee.name}?` });
  const changes = confirm.getByRole('table', { name: 'The changes' }).getByRole('row');
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(1)).toHaveText(`Phone${before['Phone']}(555) 777-1234`);
  await confirm.getByRole('button', { name: 'Save changes' }).click();
  const done = page.getByRole('dialog', { name: `${employee.name} is updated` });
  await expect(done.getByRole('status')).toContainText('ChangedPhone');
  await done.getByRole('button', { name: 'Close' }).click();

  // The client sends the digits, and the BackOffice keeps what it was sent.
  await expect(page.getByRole('region', { name: 'Profile' }).locator('dd').nth(2)).toHaveText('5557771234');
  expect(await profileOf(page)).toEqual({ ...before, Phone: '5557771234' });
});

test('a disabled employee is reactivated after a confirmation', async ({ page, baseURL }) => {
  const employee = await newEmployee(page.request, baseURL, 'Rehire');
  await trpcCall(page.request, baseURL, 'employees.disable', { posUserId: employee.posUserId });
  await page.goto(`/employees/${employee.employeeId}`);
  expect((await profileOf(page))['Status']).toBe('Disabled');
  await page.getByRole('button', { name: 'Reactivate' }).click();

  const confirm = page.getByRole('dialog', { name: `Reactivate ${employee.name}?` });
  await expect(confirm).toContainText(`POS user id ${employee.posUserId}`);
  await confirm.getByRole('button', { name: 'Reactivate employee' }).click();
  const done = page.getByRole('dialog', { name: `${employee.name} is active again` });
  await expect(done.getByRole('status')).toContainText('The BackOffice confirms');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect.poll(async () => (await profileOf(page))['Status']).toBe('Active');
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
});

test('a POS template is changed after a confirmation', async ({ page, baseURL }) => {
  const employee = await newEmployee(page.request, baseURL, 'Template');
  await page.goto(`/employees/${employee.employeeId}`);
  await expect(page.getByRole('region', { name: 'POS permission' })).toContainText('Template Cashier');
  await page.getByRole('button', { name: 'Change template' }).click();
  await page.getByLabel('POS template').selectOption('Shift Leader');
  await page.getByRole('button', { name: 'Apply template' }).click();
  const confirm = page.getByRole('dialog', { name: `Give ${employee.name} the template Shift Leader?` });
  await confirm.getByRole('button', { name: 'Apply template' }).click();
  await page.getByRole('dialog', { name: `${employee.name} has the template Shift Leader` }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('region', { name: 'POS permission' })).toContainText('Template Shift Leader');
});

test('a Back Office template is applied to a user from the list', async ({ page, baseURL }) => {
  const username = `tpl_e2e_${Date.now() % 1_000_000}`;
  // Created with the Manager template (and so with sites: the BackOffice refuses a template to a user without any).
  const created = await trpcCall<{ templateApplied: boolean }>(page.request, baseURL, 'backofficeUsers.create', {
    username,
    email: `${username}@example.com`,
    permission: 'Manager',
    firstName: 'Tem',
    lastName: 'Plate',
  });
  expect(created.templateApplied).toBe(true);
  await page.goto('/users');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(username) })).toBeVisible();
  await page.getByLabel('User', { exact: true }).selectOption(username);
  await page.getByLabel('Template', { exact: true }).selectOption('General User');
  await page.getByRole('button', { name: 'Apply template' }).click();

  const confirm = page.getByRole('dialog', { name: `Give ${username} the template General User?` });
  await expect(confirm).toContainText('The sites they may access do not change');
  await confirm.getByRole('button', { name: 'Apply template' }).click();
  const done = page.getByRole('dialog', { name: `${username} has the template General User` });
  await expect(done.getByRole('status')).toContainText(`${username} now has the permissions of General User`);
  await done.getByRole('button', { name: 'Close' }).click();
});

test('a new Back Office user gets its template applied, and the result says so', async ({ page }) => {
  const username = `auto_e2e_${Date.now() % 1_000_000}`;
  await page.goto('/users');
  await expect(page.getByRole('checkbox', { name: 'Apply the permission template' })).toBeChecked();
  await page.getByRole('radio', { name: 'Standalone' }).check();
  await page.getByLabel('First name').fill('Auto');
  await page.getByLabel('Last name').fill('Applied');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
  await page.getByLabel('Permission', { exact: true }).selectOption('General User');
  await page.getByRole('button', { name: 'Create Back Office user' }).click();
  await expect(page.getByTestId('template-applied')).toHaveText('General User, applied and read back');
  await expect(page.getByRole('main')).not.toContainText('was not applied');
});

test.describe('as a viewer', () => {
  test.use({ storageState: VIEWER_STATE });

  test('the employee page and the Back Office users have no write controls', async ({ page }) => {
    await page.goto('/employees');
    const first = page.getByRole('row').nth(1).getByRole('link').first();
    await first.click();
    await expect(page.getByRole('region', { name: 'Wage history' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' }).getByRole('button')).toHaveCount(0);
    await page.goto('/users');
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply template' })).toHaveCount(0);
  });
});
