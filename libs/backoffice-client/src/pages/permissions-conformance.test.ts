/**
 * The POS permission level and setEmployeePermission over the captured permissions page of a new employee
 * (../shared/reference, read at run time), replayed behind an injected fetch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackofficeServerError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { FakeBackoffice, html, redirect } from '../../test/support/fake-backoffice.js';
import { BackofficeClient } from '../client.js';
import { describeEmployeePermission } from '../operations/employee-permission.js';
import { parseEmployeePermissionsPage } from './employee-permissions.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const pagesDir = join(repoRoot, '..', 'shared', 'reference', 'backoffice-pages');
const present = existsSync(pagesDir);
const captured = (): string => readFileSync(join(pagesDir, 'employee-permissions-new.html'), 'utf8');
/** The captured page with these grant boxes checked, as the server renders a stored level. */
const withGrants = (source: string, ids: number[]): string =>
  ids.reduce((page, id) => page.replace(`name="permissions[${id}][hasGrantAccess]"`, `name="permissions[${id}][hasGrantAccess]" checked`), source);

/** Protocol §5.1: every permission of the captured page in id order, with its first label and description. */
const CAPTURED_SCHEMA: Array<[number, string, string]> = [
  [1, 'Action Approval Authority', 'When Granted this user has access to all POS features and can approve any Action for users requiring approval.'],
  [2, 'Return Transaction', 'The permission to return or refund a transaction.'],
  [3, 'Paid In', 'The permission to create a transaction with a paid in item.'],
  [4, 'Paid Out', 'The permission to create a transaction with a paid out item.'],
  [5, 'Open Cash Drawer', 'The permission to open the cash drawer.'],
  [6, 'Tax Exempt', 'The permission to toggle tax exempt on transactions.'],
  [7, 'Price Change', 'The permission to change item prices in a transaction.'],
  [8, 'Comp Sale', 'The permission to comp a transaction.'],
  [9, 'Prompt For Price', 'The permission to apply a price to selected items with no price.'],
  [10, 'Customer Add', 'The permission to add a customer.'],
  [11, 'Customer Edit', 'The permission to edit a customer.'],
  [12, 'Vehicle Add', 'The permission to add a vehicle.'],
  [13, 'Vehicle Edit', 'The permission to edit a vehicle.'],
  [14, 'Item Add', 'The permission to add an item.'],
  [15, 'Item Edit', 'The permission to edit an item.'],
  [16, 'Gift Card Add', 'The permission to add a gift card.'],
  [17, 'Gift Card Edit', 'The permission to edit a gift card.'],
  [18, 'House Account Add', 'The permission to add a house account.'],
  [19, 'House Account Edit', 'The permission to edit a house account.'],
  [20, 'Wash Book Add', 'The permission to add a wash book.'],
  [21, 'Wash Book Edit', 'The permission to edit a wash book.'],
  [22, 'Time Clock', 'The permission to clock in or out employees.'],
  [23, 'Reports', 'The permission to run reports.'],
  [24, 'Back Office Internet', 'The permission to launch the browser with back office.'],
  [25, 'Login', 'The permission to login to the main POS interface.'],
  [26, 'Cash Drop', 'The permission to perform a session cashdrop on POS.'],
  [27, 'Panel External', 'The permission to view the external POS panel on POS.'],
  [28, 'Rewash Transaction', 'The permission to rewash a transaction.'],
  [29, 'Rewash Transaction With Code', 'The permission to generate 1 time use code for a rewash transaction.'],
  [30, 'Dollar Discount', 'The permission to apply a dollar discount.'],
  [31, 'Percent discount', 'The permission to apply a percent discount.'],
  [32, 'Instant Promotion', 'The permission to apply an instant promotion.'],
  [33, 'Open Refund', 'The permission to create an open refund.'],
  [34, 'SPS Admin', 'The permission to activate, cancel, and change tags, plans and updates credit card information.'],
];

describe.skipIf(!present)('captured pages: the POS level of employee-permissions-new.html', () => {
  it('reads a new employee (nothing granted) as custom, and the POS user id from the sub-title', () => {
    const page = parseEmployeePermissionsPage(captured());
    expect(page.posUserId).toBe(99003);
    expect(describeEmployeePermission(page)).toEqual({ custom: true, templateId: null, template: 'custom', grants: [], overrides: [] });
  });

  it('names General User once only box 22 is checked, and the first of two equal templates for all 34', () => {
    expect(describeEmployeePermission(parseEmployeePermissionsPage(withGrants(captured(), [22])))).toMatchObject({ custom: false, templateId: 3, template: 'General User' });
    const all = Array.from({ length: 34 }, (_, i) => i + 1);
    // The AAA box and "Manager Approval" are both permission 1; Manager (1) and General Manager (4) grant the same set.
    expect(describeEmployeePermission(parseEmployeePermissionsPage(withGrants(captured(), all)))).toMatchObject({ templateId: 1, template: 'Manager', grants: all });
  });
});

describe.skipIf(!present)('captured pages: setEmployeePermission replayed (injected fetch)', () => {
  function setup(after: string): { fake: FakeBackoffice; bo: BackofficeClient } {
    const fake = new FakeBackoffice();
    let reads = 0;
    fake.routes.set('GET /employee/permissions/486', () => html(reads++ === 0 ? captured() : after));
    fake.routes.set('POST /employee/permissions/update', () => redirect('/employee'));
    return { fake, bo: new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: fake.password, fetch: fake.fetch }) };
  }

  it('posts the full General User matrix built from the page and verifies box 22 on the read-back', async () => {
    const { fake, bo } = setup(withGrants(captured(), [22]));
    const result = await bo.setEmployeePermission({ employeeId: 486 }, 'general user');
    expect(result).toEqual({ employeeId: 486, posUserId: 99003, templateId: 3, template: 'General User', warnings: [] });
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/employee/permissions/update');
    // General User (template 3): every permission 1..34 once, in id order, and only box 22 granted (protocol §2.3).
    const expected = [
      ['employeeId', '486'],
      ['templateId', '3'],
      ['hasActionApprovalAuthority', '0'],
      ...CAPTURED_SCHEMA.flatMap(([id, label, description]) => [
        [`permissions[${id}][id]`, String(id)],
        [`permissions[${id}][label]`, label],
        [`permissions[${id}][description]`, description],
        ...(id === 22 ? [['permissions[22][hasGrantAccess]', '1']] : []),
      ]),
    ];
    expect(CAPTURED_SCHEMA.map(([id]) => id)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect([...new URLSearchParams(post?.body)]).toEqual(expected);
  });

  it('raises BackofficeServerError when the read-back still shows the old boxes', async () => {
    const { bo } = setup(captured());
    const error = await bo.setEmployeePermission({ employeeId: 486 }, 'General User').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ applied: false, storedGrants: [], expectedGrants: [22] });
  });
});
