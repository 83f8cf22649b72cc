import type { SalesReportData } from '@washops/operations';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHART_SERIES } from '../../../transactions/aggregate';
import {
  discountBarsOf,
  HEAT_STEPS,
  heatGridOf,
  heatStep,
  hourLabel,
  MIX_LABELS,
  mixBarsOf,
  OTHER,
  salesChartOf,
  staffBarsOf,
  tenderSharesOf,
  SERIES_COLOURS,
  TOP_BARS,
} from './chart-data';

/** WCAG 2.1 contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function salesOf(rows: Array<{ group: string; period: string; revenueCents: number }>): SalesReportData {
  const totals = { group: 'All sites', transactions: 0, revenueCents: 0, averageTicketCents: null, previous: null, revenueChange: null, transactionsChange: null };
  return {
    rows: rows.map((row) => ({ ...row, transactions: 1, averageTicketCents: row.revenueCents })),
    groups: [],
    totals,
    previous: { from: '2026-11-09', to: '2026-11-15', complete: false, currentPartial: false },
  };
}

describe('the sales chart', () => {
  it('stacks revenue per period by group, largest first, in dollars', () => {
    const chart = salesChartOf(
      salesOf([
        { group: 'NOLO', period: '2026-11-17', revenueCents: 10_050 },
        { group: 'DKSN', period: '2026-11-16', revenueCents: 90_000 },
        { group: 'NOLO', period: '2026-11-16', revenueCents: 20_000 },
      ]),
    );
    expect(chart.series).toEqual(['DKSN', 'NOLO']);
    expect(chart.points).toEqual([
      { period: '2026-11-16', DKSN: 900, NOLO: 200 },
      { period: '2026-11-17', DKSN: 0, NOLO: 100.5 },
    ]);
  });

  it('sums the smallest groups into "Other" and keeps every cent of each period', () => {
    const row = fc.record({
      group: fc.constantFrom(...'ABCDEFGHIJKL'.split('')),
      period: fc.constantFrom('2026-11-16', '2026-11-17', '2026-11-18'),
      revenueCents: fc.integer({ min: -50_000, max: 500_000 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (rows) => {
        const chart = salesChartOf(salesOf(rows));
        expect(chart.series.length).toBeLessThanOrEqual(MAX_CHART_SERIES);
        if (new Set(rows.map((r) => r.group)).size > MAX_CHART_SERIES) expect(chart.series.at(-1)).toBe(OTHER);
        for (const point of chart.points) {
          const cents = rows.filter((r) => r.period === point['period']).reduce((sum, r) => sum + r.revenueCents, 0);
          const drawn = chart.series.reduce((sum, name) => sum + Math.round(Number(point[name]) * 100), 0);
          expect(drawn).toBe(cents);
        }
      }),
    );
  });
});

describe('the ranking charts', () => {
  it('name every item-type list of the store, in its order', async () => {
    const { MIX_CATEGORIES } = await import('@washops/store/constants');
    expect(Object.keys(MIX_LABELS)).toEqual([...MIX_CATEGORIES]);
  });

  it('count transactions per item-type list in the Data API order, over every group', () => {
    const row = (group: string, category: 'wash' | 'recurring' | 'merchandise' | 'other', transactions: number) => ({ group, category, transactions, revenueCents: 0 });
    const bars = mixBarsOf({ categories: [row('A', 'merchandise', 2), row('A', 'wash', 10), row('B', 'wash', 5), row('B', 'other', 1), row('B', 'recurring', 0)], departments: [], topItems: [] });
    expect(bars).toEqual([
      { label: 'Wash', value: 15 },
      { label: 'Merchandise', value: 2 },
      { label: 'Other', value: 1 },
    ]);
  });

  it('give each tender its share of the amount over every group', () => {
    const row = (group: string, tender: string, tenderSubType: string | null, amountCents: number) => ({ group, tender, tenderSubType, count: 1, amountCents, changeCents: 0, share: null });
    const bars = tenderSharesOf({ rows: [row('A', 'Credit', 'Visa', 600), row('B', 'Credit', 'Visa', 150), row('A', 'Cash', null, 250)] });
    expect(bars).toEqual([
      { label: 'Credit · Visa', value: 0.75 },
      { label: 'Cash', value: 0.25 },
    ]);
    expect(tenderSharesOf({ rows: [row('A', 'Cash', null, 0)] })).toEqual([{ label: 'Cash', value: 0 }]);
  });

  it('rank the top staff by revenue (an employee’s sites summed) and the most used discounts', () => {
    const staff = Array.from({ length: 14 }, (_, i) => ({
      group: i % 2 ? 'A' : 'B',
      employee: `E${i % 12}`,
      role: 'cashier' as const,
      transactions: 1,
      revenueCents: (i + 1) * 1000,
      membershipSales: 0,
      averageTicketCents: null,
    }));
    const bars = staffBarsOf({ rows: staff });
    expect(bars).toHaveLength(TOP_BARS);
    // E1 and E0 worked two sites each: 20 + 140 and 10 + 130 dollars.
    expect(bars.slice(0, 3)).toEqual([
      { label: 'E1 (cashier)', value: 160 },
      { label: 'E0 (cashier)', value: 140 },
      { label: 'E11 (cashier)', value: 120 },
    ]);
    expect(bars.map((bar) => bar.label)).not.toContain('E2 (cashier)');
    const discounts = discountBarsOf({
      rows: [
        { group: 'A', discountName: 'Coupon', uses: 3, amountCents: -300 },
        { group: 'B', discountName: 'Coupon', uses: 4, amountCents: -400 },
        { group: 'B', discountName: 'Fleet', uses: 5, amountCents: -100 },
      ],
    });
    expect(discounts).toEqual([
      { label: 'Coupon', value: 7 },
      { label: 'Fleet', value: 5 },
    ]);
  });
});

describe('the hours heat map', () => {
  it('lays counts out by ISO day of week and local hour, showing the hours that had any', () => {
    const grid = heatGridOf({
      cells: [
        { dayOfWeek: 1, hour: 7, transactions: 4, revenueCents: 0 },
        { dayOfWeek: 7, hour: 19, transactions: 9, revenueCents: 0 },
        { dayOfWeek: 3, hour: 12, transactions: 0, revenueCents: 0 },
      ],
      weekdays: [1, 1, 1, 1, 1, 1, 1],
    });
    expect(grid.rows[0]?.[7]).toBe(4);
    expect(grid.rows[6]?.[19]).toBe(9);
    expect(grid.max).toBe(9);
    expect(grid.hours).toEqual({ first: 7, last: 19 });
    expect(heatGridOf({ cells: [], weekdays: [1, 1, 1, 1, 1, 1, 1] }).hours).toBeNull();
    expect(hourLabel(0)).toBe('12 AM');
    expect(hourLabel(13)).toBe('1 PM');
  });

  it('colours none as the lightest step and the busiest as the darkest, rising with the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (max, a, b) => {
        const [low, high] = [Math.min(a, b, max), Math.min(Math.max(a, b), max)];
        expect(heatStep(low, max)).toBeLessThanOrEqual(heatStep(high, max));
        expect(heatStep(max, max)).toBe(HEAT_STEPS.length - 1);
        expect(heatStep(0, max)).toBe(0);
        if (low > 0) expect(heatStep(low, max)).toBeGreaterThan(0);
      }),
    );
  });

  it('keeps every step’s figures readable (WCAG AA, 4.5:1) and every chart colour visible on white (3:1)', () => {
    for (const step of HEAT_STEPS) expect(contrast(step.background, step.text), JSON.stringify(step)).toBeGreaterThanOrEqual(4.5);
    for (const colour of SERIES_COLOURS) expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(3);
  });
});
