import {
  createEmployeeInputSchema,
  disableEmployeeInputSchema,
  emailSchema,
  employeeKeySchema,
  findEmployeesQuerySchema,
  listEmployeesOptionsSchema,
  phoneSchema,
  posUserIdSchema,
} from '@washops/operations/schemas';
import { z } from 'zod';
import { operationsAs } from '../actor-operations.js';
import { employeeSetPermissionInput, employeeSetWageInput, employeeUpdateInput } from '../schemas.js';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';
import { validatedInput } from '../validated-input.js';

export const employeesRouter = router({
  /** The roster. */
  list: protectedProcedure
    .input(listEmployeesOptionsSchema.optional())
    .query(({ ctx, input, signal }) => ctx.deps.backoffice.listEmployees({ ...input, signal })),

  /** One employee in full: profile, wage history (newest first) and POS permission. Never the PIN. */
  get: protectedProcedure
    .input(validatedInput(employeeKeySchema))
    .query(({ ctx, input, signal }) => ctx.deps.backoffice.getEmployee(input, { signal })),

  /** Every employee whose names start with, or whose phone is, what was given (the roster's own filters). */
  find: protectedProcedure
    .input(validatedInput(findEmployeesQuerySchema))
    .query(({ ctx, input, signal }) => ctx.deps.backoffice.findEmployees(input, { signal })),

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

  /** Only the given fields change, verified by a read-back; the result names a new PIN, never shows it. */
  update: adminProcedure
    .input(validatedInput(employeeUpdateInput))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).updateEmployee(input.key, input.changes, { signal })),

  reactivate: adminProcedure
    .input(validatedInput(employeeKeySchema))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).reactivateEmployee(input, { signal })),

  /** A new compensation record; an effective date the BackOffice would ignore is refused before any request. */
  setWage: adminProcedure
    .input(validatedInput(employeeSetWageInput))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).setWage(input.key, input.wage, { signal })),

  /** The POS permission template's whole matrix, verified. */
  setPermission: adminProcedure
    .input(validatedInput(employeeSetPermissionInput))
    .mutation(({ ctx, input, signal }) => operationsAs(ctx).setEmployeePermission(input.key, input.template, { signal })),
});
