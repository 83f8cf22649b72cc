import { parseInput, type ClientContext } from '../internal/context.js';
import { refreshOptionsSchema, type Department, type RefreshOptions } from '../schemas.js';

/** The department options of the create form. */
export async function listDepartments(ctx: ClientContext, options: RefreshOptions = {}): Promise<Department[]> {
  const { refresh } = parseInput(refreshOptionsSchema, options);
  const form = await ctx.createForm.get({ refresh });
  return form.departments.map((d) => ({ ...d }));
}
