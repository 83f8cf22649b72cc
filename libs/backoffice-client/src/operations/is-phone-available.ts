import { parseInput } from '@washops/client-core';
import { z } from 'zod';
import { phoneKey } from '../normalize.js';
import { phoneSchema, refreshOptionsSchema, type RefreshOptions } from '../schemas.js';
import type { OperationContext } from './context.js';

/** True when no employee's phone has the same digits (cached employee index). */
export async function isPhoneAvailable(ctx: OperationContext, phone: string, options: RefreshOptions = {}): Promise<boolean> {
  const digits = parseInput(z.object({ phone: phoneSchema }), { phone }).phone;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.employeeIndex({ refresh })).byPhone.has(phoneKey(digits));
}
