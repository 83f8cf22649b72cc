/**
 * Generated valid inputs, for every exported input schema of the client: the operation accepts
 * them and sends the expected requests, and what the simulator stores is what was asked for.
 */
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeClient } from '../src/index.js';
import { clientFor, templateTokens } from './support/harness.js';

let sim: BackofficeSimulator;
let bo: BackofficeClient;
beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'schema-properties' });
  bo = clientFor(sim);
});
afterAll(async () => {
  await bo?.close();
  await sim?.close();
});

const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Any printable text (HTML-significant characters, accents, emoji included) whose trimmed length is 1..max. */
const name = (max: number) =>
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 24) }).filter((s) => !UNPRINTABLE.test(s) && s.trim().length >= 1 && s.trim().length <= max);
const writes = () => sim.control.requests().filter((r) => r.method === 'POST' && r.path !== '/login_check');
const sentField = (path: string, field: string) => writes().find((r) => r.path === path)?.body?.find(([k]) => k === field)?.[1];

let unique = 0;
const next = () => ++unique;

describe('generated valid inputs are accepted and sent as asked', () => {
  it('createEmployee (createEmployeeInputSchema)', async () => {
    const sites = sim.control.sites();
    const departments = ['Cashier', 'Greeter', 'Line', 'Management'];
    const templates = ['Cashier', 'General User', 'Manager'];
    const input = fc.record(
      {
        firstName: name(64),
        lastName: name(64),
        phoneFormat: fc.constantFrom('plain', 'dashes', 'dots', 'parens'),
        wageRate: fc.oneof(fc.integer({ min: 0, max: 99_999_999_999 }).map((c) => c / 100), fc.integer({ min: 0, max: 99_999 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`)),
        startDate: fc.oneof(
          fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }),
          fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        ),
        availableSites: fc.oneof(fc.constant('all' as const), fc.uniqueArray(fc.constantFrom(...sites.map((s) => s.name)), { minLength: 1, maxLength: 3 })),
        permission: fc.constantFrom(...templates),
        departments: fc.uniqueArray(fc.constantFrom(...departments), { minLength: 1, maxLength: 4 }).map((list) => list.map((d) => ` ${d.toLowerCase()} `)),
        posPin: fc.integer({ min: 10_000, max: 99_999 }),
        emergencyContactName: name(100),
        payrollEmployeeId: fc.stringMatching(/^[A-Za-z0-9-]{0,32}$/),
      },
      { requiredKeys: ['firstName', 'lastName', 'phoneFormat', 'wageRate', 'startDate', 'availableSites', 'permission', 'departments'] },
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ phoneFormat, ...fields }) => {
        const n = next();
        const digits = `778${String(1_000_000 + n * 13).slice(-7)}`;
        const phone = { plain: digits, dashes: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`, dots: `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`, parens: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` }[phoneFormat];
        const posUserId = 900_000 + n;
        sim.control.clearRequests();
        const created = await bo.createEmployee({ ...fields, phone, posUserId, email: `prop.${n}@example.invalid` });
        const stored = sim.control.employee(created.employeeId);
        expect(stored).toMatchObject({ firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), posUserId, isActive: true });
        if (fields.emergencyContactName !== undefined) expect(stored?.emergencyContactName).toBe(fields.emergencyContactName.trim());
        if (fields.posPin !== undefined) expect(stored?.posPin).toBe(fields.posPin);
        expect(stored?.departmentIds.length).toBe(fields.departments.length);
        expect(writes().map((r) => r.path)).toEqual(['/employee/insert', '/employee/permissions/update']);
        expect(sentField('/employee/insert', 'employee[phone]')).toBe(digits);
        expect(sentField('/employee/insert', 'posCredential[POSLoginID]')).toBe(String(posUserId));
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('createBackofficeUser (createBackofficeUserInputSchema), standalone, the template left to be applied by hand', async () => {
    const input = fc.record(
      {
        username: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{2,40}$/),
        permission: name(200),
        firstName: name(64),
        lastName: name(64),
        password: fc.string({ unit: 'grapheme', minLength: 8, maxLength: 30 }).filter((p) => p.length >= 8 && !/\p{Cs}/u.test(p)),
        availableSites: fc.oneof(fc.constant('all' as const), fc.array(name(200), { minLength: 1, maxLength: 2 })),
      },
      { requiredKeys: ['username', 'permission', 'firstName', 'lastName'] },
    );
    await fc.assert(
      fc.asyncProperty(input, async (fields) => {
        const n = next();
        const username = `${fields.username}_${n}`;
        sim.control.clearRequests();
        // Any name is accepted when nothing is looked up by it.
        const created = await bo.createBackofficeUser({ ...fields, username, email: `user.${n}@example.invalid`, applyTemplate: false });
        expect(created.templateApplied).toBe(false);
        expect(sim.control.users().find((u) => u.id === created.userId)).toMatchObject({ username, firstName: fields.firstName.trim() });
        expect(writes().map((r) => r.path)).toEqual(['/user/insert']);
        expect(sentField('/user/insert', 'user[password]')).toBe(fields.password ?? created.generatedPassword);
      }),
      { numRuns: 20 },
    );
  }, 60_000);

  it('createBackofficeUser (createBackofficeUserInputSchema), standalone, with the template and sites applied', async () => {
    const sites = sim.control.sites();
    const input = fc.record({
      username: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{2,40}$/),
      template: fc.constantFrom('Administrator', 'Manager', 'General User', 'General Manager', 'Shift Leader'),
      spelling: fc.nat(3),
      availableSites: fc.oneof(fc.constant('all' as const), fc.subarray(sites, { minLength: 1, maxLength: 3 })),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ username: base, template, spelling, availableSites }) => {
        const n = next();
        const username = `${base}_${n}`;
        const permission = [template, template.toUpperCase(), template.toLowerCase(), `  ${template} `][spelling] as string;
        const names = availableSites === 'all' ? 'all' : availableSites.map((s) => (n % 2 === 0 ? s.name : s.code));
        sim.control.clearRequests();
        const created = await bo.createBackofficeUser({ username, permission, availableSites: names, firstName: 'Prop', lastName: 'User', email: `user.${n}@example.invalid` });
        expect(created).toMatchObject({ templateApplied: true, permission: template, warnings: [] });
        const stored = sim.control.users().find((u) => u.id === created.userId);
        const storedSites = stored?.siteIds;
        if (availableSites === 'all') expect(storedSites).toBe('all');
        else expect(Array.isArray(storedSites) ? [...storedSites].sort((a, b) => a - b) : storedSites).toEqual(availableSites.map((s) => s.id).sort((a, b) => a - b));
        expect(stored?.tokens).toEqual(templateTokens(template));
        expect(writes().map((r) => r.path)).toEqual(['/user/insert', '/user/permissions/update']);
        expect(sentField('/user/permissions/update', 'template')).toBeDefined();
      }),
      { numRuns: 15 },
    );
  }, 60_000);

  it('disableEmployee (disableEmployeeInputSchema), by POS user id or by email', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.boolean(), async (pick, byEmail) => {
        const active = sim.control.employees().filter((e) => e.isActive && (!byEmail || e.email !== ''));
        const target = active[pick % active.length];
        if (!target) return;
        sim.control.clearRequests();
        const result = await bo.disableEmployee(byEmail ? { email: ` ${target.email.toUpperCase()} ` } : { posUserId: target.posUserId });
        expect(result.employeeId).toBe(target.id);
        expect(sim.control.employee(target.id)?.isActive).toBe(false);
        expect(writes().map((r) => r.path)).toEqual(['/employee/update']);
      }),
      { numRuns: 10 },
    );
  }, 60_000);

  it('the read options and availability checks (posUserIdSchema, emailSchema, phoneSchema) send only reads', async () => {
    const options = fc.record({ refresh: fc.boolean(), active: fc.constantFrom('active', 'inactive', 'all' as const) }, { requiredKeys: [] });
    const email = fc
      .tuple(fc.stringMatching(/^[A-Za-z0-9._%+-]{1,20}$/), fc.stringMatching(/^[A-Za-z0-9-]{1,15}\.[A-Za-z]{2,6}$/), fc.stringMatching(/^ {0,2}$/))
      .map(([local, domain, pad]) => `${pad}${local}@${domain}${pad}`);
    const phone = fc
      .tuple(fc.stringMatching(/^\d{10}$/), fc.constantFrom('plain', 'dashes', 'parens'))
      .map(([d, format]) => (format === 'plain' ? d : format === 'dashes' ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`));
    const digits = (value: string) => value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    await fc.assert(
      fc.asyncProperty(options, fc.constantFrom('pos', 'backoffice', 'all' as const), fc.integer({ min: 1, max: 2_147_483_647 }), email, phone, async (listOptions, scope, posUserId, address, number) => {
        sim.control.clearRequests();
        const rows = await bo.listEmployees(listOptions);
        const active = listOptions.active ?? 'all';
        expect(rows.every((r) => active === 'all' || r.active === (active === 'active'))).toBe(true);
        expect((await bo.listPermissions({ scope, refresh: listOptions.refresh ?? false })).every((p) => scope === 'all' || p.scope === scope)).toBe(true);
        const employees = sim.control.employees();
        expect(await bo.isPosUserIdAvailable(posUserId)).toBe(!employees.some((e) => e.posUserId === posUserId));
        expect(await bo.isPhoneAvailable(number)).toBe(!employees.some((e) => digits(e.phone) === digits(number)));
        const taken = [...employees.map((e) => e.email), ...sim.control.users().map((u) => u.email)].some((e) => e !== '' && e.toLowerCase() === address.trim().toLowerCase());
        if (!taken) expect(await bo.isEmailAvailable(address)).toBe(true);
        // A known address, in another case and padded, is found.
        const known = employees.find((e) => e.email !== '' && e.isActive);
        if (known) expect(await bo.isEmailAvailable(` ${known.email.toUpperCase()} `)).toBe(false);
        expect(writes()).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 60_000);
});
