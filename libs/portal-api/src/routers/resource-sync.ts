import { daysInRange, localDaySchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';

/** A backfill of the resources reaches back at most a year: memberships and customers are kept by their sign-up day. */
export const MAX_RESOURCE_SYNC_DAYS = 366;

/** UTC days `from`..`to`; the resources by the sync's names (it refuses an unknown one), none: every resource. */
const resourceRangeInput = z
  .strictObject({
    from: localDaySchema,
    to: localDaySchema,
    resources: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
  })
  .superRefine((value, ctx) => {
    const days = daysInRange(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day comes before the first.' });
    if (days > MAX_RESOURCE_SYNC_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A range is at most ${MAX_RESOURCE_SYNC_DAYS} days; this one has ${days}.` });
    }
  });

const dated = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The resources' side of the warehouse sync (customers, memberships, items, employees and their
 * clock entries, gift cards, …), on the same queue and budget as the site-days: anyone signed in
 * sees each resource's coverage and windows; only an admin queues a backfill or retries.
 */
export const resourceSyncRouter = router({
  status: protectedProcedure.input(resourceRangeInput).query(async ({ ctx, input }) => {
    const statuses = await ctx.deps.sync.resources.status(input);
    return statuses.map(({ resource, coverage, windows }) => ({
      resource,
      coverage: { ...coverage, syncedAt: dated(coverage.syncedAt) },
      windows: windows.map((w) => ({
        scope: w.scope,
        windowStart: w.windowStart,
        windowEnd: w.windowEnd,
        state: w.state,
        records: w.records,
        syncedAt: dated(w.syncedAt),
        error: w.error,
        errorCode: w.errorCode,
      })),
    }));
  }),

  backfill: adminProcedure
    .input(resourceRangeInput)
    .mutation(async ({ ctx, input }) => ctx.deps.sync.resources.backfill(input, { channel: 'portal', name: ctx.session.username })),

  retryFailed: adminProcedure.mutation(async ({ ctx }) => ({ queued: await ctx.deps.sync.resources.retryFailed({ channel: 'portal', name: ctx.session.username }) })),
});
