import { z } from 'zod';
import { parseInput, phoneKey, type ClientContext } from '../internal/context.js';
import { phoneSchema, refreshOptionsSchema, type RefreshOptions } from '../schemas.js';

/** True when no employee's phone has the same digits (cached employee index). */
export async function isPhoneAvailable(ctx: ClientContext, phone: string, options: RefreshOptions = {}): Promise<boolean> {
  const digits = parseInput(z.object({ phone: phoneSchema }), { phone }).phone;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.index.get({ refresh })).byPhone.has(phoneKey(digits));
}
