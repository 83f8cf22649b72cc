import { describe, expect, it } from 'vitest';
import { advisorsRequestOf, advisorTableOf, laborFiltersFromSearch, laborRequestOf, laborTableOf, searchOfLabor, type LaborFilters } from './labor-filters';

const now = new Date(2026, 10, 25, 9, 0);

describe('the Labor page URL', () => {
  it('is last week, every site, by site when it names nothing (or an unknown grouping)', () => {
    expect(laborFiltersFromSearch(new URLSearchParams('groupBy=year'), now)).toEqual({ from: '2026-11-16', to: '2026-11-22', sites: [], region: '', groupBy: 'site' });
  });

  it('reads back what it writes', () => {
    const filters: LaborFilters[] = [
      { from: '2026-11-01', to: '2026-11-07', sites: ['NOLO', 'DKSN'], region: '', groupBy: 'day' },
      { from: '2026-11-01', to: '2026-11-07', sites: [], region: 'Global Region', groupBy: 'week' },
      { from: '2026-11-01', to: '2026-11-07', sites: [], region: '', groupBy: 'chain' },
    ];
    for (const each of filters) expect(laborFiltersFromSearch(new URLSearchParams(searchOfLabor(each)), now)).toEqual(each);
  });
});

describe('the Labor page requests', () => {
  const byDay: LaborFilters = { from: '2026-11-01', to: '2026-11-07', sites: ['NOLO'], region: '', groupBy: 'day' };

  it('asks the labor figures by the grouping chosen', () => {
    expect(laborRequestOf(byDay)).toEqual({ from: '2026-11-01', to: '2026-11-07', sites: ['NOLO'], groupBy: 'day' });
  });

  it('asks the advisors over the whole range when grouped by period, by group otherwise', () => {
    expect(advisorsRequestOf(byDay).groupBy).toBe('chain');
    expect(advisorsRequestOf({ ...byDay, groupBy: 'site' }).groupBy).toBe('site');
  });
});

describe('the Labor page tables', () => {
  const row = {
    group: 'NOLO',
    cars: 300,
    salesCents: 450_000,
    regularHours: 80,
    overtimeHours: 4.5,
    laborCostCents: 120_000,
    laborShareOfSales: 0.2667,
    laborCostPerCarCents: 400,
    carsPerLaborHour: 3.5503,
    openShifts: 1,
    modifiedPunches: 2,
  };

  it('gives a row per group with hours, cost, shares and flags, the rate to the tenth', () => {
    const table = laborTableOf([row], 'site');
    expect(table.columns.map((c) => c.label)).toEqual([
      'Site',
      'Regular hours',
      'Overtime hours',
      'Labor cost',
      'Sales',
      'Labor % of sales',
      'Cars',
      'Labor cost per car',
      'Cars per labor hour',
      'Open shifts',
      'Modified punches',
    ]);
    expect(table.rows[0]).toMatchObject({ group: 'NOLO', overtimeHours: 4.5, carsPerLaborHour: 3.6, openShifts: 1, modifiedPunches: 2 });
  });

  it('heads a period grouping by its period, as days', () => {
    expect(laborTableOf([], 'week').columns[0]).toEqual({ key: 'group', label: 'Week', kind: 'day' });
  });

  it('names each advisor, with the group only when there is more than the chain', () => {
    const advisor = { group: 'NOLO', employeeId: '17', employeeName: '', offers: 10, conversions: 3, conversionRate: 0.3 };
    expect(advisorTableOf([advisor], 'site').rows[0]).toEqual({ employee: 'Employee 17', group: 'NOLO', offers: 10, conversions: 3, conversionRate: 0.3 });
    expect(advisorTableOf([advisor], 'chain').columns.map((c) => c.key)).toEqual(['employee', 'offers', 'conversions', 'conversionRate']);
  });
});
