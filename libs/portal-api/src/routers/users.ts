import { createBackofficeUserInputSchema } from '@washops/backoffice-client';
import { adminProcedure, router } from '../trpc.js';
import { validatedInput } from '../validated-input.js';

/** Back Office users (sign-ins to the vendor's BackOffice), linked to an employee or standalone. */
export const usersRouter = router({
  create: adminProcedure
    .input(validatedInput(createBackofficeUserInputSchema))
    .mutation(({ ctx, input, signal }) => ctx.deps.backoffice.createBackofficeUser(input, { signal })),
});
