import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';
import { newEmployee } from './employee-life.js';

// Every page of the portal, as each role sees it, passes axe-core's WCAG 2.1 A and AA rules once its
// content has loaded (other specs scan the states their flows reach: dialogs, results, errors).

/** Each page with the heading that says its content is there. */
const PAGES = [
  { path: '/today', heading: 'Today' },
  { path: '/employees', heading: 'Employees' },
  { path: '/employees/new', heading: 'New employee' },
  { path: '/users', heading: 'Back Office users' },
  { path: '/transactions', heading: 'Transactions' },
  { path: '/transactions/export', heading: 'Export transactions' },
  { path: '/reports', heading: 'Reports' },
  { path: '/labor', heading: 'Labor' },
  { path: '/digest', heading: 'Daily digest' },
  { path: '/customers', heading: 'Customers' },
  { path: '/memberships', heading: 'Memberships' },
  { path: '/items', heading: 'Items' },
  { path: '/time-clock', heading: 'Time clock' },
  { path: '/gift-cards', heading: 'Gift cards' },
  { path: '/admin/users', heading: 'Portal users' },
  { path: '/account', heading: 'Change password' },
  { path: '/activity', heading: 'Activity' },
  { path: '/bulk', heading: 'Bulk changes' },
] as const;

async function scanPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
}

test('the sign-in page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await context.close();
});

// At least one event for the Activity page to show: a refused disable (no such POS id) changes nothing at the tenant.
test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: ADMIN_STATE });
  const response = await context.request.post('/api/trpc/employees.disable', { data: { posUserId: 999_999 }, headers: { origin: baseURL ?? '' } });
  expect(response.status()).toBe(404);
  await context.close();
});

for (const [role, state] of [['admin', ADMIN_STATE], ['viewer', VIEWER_STATE]] as const) {
  test.describe(`as the ${role}`, () => {
    test.use({ storageState: state });

    for (const { path, heading } of PAGES) {
      test(`${path}`, async ({ page }) => {
        await scanPage(page, path, heading);
      });
    }

    test('an employee’s history page', async ({ page }) => {
      await page.goto('/employees');
      const first = page.getByRole('row').nth(1).getByRole('link').first();
      const name = (await first.textContent())?.trim() ?? '';
      await first.click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });

    test('an employee’s page with the profile, wages and permission loaded', async ({ page, browser, baseURL }) => {
      const admin = await browser.newContext({ baseURL, storageState: ADMIN_STATE });
      const employee = await newEmployee(admin.request, baseURL, 'Axe');
      await admin.close();
      await page.goto(`/employees/${employee.employeeId}`);
      await expect(page.getByRole('region', { name: 'Wage history' }).getByRole('table')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      if (role === 'admin') {
        // The edit form open, then its confirmation over it.
        await page.getByRole('button', { name: 'Edit' }).click();
        await page.getByLabel('Phone', { exact: true }).fill('(555) 444-0101');
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Review changes' }).click();
        await expect(page.getByRole('dialog', { name: `Change ${employee.name}?` })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        // The new wage form with its date rule, and its confirmation.
        await page.getByRole('button', { name: 'New wage' }).click();
        await page.getByLabel('Regular rate (dollars per hour)').fill('19.00');
        await page.getByRole('button', { name: 'Review the new wage' }).click();
        await expect(page.getByRole('dialog', { name: `Give ${employee.name} a new wage?` })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });

    test('the Back Office users page with the list loaded', async ({ page }) => {
      await page.goto('/users');
      await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      if (role === 'admin') {
        await page.getByLabel('User', { exact: true }).selectOption({ index: 1 });
        await page.getByLabel('Template', { exact: true }).selectOption({ index: 1 });
        await page.getByRole('button', { name: 'Apply template' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });

    test('the Activity page with a row’s details open', async ({ page }) => {
      await page.goto('/activity');
      await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
      await page.getByTestId('audit-row').first().getByText('Details').click();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });

    test('a transaction’s detail page', async ({ page }) => {
      const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await page.goto(`/transactions?from=${day}&to=${day}&site=ECOM`);
      const first = page.getByRole('link', { name: /^Transaction \d+$/ }).first();
      const label = (await first.getAttribute('aria-label')) ?? '';
      await first.click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Items' }).getByRole('row')).not.toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}
