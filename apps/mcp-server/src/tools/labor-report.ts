import type { KpiSummaryRow } from '@washops/operations';
import { z } from 'zod';
import { fractionSchema, moneyOf, moneySchema } from '../schemas/reports.js';
import { ROWS_PER_GROUP } from '../schemas/kpis.js';
import { totalOf } from './kpi-summary.js';
import { groupLines, kpiTool, percentOf } from './kpi-tool.js';

const count = (what: string) => z.number().int().describe(what);

const laborRow = z.object({
  group: z.string().describe("a day, a week's Monday or a month's 1st (by period), or a site code, a region or All sites"),
  shifts: count('clock entries clocked in on the local day'),
  regularHours: z.number().describe('regular hours, to the hundredth'),
  overtimeHours: z.number().describe('overtime hours'),
  laborHours: z.number().describe('regular plus overtime'),
  laborCost: moneySchema.describe('hours × rate of each shift, to the cent'),
  sales: moneySchema.describe("every ticket's total except member redemptions'"),
  laborShareOfSales: fractionSchema.describe('labor cost ÷ sales; null without sales'),
  cars: count('washes'),
  laborCostPerCar: moneySchema.nullable().describe('labor cost ÷ washes; null without washes'),
  carsPerLaborHour: z.number().nullable().describe('washes ÷ labor hours; null without hours'),
  openShifts: count('shifts with no clock-out yet: flagged; their hours are what the vendor reported so far'),
  modifiedPunches: count('shifts whose punches were modified (the vendor\'s wasModified)'),
});

function rowOf(row: KpiSummaryRow): z.input<typeof laborRow> {
  return {
    group: row.group,
    shifts: row.shifts,
    regularHours: row.regularHours,
    overtimeHours: row.overtimeHours,
    laborHours: row.laborHours,
    laborCost: moneyOf(row.laborCostCents),
    sales: moneyOf(row.salesCents),
    laborShareOfSales: row.laborShareOfSales,
    cars: row.cars,
    laborCostPerCar: row.laborCostPerCarCents === null ? null : moneyOf(row.laborCostPerCarCents),
    carsPerLaborHour: row.carsPerLaborHour,
    openShifts: row.openShifts,
    modifiedPunches: row.modifiedPunches,
  };
}

export const laborReport = kpiTool({
  name: 'labor_report',
  method: 'summary',
  title: 'Labor report',
  answers:
    'Labor from the time clock: hours regular and overtime, labor cost, labor % of sales, labor cost per car and cars per labor hour, with open shifts flagged and modified punches counted, ' +
    'per day, ISO week or month across the chosen sites, or per site, BackOffice region or the whole chain, with the totals. ' +
    'Use it for "what did labor cost us" or to find overtime and edited punches; narrow it with sites or region. Per employee, list_clock_entries lists the shifts.',
  groupByDescription: ROWS_PER_GROUP,
  dataShape: {
    rows: z.array(laborRow).describe('one per group, by period or by group name'),
    totals: laborRow.describe('the whole range and scope, summed then divided'),
  },
  data: (rows) => ({ rows: rows.map(rowOf), totals: rowOf(totalOf(rows)) }),
  lines: (out) =>
    groupLines(
      out.rows,
      out.totals,
      (row) =>
        `${row.group}: ${row.laborHours} labor hours (${row.overtimeHours} overtime), cost ${row.laborCost.dollars}, ${percentOf(row.laborShareOfSales)} of sales, ` +
        `${row.laborCostPerCar ? `${row.laborCostPerCar.dollars} a car` : 'no cars'}, ${row.carsPerLaborHour === null ? 'n/a' : row.carsPerLaborHour.toFixed(1)} cars a labor hour; ` +
        `${row.openShifts} open shifts, ${row.modifiedPunches} modified punches.`,
    ),
});
