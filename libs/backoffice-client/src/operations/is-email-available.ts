import { parseInput } from '@washops/client-core';
import { z } from 'zod';
import { emailKey } from '../normalize.js';
import { emailSchema, refreshOptionsSchema, type RefreshOptions } from '../schemas.js';
import type { OperationContext } from './context.js';

/** True when no employee's email (the `/user/create` email map) matches, case-insensitively. */
export async function isEmailAvailable(ctx: OperationContext, email: string, options: RefreshOptions = {}): Promise<boolean> {
  const value = parseInput(z.object({ email: emailSchema }), { email }).email;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.employeeIndex({ refresh })).emails.has(emailKey(value));
}
