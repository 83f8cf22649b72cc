import { z } from 'zod';
import { CustomerIdSchema, ItemIdSchema, SiteCodeSchema } from './common.js';
import { RANGE_LIMIT_DAYS, UnixDateSchema, unixRange } from './dates.js';

const range = { startDate: UnixDateSchema.optional(), endDate: UnixDateSchema.optional() };

/** `washbooks.list`: creation dates, at most 6 months; `status` sent as `accountStatus`. */
export const WashbookListParamsSchema = z
  .strictObject({
    ...range,
    status: z.enum(['active', 'inactive']).optional(),
    customerId: CustomerIdSchema.optional(),
    itemId: ItemIdSchema.optional(),
  })
  .superRefine(unixRange(RANGE_LIMIT_DAYS.washbookList));

/** `giftCards.list`: dates no older than the Data API's 6-month look-back (as the transaction lists). */
export const GiftCardListParamsSchema = z
  .strictObject({
    ...range,
    prepaidNumber: z.string().trim().min(1, 'prepaidNumber must not be empty').max(64, 'prepaidNumber is at most 64 characters').optional(),
    site: SiteCodeSchema.optional(),
  })
  .superRefine(unixRange(undefined, true));
