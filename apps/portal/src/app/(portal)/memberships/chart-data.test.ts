import type { ChurnPoint } from '@washops/operations';
import { describe, expect, it } from 'vitest';
import { cellText } from '../reports/format';
import { activeByDayOf, churnTableOf, cohortTableOf } from './chart-data';
import type { CohortGrid } from './cohort-grid';

describe('active members per day', () => {
  it('sums the groups of a day and orders the days', () => {
    expect(
      activeByDayOf([
        { group: 'S2', day: '2026-11-02', active: 4 },
        { group: 'S1', day: '2026-11-01', active: 10 },
        { group: 'S2', day: '2026-11-01', active: 3 },
      ]),
    ).toEqual([
      { day: '2026-11-01', active: 13 },
      { day: '2026-11-02', active: 4 },
    ]);
  });
});

describe('the churn table', () => {
  const october: ChurnPoint = {
    group: 'All sites',
    month: '2026-10-01',
    from: '2026-10-01',
    to: '2026-10-31',
    activeAtStart: 200,
    voluntary: 6,
    involuntary: 4,
    retained: 190,
    joined: 25,
    activeAtEnd: 215,
    voluntaryChurn: 0.03,
    involuntaryChurn: 0.02,
    churn: 0.05,
    retention: 0.95,
  };

  it('gives a row per month with its counts and rates as the table prints them', () => {
    const table = churnTableOf([october]);
    const row = table.rows[0] ?? {};
    const printed = Object.fromEntries(table.columns.map((column) => [column.label, cellText(row[column.key], column.kind)]));
    expect(printed).toEqual({
      Month: 'Oct 2026',
      'Active at start': '200',
      Cancelled: '6',
      'Declined or suspended': '4',
      'Voluntary churn': '3.0%',
      'Involuntary churn': '2.0%',
      Churn: '5.0%',
      Retention: '95.0%',
      Joined: '25',
      'Active at end': '215',
    });
  });

  it('prints no rate for a month with no member at its start', () => {
    const table = churnTableOf([{ ...october, activeAtStart: 0, voluntary: 0, involuntary: 0, retained: 0, voluntaryChurn: null, involuntaryChurn: null, churn: null, retention: null }]);
    expect(cellText(table.rows[0]?.['retention'], 'percent')).toBe('—');
  });
});

describe('the cohort table', () => {
  const grid: CohortGrid = {
    offsets: [0, 1],
    rows: [
      { joinMonth: '2026-10-01', plan: null, members: 40, cells: [{ month: '2026-10-01', active: 38, share: 0.95 }, { month: '2026-11-01', active: 30, share: 0.75 }] },
      { joinMonth: '2026-11-01', plan: null, members: 4, cells: [{ month: '2026-11-01', active: 3, share: 0.75 }, null] },
    ],
  };

  it('has the join month, the members and a share per month since joining, empty past the range', () => {
    const table = cohortTableOf(grid);
    expect(table.columns.map((column) => column.label)).toEqual(['Joined', 'Members', 'Join month', 'Month 1']);
    expect(table.rows).toEqual([
      { joinMonth: 'Oct 2026', members: 40, m0: 0.95, m1: 0.75 },
      { joinMonth: 'Nov 2026', members: 4, m0: 0.75, m1: null },
    ]);
  });

  it('names the plan when the grid is one plan’s', () => {
    const table = cohortTableOf({ ...grid, rows: grid.rows.map((row) => ({ ...row, plan: 'Gold' })) });
    expect(table.columns[1]).toEqual({ key: 'plan', label: 'Plan', kind: 'text' });
    expect(table.rows[0]?.['plan']).toBe('Gold');
  });
});
