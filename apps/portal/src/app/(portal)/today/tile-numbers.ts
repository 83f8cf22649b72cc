import type { KpiFigures } from '@washops/store';

/** One number of the dashboard: how it is read off the figures and shown. */
export interface TileNumber {
  key: string;
  label: string;
  kind: 'count' | 'money' | 'percent';
  value: (figures: KpiFigures) => number | null;
}

/** The six numbers, in the dashboard's order. */
export const TILE_NUMBERS: readonly TileNumber[] = [
  { key: 'cars', label: 'Cars', kind: 'count', value: (f) => f.cars },
  { key: 'sales', label: 'Sales', kind: 'money', value: (f) => f.salesCents },
  { key: 'new-members', label: 'New members', kind: 'count', value: (f) => f.newMemberships },
  { key: 'conversion', label: 'Conversion', kind: 'percent', value: (f) => f.conversion },
  { key: 'labor-share', label: 'Labor % of sales', kind: 'percent', value: (f) => f.laborShareOfSales },
  { key: 'cost-per-car', label: 'Labor cost per car', kind: 'money', value: (f) => f.laborCostPerCarCents },
];
