import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE, DEMO_USERS } from './auth-states.js';

test.use({ storageState: ADMIN_STATE });

// Users of this run only: unique names, so the demo users and earlier runs are never touched.
const stamp = Date.now() % 1_000_000;
const nameFor = (what: string) => `e2e-${what}-${stamp}`;
const PASSWORD = 'first password of e2e';
const SECOND_PASSWORD = 'second password of e2e';

function userRow(page: Page, username: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
}

async function addUser(page: Page, username: string, role: 'admin' | 'viewer', password?: string): Promise<string> {
  await page.goto('/admin/users');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Role').selectOption(role);
  if (password) {
    await page.getByRole('radio', { name: 'Set a password' }).check();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
  }
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${username} as` })).toBeVisible();
  await expect(userRow(page, username)).toContainText(role === 'admin' ? 'Admin' : 'Viewer');
  return password ?? ((await page.getByTestId('generated-password').textContent()) ?? '').trim();
}

/** A browser of the user's own, with no cookie of the test's admin. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectSignedIn(page: Page, username: string, role: 'admin' | 'viewer') {
  await expect(page).toHaveURL(/\/today(\?|$)/);
  await expect(page.getByRole('banner')).toContainText(`${username} ${role}`);
}

async function expectRefused(page: Page) {
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Wrong username or password.');
  await expect(page).toHaveURL(/\/sign-in$/);
}

/**
 * The session of `page` has ended: a page view in its browser goes to the sign-in page. Viewed in a new tab: the open
 * page, its queries refused, may be sending itself to sign in at that moment, which would abort a navigation of its own.
 */
async function expectSentToSignIn(page: Page) {
  const tab = await page.context().newPage();
  try {
    await tab.goto('/transactions');
    await expect(tab).toHaveURL(/\/sign-in\?next=%2Ftransactions$/);
  } finally {
    await tab.close();
  }
}

test('an admin adds a user with a set password; they sign in and see their role', async ({ page, browser, baseURL }) => {
  const username = nameFor('set');
  await addUser(page, username, 'viewer', PASSWORD);
  await expect(page.getByTestId('generated-password')).toHaveCount(0);
  await expect(userRow(page, username)).toContainText('Active');
  await expect(userRow(page, username)).toContainText('Never');

  const theirs = await freshPage(browser, baseURL);
  await signIn(theirs, username, PASSWORD);
  await expectSignedIn(theirs, username, 'viewer');
  await expect(theirs.getByRole('link', { name: 'Portal users' })).toHaveCount(0);
  await theirs.context().close();

  await page.reload();
  await expect(userRow(page, username).getByRole('cell').nth(2)).not.toHaveText('Never');
});

test('a generated password is shown once, with a copy button and a warning, and signs in', async ({ page, browser, baseURL }) => {
  const username = nameFor('gen');
  const password = await addUser(page, username, 'viewer');
  const panel = page.getByRole('region', { name: `Generated password for ${username}` });
  await expect(panel).toContainText('It will not be shown again.');
  await expect(panel.getByRole('button', { name: 'Copy password' })).toBeVisible();
  expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);

  await page.reload();
  await expect(userRow(page, username)).toBeVisible();
  await expect(page.getByTestId('generated-password')).toHaveCount(0);

  const theirs = await freshPage(browser, baseURL);
  await signIn(theirs, username, password);
  await expectSignedIn(theirs, username, 'viewer');
  await theirs.context().close();
});

test('a password reset ends their open session; the old password is refused and the new one works', async ({ page, browser, baseURL }) => {
  const username = nameFor('reset');
  await addUser(page, username, 'viewer', PASSWORD);
  const theirs = await freshPage(browser, baseURL);
  await signIn(theirs, username, PASSWORD);
  await expectSignedIn(theirs, username, 'viewer');

  await userRow(page, username).getByRole('button', { name: `Reset password: ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reset the password of ${username}` });
  await expect(dialog).toContainText('signed out everywhere at once');
  await dialog.getByRole('radio', { name: 'Set a password' }).check();
  await dialog.getByLabel('Password', { exact: true }).fill(SECOND_PASSWORD);
  await dialog.getByLabel('Confirm password').fill(`${SECOND_PASSWORD}?`);
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog.getByLabel('Confirm password')).toHaveAccessibleDescription(/The two passwords differ/);
  await expect(dialog.getByLabel('Confirm password')).toBeFocused();
  await dialog.getByLabel('Confirm password').fill(SECOND_PASSWORD);
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('dialog', { name: `Password of ${username} reset` })).toContainText('1 open session ended.');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(userRow(page, username).getByRole('button', { name: `Reset password: ${username}` })).toBeFocused();

  await expectSentToSignIn(theirs);
  await signIn(theirs, username, PASSWORD);
  await expectRefused(theirs);
  await signIn(theirs, username, SECOND_PASSWORD);
  await expectSignedIn(theirs, username, 'viewer');
  await theirs.context().close();
});

test('disabling ends their session and refuses sign-in; enabling lets them in again', async ({ page, browser, baseURL }) => {
  const username = nameFor('off');
  await addUser(page, username, 'viewer', PASSWORD);
  const theirs = await freshPage(browser, baseURL);
  await signIn(theirs, username, PASSWORD);
  await expectSignedIn(theirs, username, 'viewer');

  const toggle = userRow(page, username).getByRole('button', { name: `Disable: ${username}` });
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: `Disable ${username}?` });
  await expect(dialog).toHaveAccessibleDescription(/signed out at once and can no longer sign in/);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Escape cancels: nothing changes and the focus is back where it was.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(userRow(page, username)).toContainText('Active');

  await toggle.click();
  await dialog.getByRole('button', { name: 'Disable user' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${username} is disabled. 1 open session ended.` })).toBeVisible();
  await expect(userRow(page, username)).toContainText('Disabled');
  await expect(userRow(page, username).getByRole('button', { name: `Enable: ${username}` })).toBeFocused();

  await expectSentToSignIn(theirs);
  await signIn(theirs, username, PASSWORD);
  await expectRefused(theirs);

  await userRow(page, username).getByRole('button', { name: `Enable: ${username}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${username} is enabled` })).toBeVisible();
  await expect(userRow(page, username)).toContainText('Active');
  await signIn(theirs, username, PASSWORD);
  await expectSignedIn(theirs, username, 'viewer');
  await theirs.context().close();
});

test('a viewer made an admin signs in as an admin, and is made a viewer again after a confirmation', async ({ page, browser, baseURL }) => {
  const username = nameFor('role');
  await addUser(page, username, 'viewer', PASSWORD);
  const theirs = await freshPage(browser, baseURL);
  try {
    await signIn(theirs, username, PASSWORD);
    await expectSignedIn(theirs, username, 'viewer');

    await userRow(page, username).getByRole('button', { name: `Make admin: ${username}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${username} is now an admin.` })).toBeVisible();
    await expect(userRow(page, username)).toContainText('Admin');
    // The role is read from the database on each request: the viewer's session ended with the change.
    await expectSentToSignIn(theirs);
    await signIn(theirs, username, PASSWORD);
    await expectSignedIn(theirs, username, 'admin');
    await expect(theirs.getByRole('link', { name: 'Portal users' })).toBeVisible();

    await userRow(page, username).getByRole('button', { name: `Make viewer: ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Make ${username} a viewer?` });
    await expect(dialog).toHaveAccessibleDescription(/Their sessions end at once/);
    await dialog.getByRole('button', { name: 'Make viewer' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${username} is now a viewer. 1 open session ended.` })).toBeVisible();
    await expect(userRow(page, username)).toContainText('Viewer');
    await expectSentToSignIn(theirs);
  } finally {
    await theirs.context().close();
    // Whatever failed above, no extra admin is left behind for the last-admin test.
    await page.request.post('/api/trpc/portalUsers.disable', { data: { username }, headers: { origin: baseURL ?? '' } });
  }
});

test('the last active admin can neither disable nor demote themselves', async ({ page }) => {
  await page.goto('/admin/users');
  const you = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${DEMO_USERS.admin.username} (you)` }) });
  await expect(you).toContainText('Admin');
  // The rule applies only while nobody else is an active admin (this suite leaves no other behind).
  const otherActiveAdmins = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Admin', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: 'Active', exact: true }) })
    .filter({ hasNotText: '(you)' });
  await expect(otherActiveAdmins).toHaveCount(0);

  await you.getByRole('button', { name: /^Disable:/ }).click();
  const disable = page.getByRole('dialog', { name: `Disable ${DEMO_USERS.admin.username}?` });
  await expect(disable).toContainText('This is you');
  await disable.getByRole('button', { name: 'Disable user' }).click();
  await expect(disable.getByRole('alert')).toHaveText(/is the last active admin and cannot be disabled/);
  await disable.getByRole('button', { name: 'Cancel' }).click();

  await you.getByRole('button', { name: /^Make viewer:/ }).click();
  const demote = page.getByRole('dialog', { name: `Make ${DEMO_USERS.admin.username} a viewer?` });
  await demote.getByRole('button', { name: 'Make viewer' }).click();
  await expect(demote.getByRole('alert')).toHaveText(/is the last active admin/);
  await demote.getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  await expect(you).toContainText('Admin');
  await expect(you).toContainText('Active');
});

test('a taken username and a mistyped confirmation are refused at their fields', async ({ page }) => {
  await page.goto('/admin/users');
  await page.getByLabel('Username').fill(DEMO_USERS.viewer.username);
  await page.getByRole('button', { name: 'Add user' }).click();
  const username = page.getByLabel('Username');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(/A portal user named "viewer" already exists\./);
  await expect(username).toBeFocused();

  await username.fill(nameFor('typo'));
  await page.getByRole('radio', { name: 'Set a password' }).check();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/A password needs at least 12 characters\./);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(/The two passwords differ/);
  await expect(page.getByLabel('Confirm password')).toBeFocused();
  await expect(userRow(page, nameFor('typo'))).toHaveCount(0);
});

test('the page and its dialogs pass the accessibility scan, and each dialog gives the focus back', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Portal users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Portal users' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
  const reset = page.getByRole('button', { name: `Reset password: ${DEMO_USERS.viewer.username}` });
  await reset.click();
  const dialog = page.getByRole('dialog', { name: `Reset the password of ${DEMO_USERS.viewer.username}` });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await dialog.getByRole('radio', { name: 'Set a password' }).check();
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(reset).toBeFocused();
});

