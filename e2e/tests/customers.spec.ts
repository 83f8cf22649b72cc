import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';

// The resource pages over a warehouse the portal's own sync filled from the simulator: customers (found by phone,
// their membership's status history, their last washes), items, the time clock and gift cards; a viewer sees a
// customer's contact details masked, an admin reveals them.

/** A quiet region of the demo chain (the Reports spec syncs the same week): its transactions are the customers' washes. */
const REGION = 'Global Region';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The resources' range: the 31 UTC days up to yesterday (days that have ended). */
const RESOURCE_RANGE = { from: utcDay(Date.now() - 31 * DAY_MS), to: utcDay(Date.now() - DAY_MS) };
/**
 * The transactions' range: 7 days that have ended at every site. A site-day is synced once its local day is over, and
 * yesterday in UTC is still today in Central time for the first hours of a UTC day.
 */
const WASH_RANGE = { from: utcDay(Date.now() - 8 * DAY_MS), to: utcDay(Date.now() - 2 * DAY_MS) };

async function trpcQuery<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function trpcMutation<T>(request: APIRequestContext, baseURL: string, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: input, headers: { origin: baseURL } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

interface ResourceStatus {
  resource: string;
  coverage: { complete: boolean };
  windows: Array<{ state: string; error: string | null }>;
}

/**
 * The resources the journeys read. Not clock entries (a request per employee per 14 days: some 350 requests for the
 * demo chain's fortnight, proven by the operations suite's sync tests) nor the employees' own records.
 */
const RESOURCES = ['customers', 'memberships', 'status-changes', 'items', 'gift-cards'];

/** Backfills the transactions of the region's last days, then those resources over the last month, waiting for each. */
async function syncEverything(request: APIRequestContext, baseURL: string): Promise<void> {
  const washes = { ...WASH_RANGE, region: REGION };
  await trpcMutation(request, baseURL, 'sync.backfill', washes);
  await expect
    .poll(
      async () => {
        const status = await trpcQuery<{ counts: { done: number; failed: number; pending: number; running: number } }>(request, 'sync.status', washes);
        expect(status.counts.failed).toBe(0);
        return status.counts.pending + status.counts.running;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(0);
  // Queued once the site-days are in, so the month of resources does not wait behind them for the budget.
  await trpcMutation(request, baseURL, 'sync.resources.backfill', { ...RESOURCE_RANGE, resources: RESOURCES });
  await expect
    .poll(
      async () => {
        const statuses = await trpcQuery<ResourceStatus[]>(request, 'sync.resources.status', { ...RESOURCE_RANGE, resources: RESOURCES });
        const failed = statuses.flatMap((s) => s.windows.filter((w) => w.state === 'failed').map((w) => `${s.resource}: ${w.error ?? ''}`));
        expect(failed).toEqual([]);
        return statuses.filter((s) => s.windows.some((w) => w.state !== 'done')).map((s) => s.resource);
      },
      // A month of those resources under the 20-request window: about 200 requests.
      { timeout: 900_000, intervals: [5_000] },
    )
    .toEqual([]);
}

interface CustomerPage {
  rows: Array<{ customerId: string }>;
}
interface Profile {
  customer: { customerId: string; firstName: string | null; lastName: string | null; contact: { phone: string | null } };
  memberships: Array<{ id: string; planName: string | null; statuses: unknown[] }>;
  lastTransactions: unknown[];
}

/** A customer with a phone, a membership with a status history and washes in the synced days (searched by a common letter). */
async function memberWithWashes(request: APIRequestContext): Promise<Profile> {
  for (const letter of ['a', 'e', 'o']) {
    for (let page = 1; page <= 5; page++) {
      const found = await trpcQuery<CustomerPage>(request, 'customers.search', { query: letter, page, pageSize: 100 });
      for (const { customerId } of found.rows) {
        const profile = await trpcQuery<Profile>(request, 'customers.get', { customerId });
        const membership = profile.memberships.find((m) => m.statuses.length > 0);
        if (membership && profile.lastTransactions.length > 0 && profile.customer.contact.phone) return profile;
      }
      if (found.rows.length < 100) break;
    }
  }
  throw new Error('no synced customer has a membership with a status history and washes in the synced days');
}

test.describe.configure({ mode: 'serial' });

let member: Profile;
/** Their phone number's digits, unmasked (read by the admin's reveal). */
let phoneDigits = '';

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(1_200_000);
  const admin = await browser.newContext({ baseURL, storageState: ADMIN_STATE });
  await syncEverything(admin.request, baseURL ?? '');
  member = await memberWithWashes(admin.request);
  await admin.close();
});

test.describe('as the admin', () => {
  test.use({ storageState: ADMIN_STATE });

  test('reveals one customer’s contact details, and the reveal is audited', async ({ page }) => {
    await page.goto(`/customers/${encodeURIComponent(member.customer.customerId)}`);
    const phone = page.getByTestId('contact-phone');
    await expect(phone).toHaveText(/^\(•••\) •••-\d{4}$/);
    await page.getByRole('button', { name: 'Reveal contact details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Shown to you unmasked' })).toBeVisible();
    await expect(phone).not.toContainText('•');
    phoneDigits = ((await phone.textContent()) ?? '').replace(/\D/g, '');
    expect(phoneDigits.length).toBeGreaterThanOrEqual(7);
    await expectNoAxeViolations(page);
    await page.goto('/activity');
    await expect(page.getByRole('table')).toContainText(member.customer.customerId);
  });
});

test.describe('as the viewer', () => {
  test.use({ storageState: VIEWER_STATE });

  test('finds a customer by phone, opens their membership, sees its status history and their last washes', async ({ page }) => {
    expect(phoneDigits, 'the admin test reads the phone first').not.toBe('');
    await page.goto('/employees');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await page.getByLabel('Name or phone').fill(phoneDigits);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${phoneDigits}`));
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByTestId('freshness')).toContainText('Synced at');
    const name = [member.customer.firstName, member.customer.lastName].filter(Boolean).join(' ');
    await expectNoAxeViolations(page);
    await results.getByRole('link', { name, exact: true }).first().click();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The sync keeps the customer list; their own record (email, address) is read when the profile opens.
    await expect(page.getByTestId('freshness')).toContainText('read live from the Data API');
    // A viewer sees the phone masked to its last four digits, and no way to reveal it.
    await expect(page.getByTestId('contact-phone')).toHaveText(`(•••) •••-${phoneDigits.slice(-4)}`);
    await expect(page.getByRole('button', { name: 'Reveal contact details' })).toHaveCount(0);
    const washes = page.getByRole('region', { name: 'Last washes' });
    await expect(washes.getByRole('row')).toHaveCount(member.lastTransactions.length + 1);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    const membership = member.memberships.find((m) => m.statuses.length > 0);
    await page
      .getByRole('region', { name: 'Memberships' })
      .getByRole('link', { name: membership?.planName ?? `Membership ${membership?.id ?? ''}` })
      .first()
      .click();
    const history = page.getByRole('region', { name: 'Status history' });
    await expect(history.getByRole('table')).toBeVisible();
    expect(await history.locator('tbody tr').count()).toBeGreaterThanOrEqual(membership?.statuses.length ?? 1);
    await expect(page.getByRole('region', { name: 'Billing history' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });

  test('items, time clock and gift cards render with data', async ({ page }) => {
    await page.goto('/items');
    await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
    const items = page.getByRole('region', { name: 'Items' }).getByRole('table');
    await expect(items.locator('tbody tr').first()).toBeVisible();
    const department = page.getByLabel('Department (optional)');
    await expect(department.locator('option').nth(1)).toBeAttached();
    const chosen = (await department.locator('option').nth(1).textContent())?.trim() ?? '';
    await department.selectOption(chosen);
    await expect(page).toHaveURL(/department=/);
    for (const cell of await items.locator('tbody tr td:nth-child(3)').allTextContents()) expect(cell.trim()).toBe(chosen);
    await expectNoAxeViolations(page);

    // Clock entries were not synced: the page says how to get them rather than reading the chain live.
    await page.goto(`/time-clock?from=${utcDay(Date.now() - 14 * DAY_MS)}&to=${RESOURCE_RANGE.to}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Time clock' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'sync clock entries first' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/gift-cards');
    await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
    await expect(page.getByTestId('outstanding-total')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByRole('region', { name: 'Liability per site' }).locator('tbody tr').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
