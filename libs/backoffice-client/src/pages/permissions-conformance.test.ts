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
import { permissionMatrix } from '../operations/pos-permission-matrix.js';
import { parseEmployeePermissionsPage } from './employee-permissions.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const pagesDir = join(repoRoot, '..', 'shared', 'reference', 'backoffice-pages');
const present = existsSync(pagesDir);
const captured = (): string => readFileSync(join(pagesDir, 'employee-permissions-new.html'), 'utf8');
/** The captured page with these grant boxes checked, as the server renders a stored level. */
const withGrants = (source: string, ids: number[]): string =>
  ids.reduce((page, id) => page.replace(`name="permissions[${id}][hasGrantAccess]"`, `name="permissions[${id}][hasGrantAccess]" checked`), source);

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
    const page = parseEmployeePermissionsPage(captured());
    const generalUser = page.templates.find((t) => t.name === 'General User');
    if (!generalUser) throw new Error('General User missing');
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/employee/permissions/update');
    expect([...new URLSearchParams(post?.body)]).toEqual(permissionMatrix(486, generalUser, page));
  });

  it('raises BackofficeServerError when the read-back still shows the old boxes', async () => {
    const { bo } = setup(captured());
    const error = await bo.setEmployeePermission({ employeeId: 486 }, 'General User').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ applied: false, storedGrants: [], expectedGrants: [22] });
  });
});
