import type { ResourceReads } from '@washops/operations';
import { listItemsInputSchema, MAX_RESOURCE_PAGE_SIZE } from '@washops/operations/schemas';
import { protectedProcedure, router } from '../trpc.js';

/** Pages read at most to name the departments: 5 000 items, far above any chain's catalogue. */
const MAX_DEPARTMENT_PAGES = 50;

/** Every department of the catalogue, sorted, read page by page (the item list is paged at 100). */
async function departmentsOf(resources: ResourceReads, signal: AbortSignal | undefined): Promise<string[]> {
  const names = new Set<string>();
  for (let page = 1; page <= MAX_DEPARTMENT_PAGES; page++) {
    const result = await resources.listItems({ page, pageSize: MAX_RESOURCE_PAGE_SIZE }, signal ? { signal } : {});
    for (const item of result.rows) names.add(item.departmentName);
    if (result.rows.length < MAX_RESOURCE_PAGE_SIZE || (result.pageCount !== null && page >= result.pageCount)) break;
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** The item catalogue (README, "Admin portal"): anyone signed in reads it, a page at a time, by department. */
export const itemsRouter = router({
  list: protectedProcedure.input(listItemsInputSchema).query(async ({ ctx, input, signal }) => ctx.deps.resources.listItems(input, signal ? { signal } : {})),

  /** The department filter's choices. */
  departments: protectedProcedure.query(async ({ ctx, signal }) => departmentsOf(ctx.deps.resources, signal)),
});
