import type { Store } from '@washops/store';
import { afterEach, describe, expect, it } from 'vitest';
import { openDigest } from '../src/index.js';
import { backoffice, digestStore, SITE_A_NAME, syncMembers } from './digest-support.js';

// The digest's words and figures over known site-days (digest-support.ts): A holds 10-30 … 11-02, each day d with
// 3 + d retail washes of $10 and one $29.99 sign-up; one eight-hour $15 shift on 11-02.

/** The text part's row of a figure: its label and each period's value. */
const row = (text: string, label: string) => text.split('\n').find((line) => line.startsWith(`${label} `))?.slice(label.length).trim().split(/\s{2,}/);

describe('the daily digest of one site-day', () => {
  let store: Store;
  afterEach(async () => {
    await store?.close();
  });

  it('gives the day, the month to date and the last 7 days as the numbers define them, and says what is not synced', async () => {
    store = await digestStore({ A: [0, 1, 2, 3], B: [] });
    const digest = openDigest({ store, backoffice, config: null });
    const preview = await digest.preview('a', '2026-11-02');
    expect(preview.daySynced).toBe(true);
    expect(preview.subject).toBe(`${SITE_A_NAME} (A), Monday 2026-11-02: 7 cars, $89.99 sales`);
    // Day: 6 retail + 1 plan sale = 7 cars, 6 × $10 + $29.99; month to date 11-01 … 11-02: 5 + 6 retail, 2 sign-ups.
    // The last 7 days reach back to 10-27, which the warehouse does not hold: no figure, never the part it holds.
    expect(row(preview.text, 'Cars')).toEqual(['7', '13', 'not synced']);
    expect(row(preview.text, 'Retail washes')).toEqual(['6', '11', 'not synced']);
    expect(row(preview.text, 'Sales')).toEqual(['$89.99', '$169.98', 'not synced']);
    expect(row(preview.text, 'Average ticket')).toEqual(['$12.86', '$13.08', 'not synced']);
    expect(row(preview.text, 'New memberships')).toEqual(['1', '2', 'not synced']);
    expect(row(preview.text, 'Conversion')).toEqual(['16.7 %', '18.2 %', 'not synced']);
    expect(row(preview.text, 'Member mix')).toEqual(['0.0 %', '0.0 %', 'not synced']);
    // $120 of labor against $89.99 of sales and 7 cars.
    expect(row(preview.text, 'Labor hours')).toEqual(['8', '8', 'not synced']);
    expect(row(preview.text, 'Labor % of sales')).toEqual(['133.3 %', '70.6 %', 'not synced']);
    expect(row(preview.text, 'Labor cost per car')).toEqual(['$17.14', '$9.23', 'not synced']);
    expect(preview.text).toContain('Last 7 days (2026-10-27 – 2026-11-02): not synced whole — transactions (4 of 7 days synced)');
    expect(preview.text).toContain('Active members: memberships and their status changes are not synced for this day.');
    expect(row(preview.text, 'Active members')).toEqual(['not synced']);
    expect(preview.html).toContain('<td style="padding:6px 10px;border-bottom:1px solid #d0d7de;text-align:right;white-space:nowrap">$89.99</td>');

    await syncMembers(store);
    const withMembers = await digest.preview('A', '2026-11-02');
    expect(row(withMembers.text, 'Active members')).toEqual(['2 at the day\'s end']);
    expect(withMembers.text).not.toContain('Active members: memberships and their status changes are not synced');
  });

  it('a day whose transactions are not synced gives no figure and is not sendable', async () => {
    store = await digestStore({ A: [0, 1, 2], B: [] });
    const preview = await openDigest({ store, backoffice, config: null }).preview('A', '2026-11-02');
    expect(preview.daySynced).toBe(false);
    expect(preview.subject).toBe(`${SITE_A_NAME} (A), Monday 2026-11-02 (not synced whole)`);
    expect(row(preview.text, 'Cars')).toEqual(['not synced', 'not synced', 'not synced']);
    expect(preview.text).toContain('The day (2026-11-02): not synced whole — transactions (0 of 1 day synced)');
  });

  it('escapes the tenant\'s text in the HTML and carries nothing that loads from elsewhere', async () => {
    store = await digestStore({ A: [3], B: [] });
    const { html } = await openDigest({ store, backoffice, config: null }).preview('A', '2026-11-02');
    expect(html).toContain('Wash &lt;A&gt; &amp; &quot;Sons&quot; (A)');
    expect(html).not.toContain('<A>');
    expect(html).not.toMatch(/<(script|img|link|iframe)\b/i);
    expect(html).not.toMatch(/\b(src|href)=/i);
  });
});
