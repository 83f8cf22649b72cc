import {
  createEmployeeInputSchema,
  disableEmployeeInputSchema,
  emailSchema,
  listEmployeesOptionsSchema,
  phoneSchema,
  posUserIdSchema,
} from '@washops/operations/schemas';
import { z } from 'zod';
import { operationsAs } from '../actor-operations.js';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';
import { validatedInput } from '../validated-input.js';

export const employeesRouter = router({
  /** The roster. */
  list: protectedProcedure
    .input(listEmployeesOptionsSchema.optional())
    .query(({ ctx, input, signal }) => ctx.deps.backoffice.listEmployees({ ...input, signal })),

  isPosUserIdAvailable: protectedProcedure
    .input(z.object({ posUserId: posUserIdSchema }))
    .query(async ({ ctx, input, signal }) => ({ available: await ctx.deps.backoffice.isPosUserIdAvailable(input.posUserId, { signal }) })),

  isEmailAvailable: protectedProcedure
    .input(z.object({ email: emailSchema }))
    .query(async ({ ctx, input, signal }) => ({ available: await ctx.deps.backoffice.isEmailAvailable(input.email, { signal }) })),

  isPhoneAvailable: protectedProcedure
    .input(z.object({ phone: z.string().max(40).pipe(phoneSchema) }))
    .query(async ({ ctx, input, signal }) => ({ available: await ctx.deps.backoffice.isPhoneAvailable(input.phone, { signal }) })),

  create: adminProcedure
    .input(validatedInput(createEmployeeInputSchema))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).createEmployee(input, { signal })),

  disable: adminProcedure
    .input(validatedInput(disableEmployeeInputSchema))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).disableEmployee(input, { signal })),
});
