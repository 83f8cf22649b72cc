import fc from 'fast-check';

/* Generated tool arguments, valid and invalid, as a model could send them (JSON values only). */

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f'];
const CONTROL = ['\u0000', '\u0007', '\u0008', '\u001b', '\u007f', '\n', '\t', '\r'];

/** A control or bidirectional-override character, as pasted text or an injection carries them. */
export const hostileChar = fc.constantFrom(...BIDI, ...CONTROL);

/** A word with a hostile character inside it. */
export const withHostileChar = fc
  .tuple(fc.constantFrom('Mor', 'Ana', 'NIL'), hostileChar, fc.constantFrom('gan', 'x', 'ES'))
  .map(([head, char, tail]) => `${head}${char}${tail}`);

const goodName = fc.constantFrom('Morgan', 'Ana María', "O'Neil", 'Zoë', 'Lee', '  Pat  ');
/** Names: ordinary ones, any short text, hostile characters, blank, too long. */
export const nameText = fc.oneof(goodName, fc.string({ minLength: 1, maxLength: 20 }), withHostileChar, fc.constantFrom('', '   '), fc.string({ minLength: 65, maxLength: 90 }));

const goodPhone = fc
  .tuple(fc.integer({ min: 100, max: 999 }), fc.integer({ min: 100, max: 999 }), fc.integer({ min: 1000, max: 9999 }))
  .map(([a, b, c]) => `(${a}) ${b}-${c}`);
export const phoneText = fc.oneof(goodPhone, fc.stringMatching(/^\d{9,10}$/), fc.string({ maxLength: 14 }), fc.stringMatching(/^\d{1,8}$/));

const goodEmail = fc.oneof(fc.constantFrom('ana@example.com', 'x.y@washu.co'), fc.emailAddress());
export const emailText = fc.oneof(goodEmail, fc.string({ maxLength: 20 }), fc.constantFrom('ana@', 'a b@c.de'));

const goodPosUserId = fc.integer({ min: 1, max: 2_147_483_647 });
export const posUserId = fc.oneof(goodPosUserId, fc.constantFrom(0, -1, 2_147_483_648, 1.5), fc.integer({ min: -1000, max: 1000 }));

const goodDollars = fc.integer({ min: 0, max: 10_000_00 }).map((cents) => cents / 100);
/** Dollars as JSON numbers: cents, more decimals, negative, huge. */
export const dollars = fc.oneof(goodDollars, fc.constantFrom(-1, 12.345, 1e12, 0), fc.double({ min: -100, max: 100, noNaN: true }));

const goodDay = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
export const dateText = fc.oneof(goodDay, fc.constantFrom('2026-02-30', '2026-13-01', 'yesterday', '', '11/02/2026', '2026-11-02T08:00:00Z'));

const goodSites = fc.oneof(fc.constant('all' as const), fc.array(goodName, { minLength: 1, maxLength: 3 }));
const siteList = fc.oneof(goodSites, fc.array(nameText, { maxLength: 3 }), fc.constant([] as string[]));
const goodUsername = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{2,10}$/);
const username = fc.oneof(goodUsername, fc.constantFrom('ab', '9lives', 'x'.repeat(70), 'pat lee'), fc.string({ maxLength: 10 }));
const goodPassword = fc.string({ minLength: 8, maxLength: 20 });
const password = fc.oneof(goodPassword, fc.string({ maxLength: 7 }));

type Arbitraries = Record<string, fc.Arbitrary<unknown>>;

/**
 * A valid input, then (half the time) one field replaced by a value from `wild` (wrong values, any JSON
 * type) or a key no tool knows: the shapes a confused model sends. Half valid, so both sides are reached.
 */
function mutated(valid: fc.Arbitrary<Record<string, unknown>>, wild: Arbitraries): fc.Arbitrary<Record<string, unknown>> {
  const changes = [
    ...Object.entries(wild).map(([key, arbitrary]) => arbitrary.map((value) => [key, value] as const)),
    fc.tuple(fc.constantFrom(...Object.keys(wild), 'unexpectedKey'), fc.jsonValue({ maxDepth: 1 })).map(([key, value]) => [key, value] as const),
  ];
  return fc.tuple(valid, fc.option(fc.oneof(...changes), { freq: 2 })).map(([input, change]) => (change ? { ...input, [change[0]]: change[1] } : input));
}

/** Departments too: the client may require them, and a valid input must be valid whichever rule it has. */
const REQUIRED_EMPLOYEE_KEYS = ['firstName', 'lastName', 'phone', 'email', 'posUserId', 'wageRate', 'startDate', 'availableSites', 'permission', 'departments'] as const;

export const validCreateEmployeeArgs = fc
  .record(
    {
      firstName: goodName,
      lastName: goodName,
      phone: goodPhone,
      email: goodEmail,
      posUserId: goodPosUserId,
      wageRate: goodDollars,
      startDate: goodDay,
      availableSites: goodSites,
      permission: goodName,
      posPin: fc.integer({ min: 10_000, max: 99_999 }),
      overtimeWageRate: goodDollars,
      departments: fc.array(goodName, { minLength: 1, maxLength: 2 }),
      payrollEmployeeId: fc.string({ maxLength: 32 }),
      emergencyContactName: goodName,
      emergencyContactPhone: goodPhone,
      requiresBackoffice: fc.boolean(),
      backofficeUsername: goodUsername,
      backofficePassword: goodPassword,
    },
    { requiredKeys: [...REQUIRED_EMPLOYEE_KEYS] },
  )
  .map((input) => (input.requiresBackoffice && !input.backofficeUsername ? { ...input, backofficeUsername: 'pat_lee' } : input));

export const createEmployeeArgs = mutated(validCreateEmployeeArgs, {
  firstName: nameText,
  lastName: nameText,
  phone: phoneText,
  email: emailText,
  posUserId,
  wageRate: dollars,
  startDate: dateText,
  availableSites: siteList,
  permission: nameText,
  posPin: fc.constantFrom(9999, 100_000, 12_345.5),
  overtimeWageRate: dollars,
  departments: fc.oneof(fc.array(nameText, { maxLength: 2 }), fc.constant([] as string[])),
  payrollEmployeeId: fc.string({ minLength: 30, maxLength: 40 }),
  emergencyContactName: fc.string({ minLength: 95, maxLength: 110 }),
  emergencyContactPhone: phoneText,
  requiresBackoffice: fc.constant(true),
  backofficeUsername: username,
  backofficePassword: password,
});

export const validDisableEmployeeArgs = fc.oneof(goodPosUserId.map((id) => ({ posUserId: id })), goodEmail.map((email) => ({ email })));

export const disableEmployeeArgs = mutated(validDisableEmployeeArgs, { posUserId, email: emailText });

export const validCreateBackofficeUserArgs = fc
  .tuple(
    fc.record({ username: goodUsername, email: goodEmail, permission: goodName, password: goodPassword, availableSites: goodSites }, { requiredKeys: ['username', 'email', 'permission'] }),
    fc.oneof(
      goodPosUserId.map((id) => ({ linkToEmployeePosUserId: id })),
      goodEmail.map((email) => ({ linkToEmployeeEmail: email })),
      fc.record({ firstName: goodName, lastName: goodName }),
    ),
  )
  .map(([common, mode]) => ({ ...common, ...mode }));

export const createBackofficeUserArgs = mutated(validCreateBackofficeUserArgs, {
  username,
  email: emailText,
  permission: nameText,
  password,
  linkToEmployeePosUserId: posUserId,
  linkToEmployeeEmail: emailText,
  firstName: nameText,
  lastName: nameText,
  availableSites: siteList,
});

/* ------------------------------------------------------- the employee's life */

const goodEmployeeId = fc.integer({ min: 1, max: 2_147_483_647 });
/** Which employee, as the tools take it: exactly one of the two ids. */
export const validEmployeeKeyArgs = fc.oneof(goodEmployeeId.map((id) => ({ employeeId: id })), goodPosUserId.map((id) => ({ posUserId: id })));
export const validBackofficeUserKeyArgs = fc.oneof(goodEmployeeId.map((id) => ({ userId: id })), goodUsername.map((name) => ({ username: name })));

const keyed = (changes: fc.Arbitrary<Record<string, unknown>>, key: fc.Arbitrary<Record<string, unknown>> = validEmployeeKeyArgs) =>
  fc.tuple(key, changes).map(([k, c]) => ({ ...k, ...c }));
/** A wrong key: an id out of range, both ids, or one of another type. */
const employeeKeyWild = { employeeId: posUserId, posUserId };

export const validUpdateEmployeeArgs = keyed(
  fc
    .record(
      {
        firstName: goodName,
        lastName: goodName,
        phone: goodPhone,
        email: goodEmail,
        departments: fc.array(goodName, { minLength: 1, maxLength: 2 }),
        availableSites: goodSites,
        startDate: goodDay,
        emergencyContactName: goodName,
        emergencyContactPhone: fc.oneof(goodPhone, fc.constant('')),
        payrollEmployeeId: fc.string({ maxLength: 32 }),
        posPin: fc.integer({ min: 10_000, max: 99_999 }),
      },
      { requiredKeys: [] },
    )
    .filter((changes) => Object.keys(changes).length > 0),
);

export const updateEmployeeArgs = mutated(validUpdateEmployeeArgs, {
  ...employeeKeyWild,
  firstName: nameText,
  lastName: fc.oneof(nameText, fc.string({ minLength: 101, maxLength: 110 })),
  phone: phoneText,
  email: emailText,
  departments: fc.oneof(fc.array(nameText, { maxLength: 2 }), fc.constant([] as string[])),
  availableSites: siteList,
  startDate: dateText,
  emergencyContactPhone: phoneText,
  payrollEmployeeId: fc.string({ minLength: 30, maxLength: 40 }),
  posPin: fc.constantFrom(9999, 100_000, 12_345.5),
});

export const validSetWageArgs = keyed(
  fc.record({ regularRate: goodDollars, overtimeRate: goodDollars, effectiveDate: goodDay }, { requiredKeys: ['regularRate'] }),
);
export const setWageArgs = mutated(validSetWageArgs, { ...employeeKeyWild, regularRate: dollars, overtimeRate: dollars, effectiveDate: dateText });

export const validSetPermissionArgs = keyed(fc.record({ template: goodName }));
export const setPermissionArgs = mutated(validSetPermissionArgs, { ...employeeKeyWild, template: nameText });

export const validApplyTemplateArgs = keyed(fc.record({ template: goodName }), validBackofficeUserKeyArgs);
export const applyTemplateArgs = mutated(validApplyTemplateArgs, { userId: posUserId, username, template: nameText });

/** Any JSON value that is not of the given type: a string for a number field, an object for a list, … */
export function notA(kind: 'string' | 'number' | 'boolean' | 'array'): fc.Arbitrary<unknown> {
  const others: Array<fc.Arbitrary<unknown>> = [fc.constant(null), fc.constant({}), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 })];
  if (kind !== 'string') others.push(fc.string({ maxLength: 6 }));
  if (kind !== 'number') others.push(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  if (kind !== 'boolean') others.push(fc.boolean());
  if (kind !== 'array') others.push(fc.array(fc.integer(), { maxLength: 2 }));
  return fc.oneof(...others);
}
