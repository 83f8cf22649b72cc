import { createEmployeeInputSchema } from '@washops/backoffice-client';
import { AUDIT_CHANNELS, AUDIT_OPERATIONS, AUDIT_STATES } from '@washops/operations';
import { TransactionListParamsSchema } from '@washops/transactions-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toListParams } from '../src/schemas/transactions.js';
import { emailText, nameText, notA, validCreateBackofficeUserArgs, validCreateEmployeeArgs, validDisableEmployeeArgs, withHostileChar } from './arbitraries.js';
import {
  badEmail,
  badPosUserId,
  badRefresh,
  blankOrLong,
  breaking,
  call,
  describeToolCases,
  fetches,
  refreshArgs,
  useInputHarness,
  withRealClients,
  type ToolCase,
} from './input-harness.js';

/*
 * Every tool's input, generated: valid arguments reach the service; invalid ones (wrong types, blank or
 * hostile text, empty lists, out-of-range numbers, malformed, reversed or too-long date ranges) come back
 * as `isError` naming what was wrong, and not one request is sent. The employee tools' cases are in
 * tool-inputs-employee.test.ts.
 */

useInputHarness();

const DAY_S = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);
/** A date as a model writes it: ISO date-time with an offset, in UTC, or Unix seconds as digits. */
const dateAs = (seconds: number, style: number) =>
  style === 0 ? String(seconds) : style === 1 ? new Date(seconds * 1000).toISOString() : new Date(seconds * 1000).toISOString().replace('Z', '+00:00');

/** A range starting `daysAgo` back (inside the six-month look-back) and spanning `span` seconds. */
function range(daysAgo: { min: number; max: number }, span: { min: number; max: number }) {
  return fc
    .tuple(fc.integer(daysAgo), fc.integer(span), fc.integer({ min: 0, max: 2 }))
    .map(([ago, length, style]) => {
      const start = nowS() - ago * DAY_S;
      return { startDate: dateAs(start, style), endDate: dateAs(start + length, style) };
    });
}

const siteCode = fc.stringMatching(/^[A-Z]{3,8}$/);
const listArgs = fc
  .tuple(range({ min: 32, max: 150 }, { min: 0, max: 31 * DAY_S }), fc.record({ site: siteCode, maxResults: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }))
  .map(([dates, rest]) => ({ ...dates, ...rest }));
const tooLongCode = fc.string({ minLength: 65, maxLength: 80 }).filter((s) => s.trim().length > 64);
const badCode = fc.oneof(fc.constantFrom('', '   ', 'NIL\u0000ES', 'NI\nLES'), tooLongCode, notA('string'));
const badDate = fc.oneof(fc.constantFrom('', 'yesterday', '2026-02-30', '11/02/2026', '2026-13-01T00:00:00Z'), notA('string'));

/** List filters broken one way or another, including ranges over 31 days and reversed ones. */
const badListArgs = fc.oneof(
  breaking(listArgs, { startDate: badDate, endDate: badDate, site: badCode, region: badCode, maxResults: fc.oneof(fc.constantFrom(0, 1001, 1.5), notA('number')) }),
  range({ min: 70, max: 150 }, { min: 31 * DAY_S + 3600, max: 60 * DAY_S }).map((args) => ({ args, names: /31 days/ })),
  range({ min: 20, max: 150 }, { min: -10 * DAY_S, max: -60 }).map((args) => ({ args, names: /before/ })),
);

const jobArgs = fc
  .tuple(range({ min: 2, max: 150 }, { min: 0, max: DAY_S }), siteCode, fc.integer({ min: 0, max: 500 }))
  .map(([dates, site, maxRecords]) => ({ ...dates, site, maxRecords }));

const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const dayOrInstant = fc.oneof(instant.map((iso) => iso.slice(0, 10)), instant);
const auditArgs = fc.record(
  {
    actor: fc.stringMatching(/^[a-z][a-z0-9._-]{0,30}$/),
    channel: fc.constantFrom(...AUDIT_CHANNELS),
    operation: fc.constantFrom(...AUDIT_OPERATIONS),
    state: fc.constantFrom(...AUDIT_STATES),
    since: dayOrInstant,
    employeeId: fc.integer({ min: 1, max: 2_147_483_647 }),
    posUserId: fc.integer({ min: 1, max: 2_147_483_647 }),
    limit: fc.integer({ min: 1, max: 100 }),
  },
  { requiredKeys: [] },
);

const withType = (arbitrary: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(arbitrary, fc.constantFrom('wash', 'recurring', 'giftcard')).map(([args, type]) => ({ ...args, type }));

const cases: ToolCase[] = [
  {
    tool: 'create_employee',
    method: 'createEmployee',
    valid: validCreateEmployeeArgs,
    invalid: fc.oneof(
      breaking(validCreateEmployeeArgs, {
        firstName: blankOrLong(64),
        lastName: blankOrLong(64),
        phone: fc.oneof(fc.constantFrom('', '12345', 'call me'), notA('string')),
        email: badEmail,
        posUserId: badPosUserId,
        wageRate: fc.oneof(fc.constantFrom(-1, 12.345, 1e12), notA('number')),
        startDate: fc.oneof(fc.constantFrom('2026-02-30', 'next monday', ''), notA('string')),
        availableSites: fc.oneof(fc.constant([]), fc.constant(['']), notA('array')),
        permission: blankOrLong(200),
        posPin: fc.oneof(fc.constantFrom(9999, 100_000, 12_345.5), notA('number')),
        requiresBackoffice: notA('boolean'),
      }),
      validCreateEmployeeArgs.map((args) => ({ args: { ...args, requiresBackoffice: true, backofficeUsername: undefined }, names: /backofficeUsername/ })),
    ),
  },
  {
    tool: 'disable_employee',
    method: 'disableEmployee',
    valid: validDisableEmployeeArgs,
    invalid: fc.oneof(
      fc.record({ posUserId: badPosUserId }).map((args) => ({ args, names: /posUserId/ })),
      fc.record({ email: badEmail }).map((args) => ({ args, names: /email/ })),
      fc.constantFrom({ args: {}, names: /exactly one/ }, { args: { posUserId: 7, email: 'ana@example.com' }, names: /exactly one/ }),
    ),
  },
  {
    tool: 'create_backoffice_user',
    method: 'createBackofficeUser',
    valid: validCreateBackofficeUserArgs,
    invalid: breaking(validCreateBackofficeUserArgs, {
      username: fc.oneof(fc.constantFrom('ab', '9lives', 'pat lee', 'x'.repeat(70)), notA('string')),
      email: badEmail,
      permission: blankOrLong(200),
      password: fc.oneof(fc.string({ maxLength: 7 }), notA('string')),
      availableSites: fc.oneof(fc.constant([]), notA('array')),
    }),
  },
  { tool: 'list_sites', method: 'listSites', valid: refreshArgs, invalid: breaking(refreshArgs, badRefresh) },
  { tool: 'list_departments', method: 'listDepartments', valid: refreshArgs, invalid: breaking(refreshArgs, badRefresh) },
  {
    tool: 'list_permissions',
    method: 'listPermissions',
    valid: fc.record({ scope: fc.constantFrom('pos', 'backoffice', 'all'), refresh: fc.boolean() }, { requiredKeys: [] }),
    invalid: breaking(fc.constant({}), { scope: fc.oneof(fc.constantFrom('', 'POS', 'everything'), notA('string')), ...badRefresh }),
  },
  {
    tool: 'list_employees',
    method: 'listEmployees',
    valid: fc.record({ active: fc.constantFrom('active', 'inactive', 'all'), search: nameText.filter((s) => s.trim().length > 0), maxResults: fc.integer({ min: 1, max: 500 }) }, { requiredKeys: [] }),
    invalid: breaking(fc.constant({}), {
      active: fc.oneof(fc.constantFrom('', 'disabled'), notA('string')),
      search: fc.oneof(fc.constantFrom('', '   '), notA('string')),
      maxResults: fc.oneof(fc.constantFrom(0, 501, 2.5), notA('number')),
    }),
  },
  {
    tool: 'is_pos_user_id_available',
    method: 'isPosUserIdAvailable',
    valid: fc.record({ posUserId: fc.integer({ min: 1, max: 2_147_483_647 }) }),
    invalid: breaking(fc.constant({}), { posUserId: badPosUserId }),
  },
  { tool: 'is_email_available', method: 'isEmailAvailable', valid: fc.record({ email: emailText.filter((e) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e.trim())) }), invalid: breaking(fc.constant({}), { email: badEmail }) },
  {
    tool: 'is_phone_available',
    method: 'isPhoneAvailable',
    valid: fc.record({ phone: fc.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/) }),
    invalid: breaking(fc.constant({}), { phone: fc.oneof(fc.constantFrom('', '123', 'call me', '12345678901'), notA('string')) }),
  },
  { tool: 'list_transaction_sites', valid: fc.constant({}) },
  { tool: 'list_transactions', valid: listArgs, invalid: badListArgs },
  { tool: 'list_transactions_v2', valid: listArgs, invalid: badListArgs },
  {
    tool: 'list_transactions_by_type',
    valid: withType(listArgs),
    invalid: fc.oneof(
      badListArgs.map(({ args, names }) => ({ args: { ...args, type: 'wash' }, names })),
      withType(listArgs).map((args) => ({ args: { ...args, type: 'car' }, names: /type/ })),
    ),
  },
  {
    tool: 'get_transaction',
    valid: fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => ({ transId: `${a}:${b}` })),
    invalid: breaking(fc.constant({}), { transId: fc.oneof(fc.constantFrom('', '../site/list', '876', '876:1001/x', 'a:b'), notA('string')) }),
  },
  {
    tool: 'list_audit_events',
    method: 'list',
    valid: auditArgs,
    invalid: fc.oneof(
      breaking(fc.constant({}), {
        // '' means "any actor" under the shared rules (a form's empty field), so it is not among these.
        actor: fc.oneof(fc.constantFrom('   ', 'x'.repeat(201)), notA('string')),
        channel: fc.oneof(fc.constantFrom('', 'fax', 'MCP'), notA('string')),
        operation: fc.oneof(fc.constantFrom('employee.delete', 'create_employee'), notA('string')),
        state: fc.oneof(fc.constantFrom('done', 'STARTED'), notA('string')),
        since: fc.oneof(fc.constantFrom('2026-13-45', 'yesterday', '2026-11-01T08:00:00', '01/11/2026'), notA('string')),
        until: fc.oneof(fc.constantFrom('2026-02-30', 'now'), notA('string')),
        employeeId: fc.oneof(fc.constantFrom(0, -1, 1.5, 2_147_483_648), notA('number')),
        limit: fc.oneof(fc.constantFrom(0, 101, 2.5), notA('number')),
        cursor: fc.oneof(fc.constant(''), notA('string')),
      }),
      fc.tuple(instant, instant).filter(([a, b]) => a >= b).map(([since, until]) => ({ args: { since, until }, names: /until must be after since/ })),
    ),
  },
  {
    tool: 'load_transaction_job',
    valid: jobArgs,
    invalid: fc.oneof(
      breaking(jobArgs, { site: badCode, startDate: badDate, endDate: badDate, maxRecords: fc.oneof(fc.constantFrom(-1, 501, 1.5), notA('number')) }),
      fc.tuple(range({ min: 10, max: 150 }, { min: DAY_S + 3600, max: 5 * DAY_S }), siteCode).map(([dates, site]) => ({ args: { ...dates, site }, names: /at most 1 day/ })),
    ),
  },
];

describeToolCases(cases);

describe('rules the clients decide', () => {
  it('create_employee: names with control or bidirectional characters, and an empty department list, are refused before any request exactly when the client schema refuses them', async () => {
    const args = fc
      .tuple(validCreateEmployeeArgs, fc.constantFrom('firstName', 'lastName', 'permission', 'emergencyContactName'), withHostileChar, fc.boolean())
      .map(([base, field, hostile, emptyDepartments]) => ({ ...base, [field]: hostile, ...(emptyDepartments ? { departments: [] } : {}) }));
    await fc.assert(
      fc.asyncProperty(args, async (input) => {
        const before = fetches;
        const result = await call(withRealClients, 'create_employee', input);
        if (createEmployeeInputSchema.safeParse(input).success) {
          expect(result.text).not.toMatch(/Input validation error/);
        } else {
          expect(result.isError).toBe(true);
          expect(fetches).toBe(before);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('list_transactions: a site code with a bidirectional character is refused before any request exactly when the client schema refuses it', async () => {
    const args = fc.tuple(listArgs, withHostileChar).map(([base, site]) => ({ ...base, site }));
    await fc.assert(
      fc.asyncProperty(args, async (input) => {
        const before = fetches;
        const result = await call(withRealClients, 'list_transactions', input);
        expect(result.isError).toBe(true);
        const refusedByClient = !TransactionListParamsSchema.safeParse(toListParams(input as never)).success;
        expect(fetches === before).toBe(refusedByClient);
      }),
      { numRuns: 30 },
    );
  });
});
