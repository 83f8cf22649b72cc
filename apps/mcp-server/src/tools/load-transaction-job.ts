import { z } from 'zod';
import { dateInput, jobItemSchema, toDateParam } from '../schemas/transactions.js';
import { transactionsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { toCents } from '@washops/client-core';
import { formatDollars } from '@washops/client-core';
import { totalDollars } from './list-helpers.js';

export const loadTransactionJob = defineTool({
  name: 'load_transaction_job',
  area: 'transactions',
  title: 'Export full transactions for one site and day',
  description:
    'Bulk-exports transactions with full detail (items, tenders, discounts) for ONE site over at most 24 hours, through the ' +
    "Data API's batch jobs. It takes a while (seconds to minutes; it reports progress when asked) and returns a summary plus the " +
    'first maxRecords records. Use it for totals by type, tender mix or item sales of a day; use list_transactions for ranges ' +
    'longer than a day. site is required (a code from list_transaction_sites).',
  inputSchema: z.object({
    site: z.string().min(1).describe('Site code, e.g. "NILES" (required)'),
    startDate: dateInput.describe('Start, e.g. "2026-11-20T00:00:00-06:00"'),
    endDate: dateInput.describe('End, at most 24 hours after startDate'),
    maxRecords: z.number().int().min(0).max(500).default(50).describe('How many full records to include (default 50, at most 500); the summary covers all'),
  }),
  outputSchema: z.object({
    site: z.string(),
    recordCount: z.number().int(),
    totalAmount: z.number(),
    byType: z.record(z.string(), z.number().int()).describe('count of records per transaction type'),
    tenderTotals: z.record(z.string(), z.number()).describe('sum of tender totals per tender name'),
    records: z.array(jobItemSchema),
    truncated: z.boolean(),
    note: z.string().optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ site, startDate, endDate, maxRecords }, services, { signal, reportProgress }) {
    const records = await transactionsOf(services).loadJob({
      site,
      startDate: toDateParam(startDate),
      endDate: toDateParam(endDate),
      signal,
      onProgress: ({ pagesDone, pagesTotal, records: count }) => {
        void reportProgress(pagesDone, pagesTotal ?? undefined, `${pagesDone} of ${pagesTotal ?? '?'} pages, ${count} records`);
      },
    });
    const byType: Record<string, number> = {};
    const tenderCents: Record<string, number> = {};
    for (const r of records) {
      byType[r.type] = (byType[r.type] ?? 0) + 1;
      for (const t of r.tenders) tenderCents[t.tender] = (tenderCents[t.tender] ?? 0) + toCents(t.total);
    }
    const truncated = records.length > maxRecords;
    return {
      site,
      recordCount: records.length,
      totalAmount: totalDollars(records.map((r) => r.total)),
      byType,
      tenderTotals: Object.fromEntries(Object.entries(tenderCents).map(([k, v]) => [k, v / 100])),
      records: records.slice(0, maxRecords),
      truncated,
      ...(truncated ? { note: `Included the first ${maxRecords} of ${records.length} records; the summary covers all of them. Use get_transaction for any other one.` } : {}),
    };
  },
  render: (out) =>
    `${out.recordCount} record(s) at ${out.site} totalling ${formatDollars(out.totalAmount)}. By type: ` +
    (Object.entries(out.byType).map(([k, v]) => `${k} ${v}`).join(', ') || 'none') +
    '. Tenders: ' +
    (Object.entries(out.tenderTotals).map(([k, v]) => `${k} ${formatDollars(v)}`).join(', ') || 'none') +
    (out.truncated ? `. ${out.note}` : '.'),
});
