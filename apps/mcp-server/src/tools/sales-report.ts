import { z } from 'zod';
import { capped, fractionSchema, salesFiguresOf, salesFiguresSchema } from '../schemas/reports.js';
import { reportTool } from './report-tool.js';

/** Period rows in one answer: a year of days × many sites would not fit a model's context. */
const MAX_ROWS = 1000;

const groupTotals = salesFiguresSchema.extend({
  group: z.string(),
  previous: salesFiguresSchema.nullable().describe('the same figures over the previous period (as many days just before); null when it is not wholly synced'),
  revenueChange: fractionSchema.describe('(current − previous) ÷ previous, a fraction (0.25 = +25 %); null without a previous'),
  transactionsChange: fractionSchema.describe('as revenueChange, for the transaction count'),
});

function totalsOf(totals: Parameters<typeof salesFiguresOf>[0] & { group: string; previous: Parameters<typeof salesFiguresOf>[0] | null; revenueChange: number | null; transactionsChange: number | null }) {
  return {
    group: totals.group,
    ...salesFiguresOf(totals),
    previous: totals.previous ? salesFiguresOf(totals.previous) : null,
    revenueChange: totals.revenueChange,
    transactionsChange: totals.transactionsChange,
  };
}

export const salesReport = reportTool({
  name: 'sales_report',
  kind: 'sales',
  title: 'Sales report',
  answers:
    'Revenue, transaction count and average ticket per site, BackOffice region or the whole chain, by day, ISO week or month, ' +
    'with each group\'s change against the previous period of the same length, and the totals.',
  dataShape: {
    rows: z.array(salesFiguresSchema.extend({ group: z.string(), period: z.string().describe("the period's first local day") })).describe(`at most ${MAX_ROWS}, by group then period`),
    rowsOmitted: z.number().int().describe('period rows left out of rows: group by week, month or region for fewer'),
    groups: z.array(groupTotals).describe('each group over the whole range'),
    totals: groupTotals,
    previous: z
      .object({ from: z.string(), to: z.string(), complete: z.boolean(), currentPartial: z.boolean() })
      .describe('the range compared against and whether it is wholly synced; no changes when it is not, or when this range is partial (currentPartial)'),
  },
  data: ({ data }) => {
    const rows = capped(data.rows, MAX_ROWS);
    return {
      rows: rows.rows.map((row) => ({ group: row.group, period: row.period, ...salesFiguresOf(row) })),
      rowsOmitted: rows.omitted,
      groups: data.groups.map(totalsOf),
      totals: totalsOf(data.totals),
      previous: data.previous,
    };
  },
});
