import type { MembershipGroupRow } from '@washops/operations';
import { z } from 'zod';
import { fractionSchema, moneyOf, moneySchema } from '../schemas/reports.js';
import { reportTool } from './report-tool.js';

const count = (what: string) => z.number().int().describe(what);

const membershipRow = z.object({
  group: z.string(),
  recurringSales: count('transactions selling a recurring (unlimited) plan'),
  recurringPayments: count("a plan's recurring payments"),
  recurringRedemptions: count('washes redeemed on a recurring plan'),
  prepaidSales: count('prepaid (washbook) sales'),
  prepaidRedemptions: count('prepaid redemptions'),
  planSales: count('v2 isRecurringPlanSale; counted only where the vendor sent the v2 fields (v2Known)'),
  planRedemptions: count('v2 isRecurringPlanRedemption, likewise'),
  v2Known: count('transactions that carried the v2 plan fields'),
  washes: count("transactions in the Data API's wash list"),
  memberWashes: count('of them, member redemptions (recurring or prepaid)'),
  memberShare: fractionSchema.describe('memberWashes ÷ washes, a fraction; null with no washes'),
  membershipRevenue: moneySchema.describe('revenue of recurring sales and payments'),
});

function rowOf({ membershipRevenueCents, ...row }: MembershipGroupRow): z.input<typeof membershipRow> {
  return { ...row, membershipRevenue: moneyOf(membershipRevenueCents) };
}

export const membershipReport = reportTool({
  name: 'membership_report',
  kind: 'memberships',
  title: 'Membership report',
  answers:
    "Memberships: recurring plan sales, payments and redemptions, prepaid sales and redemptions, the v2 plan flags where the vendor sent them, and members' share of washes, " +
    'per site, BackOffice region or the whole chain, with the totals.',
  dataShape: { rows: z.array(membershipRow), totals: membershipRow },
  data: ({ data }) => ({ rows: data.rows.map(rowOf), totals: rowOf(data.totals) }),
});
