import { describe, expect, it } from 'vitest';
import { bySiteTableOf } from './by-site';

describe('the day by site', () => {
  it('has a row per site with the six numbers, a ratio with nothing to divide by left unknown', async () => {
    // The store is the server's (the page gets these rows over tRPC): loaded here for its one definition of the figures.
    const { kpiFigures, ZERO_COMPONENTS } = await import('@washops/store');
    const nolo = { group: 'NOLO', ...kpiFigures({ ...ZERO_COMPONENTS, cars: 100, retailCars: 50, newMemberships: 5, revenueCents: 200_000, laborCostCents: 40_000 }) };
    const dksn = { group: 'DKSN', ...kpiFigures(ZERO_COMPONENTS) };
    const table = bySiteTableOf([nolo, dksn]);
    expect(table.columns.map((c) => c.label)).toEqual(['Site', 'Cars', 'Sales', 'New members', 'Conversion', 'Labor % of sales', 'Labor cost per car']);
    expect(table.rows).toEqual([
      { group: 'NOLO', cars: 100, sales: 200_000, 'new-members': 5, conversion: 0.1, 'labor-share': 0.2, 'cost-per-car': 400 },
      { group: 'DKSN', cars: 0, sales: 0, 'new-members': 0, conversion: null, 'labor-share': null, 'cost-per-car': null },
    ]);
  });
});
