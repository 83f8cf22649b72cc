import { MIX_CATEGORIES } from '@washops/operations/schemas';
import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { reportTool } from './report-tool.js';

export const mixReport = reportTool({
  name: 'mix_report',
  kind: 'mix',
  title: 'Sales mix report',
  answers:
    "What was sold: transaction counts and revenue per transaction type (the Data API's item_type lists: wash, prepaid-wash, recurring, washbook, " +
    'giftcard, merchandise, house-account; other for none of them; a transaction may be in several), units and net sales per item department, and the top items by units sold.',
  dataShape: {
    categories: z.array(z.object({ group: z.string(), category: z.enum(MIX_CATEGORIES), transactions: z.number().int(), revenue: moneySchema })),
    departments: z.array(
      z.object({
        group: z.string(),
        department: z.string(),
        quantity: z.number().describe('units sold, voided lines left out'),
        transactions: z.number().int().describe('transactions with at least one such line'),
        net: moneySchema,
      }),
    ),
    topItems: z.array(z.object({ name: z.string(), department: z.string(), quantity: z.number(), net: moneySchema })).describe('across the sites, by units sold'),
  },
  data: ({ data }) => ({
    categories: data.categories.map((row) => ({ group: row.group, category: row.category, transactions: row.transactions, revenue: moneyOf(row.revenueCents) })),
    departments: data.departments.map((row) => ({ group: row.group, department: row.department, quantity: row.quantity, transactions: row.transactions, net: moneyOf(row.netCents) })),
    topItems: data.topItems.map((item) => ({ name: item.name, department: item.department, quantity: item.quantity, net: moneyOf(item.netCents) })),
  }),
});
