import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';

// An admin's writes appear on the Activity page and on the employee's own page with the admin's
// name and the portal channel; a viewer sees them too, has no write controls, and a write the
// viewer tries directly is refused and leaves no event.

const stamp = (Date.now() % 100_000) + 3;
const employee = {
  firstName: 'Audrey',
  lastName: `Activity${stamp}`,
  email: `audrey.activity.${stamp}@example.com`,
  phone: `556${String(stamp).padStart(7, '0')}`,
  posUserId: 700_000 + stamp,
  wageRate: '14.75',
  startDate: '2026-11-02',
  availableSites: 'all',
  permission: 'Cashier',
  departments: ['Cashier'],
};
const fullName = `${employee.firstName} ${employee.lastName}`;

/** A procedure called over HTTP as the page's signed-in user, as the portal's own pages call it. */
async function mutate(request: APIRequestContext, baseURL: string, path: string, input: unknown) {
  return request.post(`/api/trpc/${path}`, { data: input, headers: { origin: baseURL } });
}

async function auditEvents(request: APIRequestContext, filter: Record<string, unknown>): Promise<Array<Record<string, unknown>>> {
  const input = encodeURIComponent(JSON.stringify({ filter, limit: 500 }));
  const response = await request.get(`/api/trpc/audit.list?input=${input}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { events: Array<Record<string, unknown>> } } }).result.data.events;
}

/** The rows of the audit table, each as its text. */
function auditRows(page: Page) {
  return page.getByTestId('audit-row');
}

let employeeId = 0;

test.describe.serial('the audit trail in the portal', () => {
  test('an admin creates and disables an employee; Activity and the employee’s page show both', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: ADMIN_STATE });
    const page = await context.newPage();
    const created = await mutate(page.request, baseURL!, 'employees.create', employee);
    expect(created.status()).toBe(200);
    employeeId = ((await created.json()) as { result: { data: { employeeId: number } } }).result.data.employeeId;
    expect((await mutate(page.request, baseURL!, 'employees.disable', { posUserId: employee.posUserId })).status()).toBe(200);

    await page.goto('/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await page.getByLabel('Employee id (optional)').fill(String(employeeId));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`employeeId=${employeeId}`));
    const rows = auditRows(page);
    await expect(rows).toHaveCount(2);
    // Newest first: the disable, then the create; both by the admin, from the portal, finished.
    await expect(rows.nth(0)).toContainText('Disable employee');
    await expect(rows.nth(1)).toContainText('Create employee');
    for (const row of [rows.nth(0), rows.nth(1)]) {
      await expect(row.getByRole('cell').nth(1)).toHaveText('admin');
      await expect(row.getByRole('cell').nth(2)).toHaveText('portal');
      await expect(row).toContainText('Succeeded');
    }
    // The recorded input names that a PIN was generated, never the PIN.
    await rows.nth(1).getByText('Details').click();
    await expect(rows.nth(1)).toContainText('"posPin": "generated"');

    await rows.nth(1).getByRole('link', { name: new RegExp(`employee ${employeeId}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await expect(auditRows(page)).toHaveCount(2);
    await expect(page).toHaveTitle(new RegExp(fullName));

    // The roster links each employee to that page.
    await page.goto('/employees');
    await page.getByLabel('Status').selectOption('all');
    await page.getByLabel('Search').fill(employee.lastName);
    await page.getByRole('link', { name: fullName }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${employeeId}$`));
    await context.close();
  });

  test('a viewer sees both events and no write controls; a direct write is refused and records nothing', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: VIEWER_STATE });
    const page = await context.newPage();
    await page.goto(`/activity?employeeId=${employeeId}`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Activity' })).toBeVisible();
    const rows = auditRows(page);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('admin');
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/audit?employeeId=${employeeId}`);
    await expect(page.getByRole('button', { name: /Disable|Create|New|Add/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /New employee/ })).toHaveCount(0);

    const csv = await page.request.get(`/api/audit?employeeId=${employeeId}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="washops-activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);

    const before = await auditEvents(page.request, {});
    const refused = await mutate(page.request, baseURL!, 'employees.create', { ...employee, posUserId: employee.posUserId + 1, email: `x.${employee.email}` });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe('FORBIDDEN');
    expect(await auditEvents(page.request, {})).toEqual(before);
    await context.close();
  });

  test('the CSV download needs a sign-in', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const response = await context.request.get('/api/audit');
    expect(response.status()).toBe(401);
    await context.close();
  });
});
