import type { KpiSummaryRow } from '@washops/operations';
import { kpiFigures, ZERO_COMPONENTS, type KpiComponents } from '@washops/store';
import { z } from 'zod';
import { fractionSchema, moneyOf, moneySchema } from '../schemas/reports.js';
import { ROWS_PER_GROUP } from '../schemas/kpis.js';
import { groupLines, kpiTool, percentOf } from './kpi-tool.js';

const count = (what: string) => z.number().int().describe(what);
const money = (what: string) => moneySchema.describe(what);
const moneyOrNull = (what: string) => moneySchema.nullable().describe(what);

export const kpiSummaryRowSchema = z.object({
  group: z.string().describe("a day, a week's Monday or a month's 1st (by period), or a site code, a region or All sites"),
  cars: count('washes: sales and rewashes with a Wash line not voided (recharges, gift-card and prepaid sales are not cars)'),
  memberCars: count('member washes (recurring redemptions)'),
  retailCars: count('retail washes'),
  freeCars: count('retail washes whose ticket totals 0'),
  eligibleCars: count('retail washes less free ones: what conversion divides by'),
  planSaleCars: count('washes sold with a new plan'),
  prepaidCars: count('prepaid (washbook) washes'),
  fleetCars: count('fleet washes'),
  memberMix: fractionSchema.describe('member washes ÷ washes'),
  sales: money("every ticket's total except member redemptions'"),
  salesTransactions: count('tickets counted in sales'),
  averageTicket: moneyOrNull('sales ÷ their tickets; null with none'),
  retailAverageWash: moneyOrNull('retail revenue ÷ retail washes'),
  memberAverageWash: moneyOrNull('membership revenue ÷ member washes'),
  newMemberships: count('plan sales the transaction detail confirms as new (upgrades and plan switches are not)'),
  conversion: fractionSchema.describe('new memberships ÷ eligible washes'),
  newMembershipRevenue: money('totals of new memberships'),
  renewals: count("a plan's recurring billings"),
  renewalRevenue: money('totals of renewals'),
  membershipRevenue: money('new memberships and renewals'),
  laborHours: z.number().describe('clock hours, regular and overtime'),
  laborCost: money('hours × rate of the clock entries'),
  laborShareOfSales: fractionSchema.describe('labor cost ÷ sales'),
  laborCostPerCar: moneyOrNull('labor cost ÷ washes'),
  carsPerLaborHour: z.number().nullable().describe('washes ÷ labor hours'),
});

const orNull = (cents: number | null) => (cents === null ? null : moneyOf(cents));

function rowOf(row: Omit<KpiSummaryRow, 'group'> & { group: string }): z.input<typeof kpiSummaryRowSchema> {
  return {
    group: row.group,
    cars: row.cars,
    memberCars: row.memberCars,
    retailCars: row.retailCars,
    freeCars: row.freeCars,
    eligibleCars: row.eligibleCars,
    planSaleCars: row.planSaleCars,
    prepaidCars: row.prepaidCars,
    fleetCars: row.fleetCars,
    memberMix: row.memberMix,
    sales: moneyOf(row.salesCents),
    salesTransactions: row.salesTransactions,
    averageTicket: orNull(row.averageTicketCents),
    retailAverageWash: orNull(row.retailAverageWashCents),
    memberAverageWash: orNull(row.memberAverageWashCents),
    newMemberships: row.newMemberships,
    conversion: row.conversion,
    newMembershipRevenue: moneyOf(row.newMembershipRevenueCents),
    renewals: row.renewals,
    renewalRevenue: moneyOf(row.renewalRevenueCents),
    membershipRevenue: moneyOf(row.membershipRevenueCents),
    laborHours: row.laborHours,
    laborCost: moneyOf(row.laborCostCents),
    laborShareOfSales: row.laborShareOfSales,
    laborCostPerCar: orNull(row.laborCostPerCarCents),
    carsPerLaborHour: row.carsPerLaborHour,
  };
}

/** The rows' components summed, then divided once (never an average of averages): the range's totals. */
export function totalOf(rows: readonly KpiSummaryRow[]): KpiSummaryRow {
  const sum: KpiComponents = { ...ZERO_COMPONENTS };
  for (const row of rows) for (const key of Object.keys(sum) as Array<keyof KpiComponents>) sum[key] += row[key];
  return { group: 'Total', ...kpiFigures(sum) };
}

export const kpiSummary = kpiTool({
  name: 'kpi_summary',
  method: 'summary',
  title: "Operator's numbers: cars, sales, memberships, labor",
  answers:
    "The operator's daily numbers over any range: cars (member, retail, free, eligible washes), sales and average ticket, new memberships sold and conversion " +
    '(new memberships ÷ eligible washes), membership revenue new and renewal, and labor (hours, cost, % of sales, cost per car), ' +
    'per day, ISO week or month across the chosen sites, or per site, BackOffice region or the whole chain, with the totals. ' +
    'Use it first for "how did we do"; narrow it with sites or region and a shorter range. For churn use membership_churn, for cohorts cohort_retention, for labor detail labor_report.',
  groupByDescription: ROWS_PER_GROUP,
  dataShape: {
    rows: z.array(kpiSummaryRowSchema).describe('one per group, by period or by group name'),
    totals: kpiSummaryRowSchema.describe('the whole range and scope, summed then divided'),
  },
  data: (rows) => ({ rows: rows.map(rowOf), totals: rowOf(totalOf(rows)) }),
  lines: (out) =>
    groupLines(
      out.rows,
      out.totals,
      (row) =>
        `${row.group}: ${row.cars} cars (${row.memberCars} member), sales ${row.sales.dollars}, ${row.newMemberships} new memberships, conversion ${percentOf(row.conversion)}, ` +
        `labor ${percentOf(row.laborShareOfSales)} of sales${row.laborCostPerCar ? `, ${row.laborCostPerCar.dollars} a car` : ''}.`,
    ),
});
