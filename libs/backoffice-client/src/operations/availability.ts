import { z } from 'zod';
import { parseInput, phoneKey, type ClientContext } from '../internal/context.js';
import { emailKey } from '../normalize.js';
import { emailSchema, phoneSchema, posUserIdSchema, refreshOptionsSchema, type RefreshOptions } from '../schemas.js';

export async function isPosUserIdAvailable(ctx: ClientContext, posUserId: number, options: RefreshOptions = {}): Promise<boolean> {
  const id = parseInput(z.object({ posUserId: posUserIdSchema }), { posUserId }).posUserId;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.index.get({ refresh })).byPosUserId.has(id);
}

export async function isEmailAvailable(ctx: ClientContext, email: string, options: RefreshOptions = {}): Promise<boolean> {
  const value = parseInput(z.object({ email: emailSchema }), { email }).email;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.index.get({ refresh })).emails.has(emailKey(value));
}

export async function isPhoneAvailable(ctx: ClientContext, phone: string, options: RefreshOptions = {}): Promise<boolean> {
  const digits = parseInput(z.object({ phone: phoneSchema }), { phone }).phone;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.index.get({ refresh })).byPhone.has(phoneKey(digits));
}
