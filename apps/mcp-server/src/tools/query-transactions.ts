import { formatDollars, fromCents } from '@washops/client-core';
import { DateRangeError } from '@washops/shared-errors';
import { z } from 'zod';
import { instantInput, instantOf, siteCodesInput, warehouseRow, warehouseRowSchema } from '../schemas/warehouse.js';
import { warehouseOf } from '../services.js';
import { defineTool } from '../tool.js';

const MAX_LIMIT = 500;
/** Missing site-days named in an answer (the count is always complete). */
const MISSING_SHOWN = 20;
const MAX_RANGE_MS = 366 * 86_400_000;

function notSyncedNote(missingCount: number): string {
  // No site-day at all: the warehouse has not learnt the chain's sites yet (the first sync lists them).
  const what =
    missingCount === 0
      ? 'Not answered: the warehouse knows none of these sites yet (nothing has been synced for them), so it cannot answer this range. '
      : `Not answered: ${missingCount} site-day${missingCount === 1 ? ' is' : 's are'} not synced for this range, so the warehouse cannot answer it whole. `;
  return (
    what +
    'Call sync_status for the same days and sites to see what is queued, failed or never asked for (a backfill from the portal\'s Data sync page or `washops sync backfill` fills it). ' +
    'To answer now from the live Data API instead: list_transactions (summaries, up to 31 days) or load_transaction_job (full detail, one site and day).'
  );
}

export const queryTransactions = defineTool({
  name: 'query_transactions',
  area: 'warehouse',
  title: 'Query synced transactions',
  description:
    'Reads transactions with their detail (tenders, items, discounts) from the WashOps warehouse, the database the sync fills from the Data API: ' +
    'any range, all sites or some, in seconds and without using the Data API\'s request budget. Pages of at most 500 rows, oldest first; pass nextCursor to go on. ' +
    'Every answer says when its data was synced; when some site-days of the range are not synced it returns no rows and says how many are missing ' +
    'and what to do (sync_status, or the live list_transactions and load_transaction_job). Card data: the last four digits only.',
  inputSchema: z.object({
    from: instantInput.describe('Start of the range (inclusive). ' + instantInput.description),
    to: instantInput.describe('End of the range (inclusive; a bare day includes the whole day). ' + instantInput.description),
    sites: siteCodesInput,
    limit: z.number().int().min(1).max(MAX_LIMIT).default(100).describe(`Rows per page (default 100, at most ${MAX_LIMIT})`),
    cursor: z.string().min(1).optional().describe('nextCursor of the previous page, with the same from, to and sites'),
  }),
  outputSchema: z.object({
    complete: z.boolean().describe('every site-day overlapping the range is synced; false: no rows, see note'),
    syncedAt: z.string().nullable().describe('UTC ISO instant of the oldest sync among the covering site-days'),
    missingSiteDays: z.number().int().describe('site-days of the range not synced'),
    missing: z.array(z.object({ siteCode: z.string(), day: z.string() })).describe(`the first ${MISSING_SHOWN} of them`),
    total: z.number().int().describe('rows matching the query, all pages'),
    returned: z.number().int(),
    totalAmount: z.number().describe('dollars over the returned rows'),
    nextCursor: z.string().nullable(),
    transactions: z.array(warehouseRowSchema),
    note: z.string(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ from, to, sites, limit, cursor }, services) {
    const range = { from: instantOf(from, 'start'), to: instantOf(to, 'end'), ...(sites ? { siteCodes: sites } : {}) };
    if (range.to < range.from) throw new DateRangeError('"to" is before "from".');
    if (range.to.getTime() - range.from.getTime() > MAX_RANGE_MS) throw new DateRangeError('The range is longer than 366 days: narrow it.');
    const { queries } = warehouseOf(services);
    const coverage = await queries.coverage(range);
    const missing = coverage.missing.slice(0, MISSING_SHOWN).map(({ siteCode, day }) => ({ siteCode, day }));
    const empty = { total: 0, returned: 0, totalAmount: 0, nextCursor: null, transactions: [] };
    if (!coverage.complete || !coverage.syncedAt) {
      return { complete: false, syncedAt: null, missingSiteDays: coverage.missingCount, missing, ...empty, note: notSyncedNote(coverage.missingCount) };
    }
    const page = await queries.listTransactions({ ...range, limit, cursor: cursor ?? null });
    const syncedAt = coverage.syncedAt.toISOString();
    const more = page.nextCursor ? ' More rows: call again with nextCursor.' : '';
    return {
      complete: true,
      syncedAt,
      missingSiteDays: 0,
      missing: [],
      total: page.total,
      returned: page.rows.length,
      totalAmount: fromCents(page.rows.reduce((sum, row) => sum + row.totalCents, 0)),
      nextCursor: page.nextCursor,
      transactions: page.rows.map(warehouseRow),
      note: `From the warehouse, synced at ${syncedAt} (the oldest sync of the range's site-days); later changes show after the next sync.${more}`,
    };
  },
  render: (out) => {
    if (!out.complete) {
      const shown = out.missing.map((unit) => `${unit.siteCode} ${unit.day}`).join(', ');
      return `${out.note}${shown ? `\nMissing: ${shown}${out.missingSiteDays > out.missing.length ? ', …' : ''}` : ''}`;
    }
    const head = `${out.returned} of ${out.total} transaction(s), ${formatDollars(out.totalAmount)} on this page. Synced at ${out.syncedAt}.`;
    const rows = out.transactions.slice(0, 20).map((t) => `- ${t.siteCode} #${t.number} ${t.id} ${t.completedAt} ${t.type} ${formatDollars(t.total)}`);
    const more = out.transactions.length > 20 ? [`… ${out.transactions.length - 20} more in structuredContent`] : [];
    return [head, ...rows, ...more, out.note].join('\n');
  },
});
