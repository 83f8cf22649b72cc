import { registerSecret } from '@washops/shared-errors';
import { parseInput, type ClientContext } from '../internal/context.js';
import type { FormPair } from '../internal/form.js';
import { generatePassword } from '../internal/secrets.js';
import { createBackofficeUserInputSchema, type BackofficeUserCreated, type CreateBackofficeUserInput } from '../schemas.js';
import { findEmployeeIdByEmail, findEmployeeIdByPosUserId } from './find-employee.js';

const NEW_USER_LOCATION = /^\/user\/(?:permissions|edit)\/(\d+)(?:[?#]|$)/;

/**
 * Linked mode (a link field given): the user belongs to an existing, active employee and inherits
 * its sites. Standalone mode (first and last name): an external user. One POST /user/insert.
 */
export async function createBackofficeUser(ctx: ClientContext, raw: CreateBackofficeUserInput): Promise<BackofficeUserCreated> {
  const input = parseInput(createBackofficeUserInputSchema, raw);
  if (input.password) registerSecret(input.password);
  const linked = input.linkToEmployeePosUserId !== undefined || input.linkToEmployeeEmail !== undefined;
  const employeeId = !linked
    ? undefined
    : input.linkToEmployeePosUserId !== undefined
      ? await findEmployeeIdByPosUserId(ctx, input.linkToEmployeePosUserId)
      : await findEmployeeIdByEmail(ctx, input.linkToEmployeeEmail as string);

  const generated = input.password ? undefined : generatePassword();
  if (generated) registerSecret(generated);
  const password = input.password ?? (generated as string);
  // A browser omits the unchecked "employee of the wash" toggle; sending it (with any value) would mean "linked".
  const identity: FormPair[] =
    employeeId !== undefined
      ? [
          ['employee[isOnSiteEmployee]', '1'],
          ['user[employeeId]', String(employeeId)],
        ]
      : [
          ['employee[firstName]', input.firstName as string],
          ['employee[lastName]', input.lastName as string],
        ];
  const { match } = await ctx
    .postForm(
      '/user/insert',
      [...identity, ['employee[email]', input.email], ['user[username]', input.username], ['user[password]', password], ['user[confirmPassword]', password]],
      NEW_USER_LOCATION,
    )
    .finally(() => ctx.afterWrite());

  const warnings = [
    `The permission template '${input.permission}' was not applied: assign it in the Back Office user list (/user, shield icon).`,
  ];
  if (input.availableSites !== 'all') {
    warnings.push(
      linked
        ? 'availableSites is only reported: a linked user has the sites of its employee.'
        : 'availableSites is only reported: assign the accessible sites in the Back Office user list (/user, shield icon).',
    );
  }
  return {
    userId: Number(match[1]),
    username: input.username,
    email: input.email,
    mode: linked ? 'linked' : 'standalone',
    ...(employeeId !== undefined ? { employeeId } : {}),
    permission: input.permission,
    availableSites: input.availableSites,
    ...(generated ? { generatedPassword: generated } : {}),
    warnings,
  };
}
