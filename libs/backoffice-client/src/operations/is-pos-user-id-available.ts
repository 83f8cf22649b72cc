import { z } from 'zod';
import { parseInput, type ClientContext } from '../internal/context.js';
import { posUserIdSchema, refreshOptionsSchema, type RefreshOptions } from '../schemas.js';

/** True when no employee, active or not, has this POS user id (cached employee index). */
export async function isPosUserIdAvailable(ctx: ClientContext, posUserId: number, options: RefreshOptions = {}): Promise<boolean> {
  const id = parseInput(z.object({ posUserId: posUserIdSchema }), { posUserId }).posUserId;
  const { refresh } = parseInput(refreshOptionsSchema, options);
  return !(await ctx.index.get({ refresh })).byPosUserId.has(id);
}
