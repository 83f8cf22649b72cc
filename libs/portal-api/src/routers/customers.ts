import { customerIdInputSchema, membershipIdInputSchema, searchCustomersInputSchema } from '@washops/operations/schemas';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';

/**
 * Customers and their memberships (README, "Admin portal"): anyone signed in reads them, from the
 * warehouse or live (each answer says which). Contact details come masked; an admin may reveal one
 * customer's, which the service records in the audit log (who and whose, never the values).
 */
export const customersRouter = router({
  search: protectedProcedure
    .input(searchCustomersInputSchema)
    .query(async ({ ctx, input, signal }) => ctx.deps.resources.searchCustomers(input, signal ? { signal } : {})),

  get: protectedProcedure
    .input(customerIdInputSchema)
    .query(async ({ ctx, input, signal }) => ctx.deps.resources.getCustomer(input.customerId, signal ? { signal } : {})),

  membership: protectedProcedure
    .input(membershipIdInputSchema)
    .query(async ({ ctx, input, signal }) => ctx.deps.resources.getMembership(input.membershipId, signal ? { signal } : {})),

  /** A mutation, not a query: it writes an audit event, and a cross-origin page must not trigger it. */
  revealContact: adminProcedure
    .input(customerIdInputSchema)
    .mutation(async ({ ctx, input, signal }) =>
      ctx.deps.resources.revealCustomerContact({ channel: 'portal', name: ctx.session.username }, input.customerId, signal ? { signal } : {}),
    ),
});
