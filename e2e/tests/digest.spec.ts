import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.js';
import { ADMIN_STATE } from './auth-states.js';

// The daily digest's preview: a synced site-day's mail as it would go out, its site and day in the URL, and its
// (empty) delivery log: the suite's portal has no mail server, so the page says the digest is off.

test.use({ timezoneId: 'America/Chicago', storageState: ADMIN_STATE });

const SITE = 'DKSN';
/** Yesterday in Central time, the demo chain's zone: a closed day the Data API has. */
const yesterday = () => new Date(Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date())}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

test('previews a synced site-day\'s digest, the mail in a sandboxed frame, from a linkable URL', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const day = yesterday();
  const range = { from: day, to: day, sites: [SITE] };
  const started = await request.post('/api/trpc/sync.backfill', { data: range, headers: { origin: baseURL ?? '' } });
  expect(started.ok(), await started.text()).toBe(true);
  await expect
    .poll(async () => {
      const response = await request.get(`/api/trpc/sync.status?input=${encodeURIComponent(JSON.stringify(range))}`);
      return ((await response.json()) as { result: { data: { counts: { done: number } } } }).result.data.counts.done;
    }, { timeout: 240_000, intervals: [2_000] })
    .toBe(1);

  await page.goto('/digest');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily digest' })).toBeVisible();
  // The day defaults to yesterday, in the URL.
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
  const filters = page.getByRole('form', { name: 'Digest filters' });
  await filters.getByLabel('Site').selectOption(SITE);
  await filters.getByRole('button', { name: 'Show the digest' }).click();
  await expect(page).toHaveURL(new RegExp(`site=${SITE}&day=${day}`));

  await expect(page.getByTestId('digest-subject')).toContainText(`(${SITE}),`);
  await expect(page.getByTestId('digest-subject')).toContainText(/\d+ cars?, \$[\d,.]+ sales$/);
  await expect(page.getByText('The daily digest is off: no SMTP server is configured')).toBeVisible();
  const frame = page.getByTestId('digest-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="digest-frame"]').getByRole('heading', { name: new RegExp(`\\(${SITE}\\)`) })).toBeVisible();
  await expect(page.frameLocator('[data-testid="digest-frame"]').getByRole('rowheader', { name: 'Cars' })).toBeVisible();
  await expect(page.getByTestId('digest-deliveries-empty')).toHaveText('Not sent to anyone yet.');
  await expect(frame).toHaveAttribute('title', new RegExp(`^The daily digest e-mail for .+ \\(${SITE}\\), ${day}$`));
  // axe-core cannot run inside a frame that may run no script (it waits on the frame until the test's timeout),
  // so the page is scanned without it and the mail's own document on a page of its own.
  await expectNoAxeViolations(page, undefined, '[data-testid="digest-frame"]');
  const mailHtml = await frame.getAttribute('srcdoc');
  expect(mailHtml).toContain('<html lang="en">');
  const mail = await page.context().newPage();
  await mail.setContent(mailHtml ?? '');
  await expectNoAxeViolations(mail);
  await mail.close();

  // The URL alone brings the same view back.
  await page.goto(`/digest?site=${SITE}&day=${day}`);
  await expect(page.getByTestId('digest-subject')).toContainText(`(${SITE}),`);
});
