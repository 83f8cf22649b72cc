import type { SyncStatus } from '@washops/operations';
import type { PortalSession } from '../auth/sessions.js';
import type { PortalContext } from '../context.js';
import { syncRangeInput, type SyncRangeInput } from '../schemas.js';
import { adminProcedure, protectedProcedure, router } from '../trpc.js';
import { resolveSiteCodes } from '../warehouse/sites.js';
import { resourceSyncRouter } from './resource-sync.js';
import type { z } from 'zod';

const actorOf = (session: PortalSession) => ({ channel: 'portal' as const, name: session.username });

type SyncRange = z.output<typeof syncRangeInput>;

/** The sync's query of a range: its days and the sites it names (none: every site). */
async function queryOf(ctx: PortalContext, input: SyncRange, signal: AbortSignal | undefined) {
  const siteCodes = await resolveSiteCodes(ctx.deps.backoffice, input, signal, () => ctx.deps.transactions.listSites(signal ? { signal } : {}));
  return { from: input.from, to: input.to, ...(siteCodes ? { siteCodes } : {}) };
}

/** The Data sync page's view of the sync: its status with times as ISO strings. */
export function syncStatusView(status: SyncStatus) {
  return {
    ...status,
    units: status.units.map((unit) => ({
      siteCode: unit.siteCode,
      day: unit.day,
      state: unit.state,
      records: unit.records,
      syncedAt: unit.syncedAt?.toISOString() ?? null,
      attempts: unit.attempts,
      error: unit.error,
      errorCode: unit.errorCode,
    })),
    budget: { ...status.budget, pausedUntil: status.budget.pausedUntil?.toISOString() ?? null },
  };
}
export type SyncStatusView = ReturnType<typeof syncStatusView>;

/**
 * The transactions warehouse's sync (README, "Data sync"): anyone signed in sees its status; only an
 * admin starts a backfill, pauses, resumes or retries. Inputs are checked (days, the range's
 * length, the sites or region against the BackOffice's site tree) before the sync is called.
 */
export const syncRouter = router({
  status: protectedProcedure
    .input(syncRangeInput)
    .query(async ({ ctx, input, signal }) => syncStatusView(await ctx.deps.sync.status(await queryOf(ctx, input, signal)))),

  backfill: adminProcedure
    .input(syncRangeInput)
    .mutation(async ({ ctx, input, signal }) => ctx.deps.sync.backfill(await queryOf(ctx, input, signal), actorOf(ctx.session))),

  /** Workers in every process finish the site-days in hand and take no more; the queue stays. */
  pause: adminProcedure.mutation(async ({ ctx }) => {
    await ctx.deps.sync.pause(actorOf(ctx.session));
    return { paused: true };
  }),

  resume: adminProcedure.mutation(async ({ ctx }) => {
    await ctx.deps.sync.resume(actorOf(ctx.session));
    return { paused: false };
  }),

  /** Queues the range's failed site-days again. */
  retryFailed: adminProcedure.input(syncRangeInput).mutation(async ({ ctx, input, signal }) => ({
    queued: await ctx.deps.sync.retryFailed(await queryOf(ctx, input, signal), actorOf(ctx.session)),
  })),

  /** Customers, memberships, items, the time clock, gift cards and the rest of the Data API. */
  resources: resourceSyncRouter,
});

export type { SyncRangeInput };
