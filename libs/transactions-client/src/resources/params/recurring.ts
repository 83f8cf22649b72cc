import { z } from 'zod';
import { CustomerIdSchema, ItemIdSchema, MAX_PAGE_SIZE, MIN_STATUS_CHANGE_PAGE_SIZE, pageSizeSchema, SiteCodeSchema } from './common.js';
import { RANGE_LIMIT_DAYS, UnixDateSchema, unixRange } from './dates.js';

/** `recurringAccountStatus`: 1–15 (see `RECURRING_STATUS_NAMES`). */
export const RecurringStatusCodeSchema = z
  .number({ error: 'status must be a recurring status code from 1 to 15' })
  .int('status must be a recurring status code from 1 to 15')
  .min(1, 'status must be a recurring status code from 1 to 15')
  .max(15, 'status must be a recurring status code from 1 to 15');

/** `modifications`: 1–7 (the request enum; see `RECURRING_MODIFICATION_NAMES`). */
export const RecurringModificationCodeSchema = z
  .number({ error: 'modification must be a modification type from 1 to 7' })
  .int('modification must be a modification type from 1 to 7')
  .min(1, 'modification must be a modification type from 1 to 7')
  .max(7, 'modification must be a modification type from 1 to 7');

const range = { startDate: UnixDateSchema.optional(), endDate: UnixDateSchema.optional() };

/** `recurring.list`: sign-up dates, at most 6 months. */
export const RecurringAccountListParamsSchema = z
  .strictObject({ ...range, status: RecurringStatusCodeSchema.optional(), customerId: CustomerIdSchema.optional(), itemId: ItemIdSchema.optional() })
  .superRefine(unixRange(RANGE_LIMIT_DAYS.recurringList));

/** `recurring.listDetails`: sign-up dates, at most 1 month. */
export const RecurringDetailsListParamsSchema = z
  .strictObject({ ...range, status: RecurringStatusCodeSchema.optional() })
  .superRefine(unixRange(RANGE_LIMIT_DAYS.recurringDetailsList));

/** `recurring.listStatusChanges`: no range limit; `pageSize` 100–1000 (default 1000). */
export const RecurringStatusChangeParamsSchema = z
  .strictObject({
    ...range,
    status: RecurringStatusCodeSchema.optional(),
    pageSize: pageSizeSchema(MIN_STATUS_CHANGE_PAGE_SIZE, MAX_PAGE_SIZE.recurringStatusChanges).optional(),
  })
  .superRefine(unixRange(undefined));

/** `recurring.listModifications`: at most 6 months; `sites` sent comma-separated. */
export const RecurringModificationParamsSchema = z
  .strictObject({
    ...range,
    modification: RecurringModificationCodeSchema.optional(),
    sites: z
      .array(SiteCodeSchema.refine((v) => !v.includes(','), 'a site code must not contain a comma'))
      .min(1, 'sites must name at least one site (or be left out)')
      .optional(),
  })
  .superRefine(unixRange(RANGE_LIMIT_DAYS.recurringModifications));
