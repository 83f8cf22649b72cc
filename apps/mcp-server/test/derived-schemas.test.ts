import {
  backofficeUserKeySchema,
  createBackofficeUserInputSchema,
  createEmployeeInputSchema,
  disableEmployeeInputSchema,
  employeeChangesSchema,
  employeeKeySchema,
  setWageInputSchema,
  templateNameSchema,
} from '@washops/backoffice-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyBackofficeTemplate } from '../src/tools/apply-backoffice-template.js';
import { createBackofficeUser } from '../src/tools/create-backoffice-user.js';
import { createEmployee } from '../src/tools/create-employee.js';
import { disableEmployee } from '../src/tools/disable-employee.js';
import { setEmployeePermission } from '../src/tools/set-employee-permission.js';
import { setEmployeeWage } from '../src/tools/set-employee-wage.js';
import { updateEmployee } from '../src/tools/update-employee.js';
import { applyTemplateArgs, createBackofficeUserArgs, createEmployeeArgs, disableEmployeeArgs, setPermissionArgs, setWageArgs, updateEmployeeArgs } from './arbitraries.js';

interface WriteToolCase {
  name: string;
  tool: z.ZodType;
  client: z.ZodType;
  args: fc.Arbitrary<Record<string, unknown>>;
  /**
   * Whether the input uses the one JSON type the tool takes where the client takes two (money as a number,
   * the start date as a string). Outside it the tool refuses what the client may accept, by design.
   */
  jsonTyped(input: Record<string, unknown>): boolean;
}

const isOptionalNumber = (value: unknown) => value === undefined || typeof value === 'number';
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** Marks the client's key refusal: the tool names the field or "exactly one" where the client's union has one message. */
const KEY_REFUSED = 'the client refuses the key';

/**
 * The client's reading of a keyed tool input: its key union over the key fields (`{ employeeId } | { posUserId }`), the
 * method's own schema over the other fields.
 */
function keyedClient(keySchema: z.ZodType, keyFields: readonly string[], rest: z.ZodType): z.ZodType {
  return z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const key = Object.fromEntries(Object.entries(input).filter(([field, value]) => keyFields.includes(field) && value !== undefined));
    const others = Object.fromEntries(Object.entries(input).filter(([field]) => !keyFields.includes(field)));
    const [parsedKey, parsedRest] = [keySchema.safeParse(key), rest.safeParse(others)];
    for (const issue of parsedRest.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    if (!parsedKey.success) ctx.addIssue({ code: 'custom', message: KEY_REFUSED, path: [] });
    return parsedKey.success && parsedRest.success ? { key: parsedKey.data, rest: parsedRest.data } : z.NEVER;
  });
}
const byEmployee = (rest: z.ZodType) => keyedClient(employeeKeySchema, ['employeeId', 'posUserId'], rest);
const templateOnly = z.strictObject({ template: templateNameSchema });

const cases: WriteToolCase[] = [
  {
    name: 'create_employee',
    tool: createEmployee.inputSchema,
    client: createEmployeeInputSchema,
    args: createEmployeeArgs,
    jsonTyped: (input) => typeof input['wageRate'] === 'number' && isOptionalNumber(input['overtimeWageRate']) && typeof input['startDate'] === 'string',
  },
  { name: 'disable_employee', tool: disableEmployee.inputSchema, client: disableEmployeeInputSchema, args: disableEmployeeArgs, jsonTyped: () => true },
  {
    name: 'create_backoffice_user',
    tool: createBackofficeUser.inputSchema,
    client: createBackofficeUserInputSchema,
    args: createBackofficeUserArgs,
    jsonTyped: () => true,
  },
  { name: 'update_employee', tool: updateEmployee.inputSchema, client: byEmployee(employeeChangesSchema), args: updateEmployeeArgs, jsonTyped: (input) => isOptionalString(input['startDate']) },
  {
    name: 'set_employee_wage',
    tool: setEmployeeWage.inputSchema,
    client: byEmployee(setWageInputSchema),
    args: setWageArgs,
    jsonTyped: (input) => typeof input['regularRate'] === 'number' && isOptionalNumber(input['overtimeRate']) && isOptionalString(input['effectiveDate']),
  },
  { name: 'set_employee_permission', tool: setEmployeePermission.inputSchema, client: byEmployee(templateOnly), args: setPermissionArgs, jsonTyped: () => true },
  {
    name: 'apply_backoffice_template',
    tool: applyBackofficeTemplate.inputSchema,
    client: keyedClient(backofficeUserKeySchema, ['userId', 'username'], templateOnly),
    args: applyTemplateArgs,
    jsonTyped: () => true,
  },
];

const issueKeys = (error: z.ZodError | undefined) =>
  (error?.issues ?? []).filter((issue) => issue.message !== KEY_REFUSED).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe.each(cases)('the $name tool schema, derived from the client schema', ({ tool, client, args, jsonTyped }) => {
  it('accepts and refuses the same generated inputs as the client, with the client\'s messages', () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(args, (input) => {
        const ours = tool.safeParse(input);
        const theirs = client.safeParse(input);
        if (!jsonTyped(input)) {
          expect(ours.success).toBe(false);
          return;
        }
        expect(ours.success, JSON.stringify(input)).toBe(theirs.success);
        seen[theirs.success ? 'accepted' : 'refused'] += 1;
        // Every rule the client breaks is named to the model in the client's own words.
        expect(issueKeys(ours.error)).toEqual(expect.arrayContaining(issueKeys(theirs.error)));
      }),
      { numRuns: 600 },
    );
    // The generators reach both sides, so the equality above is not vacuous.
    expect(seen.accepted).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
  });

  it('hands the client a value it reads exactly as it reads the raw input', () => {
    fc.assert(
      fc.property(args, (input) => {
        const ours = tool.safeParse(input);
        fc.pre(ours.success);
        expect(client.parse(ours.data)).toEqual(client.parse(input));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the create_employee schema a model sees', () => {
  it('follows the client where the hand-written schema differed (name length, phone digits, money, start date)', () => {
    const base = {
      firstName: 'Ana',
      lastName: 'Lee',
      phone: '(555) 010-0001',
      email: 'ana@example.com',
      posUserId: 4242,
      wageRate: 15.25,
      startDate: '2026-11-02',
      availableSites: 'all',
      permission: 'Cashier',
      departments: ['Cashier'],
    };
    const parse = (change: Record<string, unknown>) => createEmployee.inputSchema.safeParse({ ...base, ...change }).success;
    expect(parse({})).toBe(true);
    expect(parse({ firstName: 'x'.repeat(65) })).toBe(false);
    expect(parse({ phone: '12345' })).toBe(false);
    expect(parse({ wageRate: 12.345 })).toBe(false);
    expect(parse({ wageRate: 1e12 })).toBe(false);
    expect(parse({ startDate: '2026-02-30' })).toBe(false);
    expect(parse({ startDate: 'next monday' })).toBe(false);
    expect(parse({ requiresBackoffice: true })).toBe(false);
    expect(parse({ requiresBackoffice: true, backofficeUsername: 'ana_lee' })).toBe(true);
    expect(parse({ nickname: 'A' })).toBe(false);
  });
});
