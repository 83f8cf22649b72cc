import { listPermissionsOptionsSchema, refreshOptionsSchema } from '@washops/operations/schemas';
import { protectedProcedure, router } from '../trpc.js';

/** The tenant's sites, departments and permission templates, for the forms' selects. */
export const discoveryRouter = router({
  sites: protectedProcedure.input(refreshOptionsSchema.optional()).query(({ ctx, input, signal }) => ctx.deps.backoffice.listSites({ ...input, signal })),

  departments: protectedProcedure
    .input(refreshOptionsSchema.optional())
    .query(({ ctx, input, signal }) => ctx.deps.backoffice.listDepartments({ ...input, signal })),

  permissions: protectedProcedure
    .input(listPermissionsOptionsSchema.optional())
    .query(({ ctx, input, signal }) => ctx.deps.backoffice.listPermissions({ ...input, signal })),
});
