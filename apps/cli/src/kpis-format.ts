import type { KpiAnswer, KpiGrouping, KpiSummaryRow, ReportTable } from '@washops/operations';
import { terminalSafe } from './bulk-format.js';
import { minuteUtc } from './format.js';
import { reportTableText } from './report-format.js';

const GROUP_LABEL: Record<KpiGrouping, string> = { day: 'Day', week: 'Week of', month: 'Month', site: 'Site', region: 'Region', chain: 'Sites' };

/** Two places: enough for hours and cars an hour, without float noise in the CSV. */
const twoPlaces = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);

/**
 * The summary's figures as one flat table, a row per group: what the table and the CSV show (the JSON has them all).
 * Money in cents (the table shows dollars, the CSV dollars with two places), ratios as fractions.
 */
export function kpiSummaryTable(answer: KpiAnswer<KpiSummaryRow[]>): ReportTable {
  const period = ['day', 'week', 'month'].includes(answer.scope.groupBy);
  return {
    columns: [
      { key: 'group', label: GROUP_LABEL[answer.scope.groupBy], kind: period ? 'day' : 'text' },
      { key: 'cars', label: 'Cars', kind: 'count' },
      { key: 'memberCars', label: 'Member washes', kind: 'count' },
      { key: 'retailCars', label: 'Retail washes', kind: 'count' },
      { key: 'freeCars', label: 'Free washes', kind: 'count' },
      { key: 'eligibleCars', label: 'Eligible washes', kind: 'count' },
      { key: 'salesCents', label: 'Sales', kind: 'money' },
      { key: 'averageTicketCents', label: 'Average ticket', kind: 'money' },
      { key: 'newMemberships', label: 'New memberships', kind: 'count' },
      { key: 'conversion', label: 'Conversion', kind: 'percent' },
      { key: 'memberMix', label: 'Member mix', kind: 'percent' },
      { key: 'laborHours', label: 'Labor hours', kind: 'count' },
      { key: 'laborShareOfSales', label: 'Labor % of sales', kind: 'percent' },
      { key: 'laborCostPerCarCents', label: 'Labor cost per car', kind: 'money' },
      { key: 'carsPerLaborHour', label: 'Cars per labor hour', kind: 'count' },
    ],
    rows: answer.data.map((row) => ({
      group: row.group,
      cars: row.cars,
      memberCars: row.memberCars,
      retailCars: row.retailCars,
      freeCars: row.freeCars,
      eligibleCars: row.eligibleCars,
      salesCents: row.salesCents,
      averageTicketCents: row.averageTicketCents,
      newMemberships: row.newMemberships,
      conversion: row.conversion,
      memberMix: row.memberMix,
      laborHours: twoPlaces(row.laborHours),
      laborShareOfSales: row.laborShareOfSales,
      laborCostPerCarCents: row.laborCostPerCarCents,
      carsPerLaborHour: twoPlaces(row.carsPerLaborHour),
    })),
  };
}

/** What the warehouse held of the range for the sources the numbers read: whole (with the oldest sync), or partial and what is missing. */
export function kpiCoverageLine(answer: Pick<KpiAnswer<unknown>, 'coverage' | 'partial'>): string {
  const { coverage } = answer;
  const transactions = coverage.transactions ? `${coverage.transactions.synced.toLocaleString('en-US')} of ${coverage.transactions.siteDays.toLocaleString('en-US')} site-days of transactions synced` : undefined;
  const missing = coverage.resources.filter((resource) => !resource.complete).map((resource) => resource.resource);
  const resources = coverage.resources.length === 0 ? undefined : missing.length === 0 ? `${coverage.resources.map((resource) => resource.resource).join(', ')} synced` : `${missing.join(', ')} not wholly synced`;
  const held = [transactions, resources].filter(Boolean).join('; ');
  if (answer.partial) return `PARTIAL: ${held}; the figures cover what is held only.`;
  return `Coverage: ${held}${coverage.syncedAt ? `, the oldest at ${minuteUtc(coverage.syncedAt)}` : ''}.`;
}

const rangeText = (scope: { from: string; to: string }) => (scope.from === scope.to ? scope.from : `${scope.from} – ${scope.to}`);

/** `washops kpis`'s table format: title, coverage, a row per group, the summary sentence. */
export function kpiSummaryText(answer: KpiAnswer<KpiSummaryRow[]>): string {
  const where = answer.scope.region ?? answer.scope.siteCodes.join(', ');
  return [terminalSafe(`Operator's numbers, ${rangeText(answer.scope)}, ${where}`), kpiCoverageLine(answer), '', reportTableText(kpiSummaryTable(answer)), '', terminalSafe(answer.summary), ''].join('\n');
}
