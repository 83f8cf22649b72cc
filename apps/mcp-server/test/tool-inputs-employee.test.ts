import fc from 'fast-check';
import { notA, validApplyTemplateArgs, validEmployeeKeyArgs, validSetPermissionArgs, validSetWageArgs, validUpdateEmployeeArgs } from './arbitraries.js';
import { badEmail, badPosUserId, badRefresh, blankOrLong, breaking, describeToolCases, refreshArgs, useInputHarness, type Invalid, type ToolCase } from './input-harness.js';

/*
 * The employee tools' inputs, generated (as in tool-inputs.test.ts): valid arguments reach the service with
 * the client's key, invalid ones — a wrong key, two keys or none, nothing to change, a broken field — are
 * refused naming the problem before any request.
 */

useInputHarness();

const badId = badPosUserId;
const twoKeysOrNone = fc.constantFrom<Invalid>(
  { args: {}, names: /exactly one of employeeId and posUserId/ },
  { args: { employeeId: 12, posUserId: 7217 }, names: /exactly one of employeeId and posUserId/ },
);
/** A key broken one way or another, with `rest` (valid) beside it. */
const badEmployeeKey = (rest: Record<string, unknown> = {}) =>
  fc.oneof(
    fc.record({ posUserId: badId }).map((key) => ({ args: { ...key, ...rest }, names: /posUserId/ })),
    fc.record({ employeeId: badId }).map((key) => ({ args: { ...key, ...rest }, names: /employeeId/ })),
    twoKeysOrNone.map(({ args, names }) => ({ args: { ...args, ...rest }, names })),
  );
const badPhone = fc.oneof(fc.constantFrom('', '12345', 'call me'), notA('string'));
const badMoney = fc.oneof(fc.constantFrom(-1, 12.345, 1e12), notA('number'));
const badDay = fc.oneof(fc.constantFrom('2026-02-30', 'next monday', ''), notA('string'));

const findArgs = fc
  .record({ firstName: fc.constantFrom('Mor', 'ana', "O'N", 'Zoë', '  Pat  ', 'Ana María'), phone: fc.constantFrom('(555) 010-0001', '5550100002'), active: fc.constantFrom('all', 'active', 'inactive') }, { requiredKeys: [] })
  .filter((query) => query.firstName !== undefined || query.phone !== undefined);

const cases: ToolCase[] = [
  { tool: 'get_employee', method: 'getEmployee', valid: validEmployeeKeyArgs, invalid: badEmployeeKey() },
  {
    tool: 'find_employees',
    method: 'findEmployees',
    valid: findArgs,
    invalid: fc.oneof(
      breaking(fc.constant({ lastName: 'Lee' }), { firstName: blankOrLong(50), lastName: blankOrLong(100), phone: badPhone, active: fc.oneof(fc.constantFrom('', 'disabled'), notA('string')) }),
      fc.constantFrom<Invalid>({ args: {}, names: /at least one of firstName, lastName and phone/ }, { args: { active: 'all' }, names: /at least one of firstName, lastName and phone/ }),
    ),
  },
  {
    tool: 'update_employee',
    method: 'updateEmployee',
    valid: validUpdateEmployeeArgs,
    invalid: fc.oneof(
      badEmployeeKey({ phone: '5550100001' }),
      breaking(validEmployeeKeyArgs, {
        firstName: blankOrLong(50),
        lastName: blankOrLong(100),
        phone: badPhone,
        email: badEmail,
        departments: fc.oneof(fc.constant([]), notA('array')),
        startDate: badDay,
        posPin: fc.oneof(fc.constantFrom(9999, 100_000, 12_345.5), notA('number')),
        payrollEmployeeId: fc.oneof(fc.string({ minLength: 33, maxLength: 40 }), notA('string')),
      }),
      validEmployeeKeyArgs.map((key) => ({ args: key, names: /at least one field to change/ })),
    ),
  },
  { tool: 'reactivate_employee', method: 'reactivateEmployee', valid: validEmployeeKeyArgs, invalid: badEmployeeKey() },
  {
    tool: 'set_employee_wage',
    method: 'setWage',
    valid: validSetWageArgs,
    invalid: fc.oneof(
      badEmployeeKey({ regularRate: 15 }),
      breaking(validEmployeeKeyArgs.map((key) => ({ ...key, regularRate: 15 })), { regularRate: badMoney, overtimeRate: badMoney, effectiveDate: badDay }),
      validEmployeeKeyArgs.map((key) => ({ args: key, names: /regularRate/ })),
    ),
  },
  {
    tool: 'set_employee_permission',
    method: 'setEmployeePermission',
    valid: validSetPermissionArgs,
    invalid: fc.oneof(badEmployeeKey({ template: 'Cashier' }), breaking(validEmployeeKeyArgs, { template: blankOrLong(200) })),
  },
  { tool: 'list_backoffice_users', method: 'listBackofficeUsers', valid: refreshArgs, invalid: breaking(refreshArgs, badRefresh) },
  {
    tool: 'apply_backoffice_template',
    method: 'applyBackofficeTemplate',
    valid: validApplyTemplateArgs,
    invalid: fc.oneof(
      fc.record({ userId: badId, template: fc.constant('Manager') }).map((args) => ({ args, names: /userId/ })),
      fc.record({ username: fc.oneof(fc.constantFrom('ab', '9lives', 'pat lee'), notA('string')), template: fc.constant('Manager') }).map((args) => ({ args, names: /username/ })),
      fc.constantFrom<Invalid>(
        { args: { template: 'Manager' }, names: /exactly one of userId and username/ },
        { args: { userId: 3_312_060, username: 'pat_lee', template: 'Manager' }, names: /exactly one of userId and username/ },
        { args: { username: 'pat_lee', template: '  ' }, names: /template/ },
      ),
    ),
  },
];

describeToolCases(cases);
