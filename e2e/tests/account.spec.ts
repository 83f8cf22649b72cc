import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE, VIEWER_STATE } from './auth-states.js';

const stamp = Date.now() % 1_000_000;
const OLD_PASSWORD = 'the password at first';
const NEW_PASSWORD = 'the password chosen later';

async function signedInPage(browser: Browser, baseURL: string | undefined, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/today(\?|$)/);
  return page;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}


test('a user changes their own password: other sign-ins end, the old password is refused, the new one works', async ({ browser, baseURL, playwright }) => {
  // A user of this test's own (the demo users' passwords stay as they are), added by the demo admin.
  const username = `e2e-account-${stamp}`;
  const admin = await playwright.request.newContext({ baseURL, storageState: ADMIN_STATE });
  const added = await admin.post('/api/trpc/portalUsers.add', { data: { username, role: 'viewer', password: OLD_PASSWORD }, headers: { origin: baseURL ?? '' } });
  expect(added.status()).toBe(200);
  await admin.dispose();

  const here = await signedInPage(browser, baseURL, username, OLD_PASSWORD);
  const elsewhere = await signedInPage(browser, baseURL, username, OLD_PASSWORD);

  await here.getByRole('banner').getByRole('link', { name: 'Change password' }).click();
  await expect(here).toHaveURL(/\/account$/);
  await expect(here.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  const current = here.getByLabel('Current password');
  const fresh = here.getByLabel('New password', { exact: true });
  const confirm = here.getByLabel('Confirm new password');

  // The confirmation is checked in the browser: nothing is sent.
  await current.fill(OLD_PASSWORD);
  await fresh.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}.`);
  await here.getByRole('button', { name: 'Change password' }).click();
  await expect(confirm).toHaveAccessibleDescription(/The two passwords differ/);
  await expect(confirm).toBeFocused();

  // A wrong current password is the server's answer, at its field.
  await current.fill('not the password at all');
  await confirm.fill(NEW_PASSWORD);
  await here.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAccessibleDescription('The current password is wrong.');
  await expect(current).toBeFocused();

  await current.fill(OLD_PASSWORD);
  await here.getByRole('button', { name: 'Change password' }).click();
  await expect(here.getByRole('status').filter({ hasText: 'Your password is changed.' })).toContainText('Every other sign-in of yours was ended');
  await expect(current).toHaveValue('');

  // This browser stays signed in; the other one is sent to sign in.
  await here.goto('/employees');
  await expect(here.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
  await elsewhere.goto('/employees');
  await expect(elsewhere).toHaveURL(/\/sign-in\?next=%2Femployees$/);
  await signIn(elsewhere, username, OLD_PASSWORD);
  await expect(elsewhere.getByRole('main').getByRole('alert')).toHaveText('Wrong username or password.');
  await signIn(elsewhere, username, NEW_PASSWORD);
  await expect(elsewhere).toHaveURL(/\/today(\?|$)/);
  await expect(elsewhere.getByRole('banner')).toContainText(`${username} viewer`);

  await here.context().close();
  await elsewhere.context().close();
});

test.describe('as the demo viewer', () => {
  test.use({ storageState: VIEWER_STATE });

  test('the Change password page is there for everyone and passes the accessibility scan', async ({ page }) => {
    await page.goto('/employees');
    const link = page.getByRole('banner').getByRole('link', { name: 'Change password' });
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
    // An empty submit names every field and moves to the first; the demo password is never changed here.
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('Enter your current password');
    await expect(page.getByLabel('Current password')).toBeFocused();
    await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });
});
