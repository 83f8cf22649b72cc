import type { Freshness, ResourcePage } from '@washops/operations';
import { pageFields } from '@washops/operations/schemas';
import { z } from 'zod';
import { issuesOf } from './derive.js';
import { moneyOf, moneySchema } from './reports.js';

// What the Data API resource tools share: where an answer comes from, its paging, and the rules said to the model.

/** Said of every resource tool: where the rows come from, what to quote, how to page. */
export const RESOURCE_RULES =
  'Answers from the WashOps warehouse (what the sync copied from the Data API) and says when it was synced; where the warehouse has not synced what is asked, ' +
  'it asks the Data API live (sharing the request budget with the sync) and says so, and with no Data API it refuses, naming what to sync. ' +
  'The text answer starts with that freshness line: quote it with the figures. ' +
  'Pages: page counts from 1, pageSize is at most 100 (default 25); total and pageCount say how many there are. Money in integer cents and as dollars.';

/** Said of the tools that show customers' contact details. */
export const PERSONAL_DATA_RULE =
  "Customers' phone numbers, emails and addresses are personal data: masked (phone (•••) •••-0101, email j•••@example.com, address city and state only) " +
  'unless the server was started with --allow-personal-data. Search works on the full number all the same.';

export const freshnessSchema = z.object({
  source: z.enum(['warehouse', 'live']).describe('warehouse: from the synced copy; live: fetched from the Data API now because it is not synced'),
  resource: z.string(),
  syncedAt: z.string().nullable().describe('warehouse: UTC ISO instant of the oldest sync the answer rests on'),
  fetchedAt: z.string().nullable().describe('live: when it was fetched'),
  range: z.object({ from: z.string(), to: z.string() }).nullable().describe('the days asked about; for a list without dates, the days the synced copy spans'),
  missingDays: z.array(z.string()).describe('live: days of the range the warehouse has not synced'),
  note: z.string().describe('one sentence to quote with the answer'),
});

export const pagingShape = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nullable().describe('rows matching, over all pages; null when not known'),
  pageCount: z.number().int().nullable(),
  freshness: freshnessSchema,
};

export function pagingOf(page: Omit<ResourcePage<unknown>, 'rows'>) {
  return { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: page.pageCount, freshness: freshnessOf(page.freshness) };
}

export function freshnessOf(freshness: Freshness): z.input<typeof freshnessSchema> {
  return { ...freshness, range: freshness.range ? { ...freshness.range } : null, missingDays: [...freshness.missingDays] };
}

export const pageInputShape = {
  page: pageFields.page.describe('Page to read, from 1 (default 1)'),
  pageSize: pageFields.pageSize.describe('Rows per page, 1–100 (default 25)'),
};

/** A tool input with the service's own rules (range order and length) refused before the tool runs. */
export function resourceInput<S extends z.ZodRawShape>(shape: S, serviceSchema: z.ZodType) {
  return z.strictObject(shape).check(issuesOf(serviceSchema));
}

/** Money or nothing. */
export const optionalMoney = moneySchema.nullable();
export const moneyOrNull = (cents: number | null) => (cents === null ? null : moneyOf(cents));

/** The lines under a list: where it stands, and how to read on. */
export function pageLine(out: { page: number; pageCount: number | null; total: number | null }, shown: number): string {
  if (out.total === null) return `Page ${out.page}, ${shown} row(s); more may follow: ask for page ${out.page + 1}, or narrow the search.`;
  if (out.total === 0) return 'Nothing matches.';
  const more = out.pageCount !== null && out.page < out.pageCount ? ` Ask for page ${out.page + 1} for more.` : '';
  return `Page ${out.page} of ${out.pageCount ?? 1} (${out.total} in all).${more}`;
}

export const dollars = (cents: number | null) => (cents === null ? '—' : moneyOf(cents).dollars);
