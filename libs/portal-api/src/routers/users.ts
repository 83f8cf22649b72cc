import { createBackofficeUserInputSchema } from '@washops/operations/schemas';
import { operationsAs } from '../actor-operations.js';
import { adminProcedure, router } from '../trpc.js';
import { validatedInput } from '../validated-input.js';

/** Back Office users (sign-ins to the vendor's BackOffice), linked to an employee or standalone. */
export const usersRouter = router({
  create: adminProcedure
    .input(validatedInput(createBackofficeUserInputSchema))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).createBackofficeUser(input, { signal })),
});
