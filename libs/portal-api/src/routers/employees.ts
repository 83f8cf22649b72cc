import {
  createEmployeeInputSchema,
  disableEmployeeInputSchema,
  emailSchema,
  listEmployeesOptionsSchema,
  phoneSchema,
  posUserIdSchema,
} from '@washops/backoffice-client';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';
import { validatedInput } from '../validated-input.js';

export const employeesRouter = router({
  /** The roster. */
  list: protectedProcedure
    .input(listEmployeesOptionsSchema.optional())
    .query(({ ctx, input }) => ctx.deps.backoffice.listEmployees(input)),

  isPosUserIdAvailable: protectedProcedure
    .input(z.object({ posUserId: posUserIdSchema }))
    .query(async ({ ctx, input }) => ({ available: await ctx.deps.backoffice.isPosUserIdAvailable(input.posUserId) })),

  isEmailAvailable: protectedProcedure
    .input(z.object({ email: emailSchema }))
    .query(async ({ ctx, input }) => ({ available: await ctx.deps.backoffice.isEmailAvailable(input.email) })),

  isPhoneAvailable: protectedProcedure
    .input(z.object({ phone: z.string().max(40).pipe(phoneSchema) }))
    .query(async ({ ctx, input }) => ({ available: await ctx.deps.backoffice.isPhoneAvailable(input.phone) })),

  create: adminProcedure
    .input(validatedInput(createEmployeeInputSchema))
    .mutation(({ ctx, input }) => ctx.deps.backoffice.createEmployee(input)),

  disable: adminProcedure
    .input(validatedInput(disableEmployeeInputSchema))
    .mutation(({ ctx, input }) => ctx.deps.backoffice.disableEmployee(input)),
});
