import { listGiftCardsInputSchema } from '@washops/operations/schemas';
import { protectedProcedure, router } from '../trpc.js';

/** Gift cards (README, "Admin portal"): the outstanding liability per site over every card, and the cards a page at a time. */
export const giftCardsRouter = router({
  list: protectedProcedure
    .input(listGiftCardsInputSchema)
    .query(async ({ ctx, input, signal }) => ctx.deps.resources.listGiftCards(input, signal ? { signal } : {})),
});
