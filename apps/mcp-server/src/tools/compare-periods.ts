import { changeOf as change, type CompareResult, type ReportResult, type SalesGroupTotals } from '@washops/operations';
import { z } from 'zod';
import { compareInputSchema, coverageLine, envelopeOf, envelopeShape, fractionSchema, salesFiguresOf, salesFiguresSchema } from '../schemas/reports.js';
import { reportsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { REPORT_RULES } from './report-tool.js';


const rangeShape = { ...envelopeShape, totals: salesFiguresSchema };

function rangeOf(result: ReportResult<'sales'>) {
  const { title, scope, coverage, partial, summary } = envelopeOf(result);
  return { title, scope, coverage, partial, summary, totals: salesFiguresOf(result.data.totals) };
}

type Figures = Pick<SalesGroupTotals, 'transactions' | 'revenueCents' | 'averageTicketCents'>;

const NO_SALES: Figures = { transactions: 0, revenueCents: 0, averageTicketCents: null };

function changesOf(current: Figures, previous: Figures | undefined) {
  const [ticket, ticketBefore] = [current.averageTicketCents, previous?.averageTicketCents ?? null];
  return {
    revenueChange: change(current.revenueCents, previous?.revenueCents),
    transactionsChange: change(current.transactions, previous?.transactions),
    averageTicketChange: ticket === null || ticketBefore === null ? null : change(ticket, ticketBefore),
  };
}

/** Each group of either range (a site may have sold in one only), current and previous side by side. */
function groupsOf(result: CompareResult) {
  const previousGroups = new Map(result.previous.data.groups.map((group) => [group.group, group]));
  const currentNames = new Set(result.current.data.groups.map((group) => group.group));
  const onlyBefore = result.previous.data.groups.filter((group) => !currentNames.has(group.group)).map((group) => ({ ...NO_SALES, group: group.group }));
  return [...result.current.data.groups, ...onlyBefore].map((group) => {
    const previous = previousGroups.get(group.group);
    return { group: group.group, current: salesFiguresOf(group), previous: previous ? salesFiguresOf(previous) : null, ...changesOf(group, previous) };
  });
}

const changesShape = {
  revenueChange: fractionSchema.describe('(current − previous) ÷ previous, a fraction (0.25 = +25 %); null when previous is zero'),
  transactionsChange: fractionSchema,
  averageTicketChange: fractionSchema,
};

export const comparePeriods = defineTool({
  name: 'compare_periods',
  area: 'reports',
  title: 'Compare two periods',
  description:
    'Sales of two ranges side by side (this week against last week, a month against the same month last year): revenue, transactions and average ticket ' +
    'per site, BackOffice region or the whole chain, and the change of each as a fraction. previous defaults to as many days just before current. ' +
    REPORT_RULES,
  inputSchema: compareInputSchema,
  outputSchema: z.object({
    title: z.string(),
    current: z.object(rangeShape),
    previous: z.object(rangeShape),
    totals: z.object(changesShape),
    groups: z.array(z.object({ group: z.string(), current: salesFiguresSchema, previous: salesFiguresSchema.nullable().describe('null: no sales in the previous range'), ...changesShape })),
    summary: z.string().describe('the headline changes in one to three sentences, to quote as they are'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(input, services, { signal }) {
    const result = await reportsOf(services).compare(input, { signal });
    return {
      title: result.title,
      current: rangeOf(result.current),
      previous: rangeOf(result.previous),
      totals: changesOf(result.current.data.totals, result.previous.data.totals),
      groups: groupsOf(result),
      summary: result.summary,
    };
  },
  render: (out) => [out.summary, `Current: ${coverageLine(out.current)}`, `Previous: ${coverageLine(out.previous)}`].join('\n'),
});
