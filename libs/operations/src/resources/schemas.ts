import { z } from 'zod';
import { daysInRange, localDaySchema, siteCodeSchema } from '../reports/schemas.js';

// Browser-safe (exported through `@washops/operations/schemas`): the inputs of the resource reads, so the portal's
// pages, the MCP tools and the service refuse the same things with the same messages.

/** Rows per page of every resource read: at most 100, like the Data API's own pages. */
export const MAX_RESOURCE_PAGE_SIZE = 100;
export const DEFAULT_RESOURCE_PAGE_SIZE = 25;
/** The longest range of days a dated resource read covers (status changes, sales outcomes). */
export const MAX_RESOURCE_RANGE_DAYS = 366;
/** Clock entries: the Data API asks for them 14 days at a time per employee, so a live answer stays affordable. */
export const MAX_CLOCK_RANGE_DAYS = 62;
/** Transactions a customer's profile lists, newest first. */
export const CUSTOMER_TRANSACTIONS_SHOWN = 10;

export const pageFields = {
  page: z.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'pages count from 1').max(100_000).default(1),
  pageSize: z
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(MAX_RESOURCE_PAGE_SIZE, `pageSize must be at most ${MAX_RESOURCE_PAGE_SIZE}`)
    .default(DEFAULT_RESOURCE_PAGE_SIZE),
};

const idSchema = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(100, `${what} is too long`);

function rangeRule(maxDays: number) {
  return (value: { from: string; to: string }, ctx: z.RefinementCtx) => {
    const days = daysInRange(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day comes before the first.' });
    else if (days > maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: `A range covers at most ${maxDays} days; this one has ${days}.` });
  };
}

export const searchCustomersInputSchema = z.strictObject({
  query: z
    .string({ error: 'give a name or a phone number to search for' })
    .trim()
    .min(1, 'give a name or a phone number to search for')
    .max(100, 'the search is at most 100 characters')
    .refine((text) => /\p{L}/u.test(text) || text.replace(/\D/g, '').length >= 4, 'search by a name, or by at least 4 digits of a phone number'),
  ...pageFields,
});

export const customerIdInputSchema = z.strictObject({ customerId: idSchema('customerId') });

export const listMembershipsInputSchema = z.strictObject({
  customerId: idSchema('customerId').optional(),
  status: z.string().trim().min(1).max(60).optional(),
  siteCode: siteCodeSchema.optional(),
  ...pageFields,
});

export const membershipIdInputSchema = z.strictObject({ membershipId: idSchema('membershipId') });

export const listStatusChangesInputSchema = z
  .strictObject({ from: localDaySchema, to: localDaySchema, siteCode: siteCodeSchema.optional(), ...pageFields })
  .superRefine(rangeRule(MAX_RESOURCE_RANGE_DAYS));

export const listWashbooksInputSchema = z.strictObject({
  customerId: idSchema('customerId').optional(),
  status: z.enum(['active', 'inactive'], { error: 'status must be active or inactive' }).optional(),
  ...pageFields,
});

export const listGiftCardsInputSchema = z.strictObject({ siteCode: siteCodeSchema.optional(), ...pageFields });

export const listItemsInputSchema = z.strictObject({ department: z.string().trim().min(1).max(60).optional(), ...pageFields });

export const listClockEntriesInputSchema = z
  .strictObject({
    from: localDaySchema,
    to: localDaySchema,
    employeeId: z.number({ error: 'employeeId must be a number' }).int().positive().optional(),
    siteCode: siteCodeSchema.optional(),
    ...pageFields,
  })
  .superRefine(rangeRule(MAX_CLOCK_RANGE_DAYS));

export const listSalesOutcomesInputSchema = z
  .strictObject({
    from: localDaySchema,
    to: localDaySchema,
    siteId: z.number({ error: 'siteId must be a number' }).int().positive().optional(),
    employeeId: idSchema('employeeId').optional(),
    ...pageFields,
  })
  .superRefine(rangeRule(MAX_RESOURCE_RANGE_DAYS));

export type SearchCustomersInput = z.input<typeof searchCustomersInputSchema>;
export type ListMembershipsInput = z.input<typeof listMembershipsInputSchema>;
export type ListStatusChangesInput = z.input<typeof listStatusChangesInputSchema>;
export type ListWashbooksInput = z.input<typeof listWashbooksInputSchema>;
export type ListGiftCardsInput = z.input<typeof listGiftCardsInputSchema>;
export type ListItemsInput = z.input<typeof listItemsInputSchema>;
export type ListClockEntriesInput = z.input<typeof listClockEntriesInputSchema>;
export type ListSalesOutcomesInput = z.input<typeof listSalesOutcomesInputSchema>;
