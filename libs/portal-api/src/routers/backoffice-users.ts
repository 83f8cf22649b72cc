import { createBackofficeUserInputSchema, refreshOptionsSchema } from '@washops/operations/schemas';
import { operationsAs } from '../actor-operations.js';
import { backofficeTemplateInput } from '../schemas.js';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';
import { validatedInput } from '../validated-input.js';

/** Back Office users (sign-ins to the vendor's BackOffice), linked to an employee or standalone. */
export const backofficeUsersRouter = router({
  /** The BackOffice's `/user` list: username, name, email, active. */
  list: protectedProcedure
    .input(refreshOptionsSchema.optional())
    .query(({ ctx, input, signal }) => ctx.deps.backoffice.listBackofficeUsers({ ...input, signal })),

  create: adminProcedure
    .input(validatedInput(createBackofficeUserInputSchema))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).createBackofficeUser(input, { signal })),

  /** A template's tokens for one user, keeping its accessible sites; verified. */
  applyTemplate: adminProcedure
    .input(validatedInput(backofficeTemplateInput))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).applyBackofficeTemplate(input.key, input.template, { signal })),
});
