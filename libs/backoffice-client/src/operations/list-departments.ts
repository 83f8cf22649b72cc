import { parseInput } from '@washops/client-core';
import { refreshOptionsSchema, type Department, type RefreshOptions } from '../schemas.js';
import type { OperationContext } from './context.js';

/** The department options of the create form. */
export async function listDepartments(ctx: OperationContext, options: RefreshOptions = {}): Promise<Department[]> {
  const { refresh } = parseInput(refreshOptionsSchema, options);
  const form = await ctx.createForm(refresh);
  return form.departments.map((d) => ({ ...d }));
}
