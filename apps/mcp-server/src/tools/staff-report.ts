import { STAFF_ROLES } from '@washops/operations/schemas';
import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { reportTool } from './report-tool.js';

export const staffReport = reportTool({
  name: 'staff_report',
  kind: 'staff',
  title: 'Staff report',
  answers:
    'Per cashier and per greeter (as the POS names them on each transaction): transactions, revenue, membership sales (recurring, prepaid or plan sales) and average ticket, ' +
    'per site, BackOffice region or the whole chain.',
  dataShape: {
    rows: z.array(
      z.object({
        group: z.string(),
        employee: z.string().describe('the name the POS put on the transaction'),
        role: z.enum(STAFF_ROLES),
        transactions: z.number().int(),
        revenue: moneySchema,
        membershipSales: z.number().int(),
        averageTicket: moneySchema.nullable(),
      }),
    ),
  },
  data: ({ data }) => ({
    rows: data.rows.map((row) => ({
      group: row.group,
      employee: row.employee,
      role: row.role,
      transactions: row.transactions,
      revenue: moneyOf(row.revenueCents),
      membershipSales: row.membershipSales,
      averageTicket: row.averageTicketCents === null ? null : moneyOf(row.averageTicketCents),
    })),
  }),
});
