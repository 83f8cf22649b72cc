import { z } from 'zod';
import { fractionSchema, moneyOf, moneySchema } from '../schemas/reports.js';
import { reportTool } from './report-tool.js';

export const tenderReport = reportTool({
  name: 'tender_report',
  kind: 'tenders',
  title: 'Tender report',
  answers: 'How customers paid: count, amount and change given per tender (cash, credit card by sub-type, house account…) per site, BackOffice region or the whole chain, with each tender\'s share.',
  dataShape: {
    rows: z.array(
      z.object({
        group: z.string(),
        tender: z.string(),
        tenderSubType: z.string().nullable(),
        count: z.number().int(),
        amount: moneySchema,
        change: moneySchema.describe('change given back'),
        share: fractionSchema.describe("the tender's share of the group's tendered amount, a fraction"),
      }),
    ),
  },
  data: ({ data }) => ({
    rows: data.rows.map((row) => ({
      group: row.group,
      tender: row.tender,
      tenderSubType: row.tenderSubType,
      count: row.count,
      amount: moneyOf(row.amountCents),
      change: moneyOf(row.changeCents),
      share: row.share,
    })),
  }),
});
