import { parseInput } from '@washops/client-core';
import { z } from 'zod';
import { posUserIdSchema, refreshOptionsSchema, type RefreshOptions } from '../schemas.js';
import type { OperationContext } from './context.js';

/** True when no employee, active or not, has this POS user id (cached employee index). */
export async function isPosUserIdAvailable(ctx: OperationContext, posUserId: number, options: RefreshOptions = {}): Promise<boolean> {
  const id = parseInput(z.object({ posUserId: posUserIdSchema }), { posUserId }).posUserId;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.employeeIndex({ refresh })).byPosUserId.has(id);
}
