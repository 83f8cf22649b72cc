import { expect, test as setup } from '@playwright/test';
import { ADMIN_STATE, DEMO_USERS, VIEWER_STATE } from './auth-states.js';

for (const [role, file] of [
  ['admin', ADMIN_STATE],
  ['viewer', VIEWER_STATE],
] as const) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Username').fill(DEMO_USERS[role].username);
    await page.getByLabel('Password').fill(DEMO_USERS[role].password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/today(\?|$)/);
    await page.context().storageState({ path: file });
  });
}
