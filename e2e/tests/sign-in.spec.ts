import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './auth-states.js';

test('an anonymous visit goes to the sign-in page, and the API answers 401', async ({ page, request }) => {
  const response = await page.goto('/employees');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Femployees$/);
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  const icon = await request.get('/icon.svg', { maxRedirects: 0 });
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const api = await request.get('/api/trpc/employees.list');
  expect(api.status()).toBe(401);
});

test('a wrong password is refused; the right one opens the Today dashboard and sign-out ends the session', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(DEMO_USERS.admin.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Wrong username or password.');
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel('Password').fill(DEMO_USERS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/today(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'washops_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('empty fields are reported at the fields', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const username = page.getByLabel('Username');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription('Enter your username');
  await expect(username).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Enter your password');
});

test('the demo portal listens on this machine only, since its sign-ins are public', async ({ baseURL }) => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal);
  test.skip(!external, 'this machine has no network address other than loopback to try');
  const url = `http://${external!.address}:${new URL(baseURL!).port}/sign-in`;
  await expect(fetch(url, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
});

test('an expired or forged session signs in again and comes back to the page it asked for', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'washops_session', value: 'forged.token', url: baseURL! }]);
  await page.goto('/transactions?from=2026-11-01&to=2026-11-07');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftransactions%3Ffrom%3D2026-11-01%26to%3D2026-11-07$/);
  await page.getByLabel('Username').fill(DEMO_USERS.viewer.username);
  await page.getByLabel('Password').fill(DEMO_USERS.viewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/transactions\?from=2026-11-01&to=2026-11-07$/);
});
