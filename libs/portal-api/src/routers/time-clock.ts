import { listClockEntriesInputSchema } from '@washops/operations/schemas';
import { protectedProcedure, router } from '../trpc.js';

/** Employees' shifts (README, "Admin portal"): anyone signed in reads them; the range's totals come with each page. */
export const timeClockRouter = router({
  list: protectedProcedure
    .input(listClockEntriesInputSchema)
    .query(async ({ ctx, input, signal }) => ctx.deps.resources.listClockEntries(input, signal ? { signal } : {})),
});
