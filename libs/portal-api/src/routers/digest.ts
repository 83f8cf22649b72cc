import type { DigestPreview } from '@washops/operations';
import { localDaySchema, siteCodeSchema } from '@washops/operations/schemas';
import type { DigestDelivery } from '@washops/store';
import { z } from 'zod';
import { protectedProcedure, router } from '../trpc.js';

/** A delivery as the page reads it: its times as ISO strings. */
export type DigestDeliveryView = Omit<DigestDelivery, 'startedAt' | 'finishedAt'> & { startedAt: string; finishedAt: string | null };

export type DigestPreviewView = DigestPreview & { enabled: boolean };

const siteDay = z.strictObject({ site: siteCodeSchema, day: localDaySchema });

/**
 * The daily digest (README, "The daily digest"): anyone signed in previews what a site-day's mail says (the numbers
 * they may read anyway) and its delivery log. Nothing here sends: the scheduled check alone does.
 */
export const digestRouter = router({
  preview: protectedProcedure.input(siteDay).query(async ({ ctx, input }): Promise<DigestPreviewView> => ({ ...(await ctx.deps.digest.preview(input.site, input.day)), enabled: ctx.deps.digest.enabled })),
  deliveries: protectedProcedure.input(siteDay).query(async ({ ctx, input }): Promise<DigestDeliveryView[]> =>
    (await ctx.deps.digest.deliveries(input.site, input.day)).map((d) => ({ ...d, startedAt: d.startedAt.toISOString(), finishedAt: d.finishedAt?.toISOString() ?? null })),
  ),
});
