import { createBackofficeUserInputSchema, createEmployeeInputSchema, disableEmployeeInputSchema } from '@washops/backoffice-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createBackofficeUser } from '../src/tools/create-backoffice-user.js';
import { createEmployee } from '../src/tools/create-employee.js';
import { disableEmployee } from '../src/tools/disable-employee.js';
import { createBackofficeUserArgs, createEmployeeArgs, disableEmployeeArgs } from './arbitraries.js';

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
];

const issueKeys = (error: z.ZodError | undefined) => (error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

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
