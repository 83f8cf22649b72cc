import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { reportTool } from './report-tool.js';

export const hourlyReport = reportTool({
  name: 'hourly_report',
  kind: 'hours',
  title: 'Hourly heat map',
  answers:
    "When customers come: transactions and revenue by the site's local hour of day and day of week (a heat map), summed over the sites named; " +
    'use it for staffing and opening hours.',
  dataShape: {
    cells: z
      .array(
        z.object({
          dayOfWeek: z.number().int().min(1).max(7).describe('ISO day of week: 1 Monday … 7 Sunday'),
          hour: z.number().int().min(0).max(23).describe("the site's local hour"),
          transactions: z.number().int(),
          revenue: moneySchema,
        }),
      )
      .describe('only cells with transactions'),
  },
  data: ({ data }) => ({ cells: data.cells.map((cell) => ({ dayOfWeek: cell.dayOfWeek, hour: cell.hour, transactions: cell.transactions, revenue: moneyOf(cell.revenueCents) })) }),
});
