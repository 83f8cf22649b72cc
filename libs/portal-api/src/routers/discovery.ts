import { listPermissionsOptionsSchema, refreshOptionsSchema } from '@washops/backoffice-client';
import { protectedProcedure, router } from '../trpc.js';

/** The tenant's sites, departments and permission templates, for the forms' selects. */
export const discoveryRouter = router({
  sites: protectedProcedure.input(refreshOptionsSchema.optional()).query(({ ctx, input }) => ctx.deps.backoffice.listSites(input)),

  departments: protectedProcedure
    .input(refreshOptionsSchema.optional())
    .query(({ ctx, input }) => ctx.deps.backoffice.listDepartments(input)),

  permissions: protectedProcedure
    .input(listPermissionsOptionsSchema.optional())
    .query(({ ctx, input }) => ctx.deps.backoffice.listPermissions(input)),
});
