import type { CohortPoint } from '@washops/operations';
import { describe, expect, it } from 'vitest';
import { HEAT_STEPS } from '../reports/chart-data';
import { cohortGridOf, monthLabel, monthsAfter, offsetLabel, plansOf, shareStep } from './cohort-grid';

const cohort = (joinMonth: string, plan: string, members: number, active: Array<[string, number]>): CohortPoint => ({
  group: 'All sites',
  joinMonth,
  plan,
  members,
  months: active.map(([month, count]) => ({ month, active: count, share: members === 0 ? null : count / members })),
});

const cohorts = [
  cohort('2026-09-01', 'Gold', 10, [['2026-09-01', 10], ['2026-10-01', 8], ['2026-11-01', 5]]),
  cohort('2026-09-01', 'Basic', 30, [['2026-09-01', 28], ['2026-10-01', 20], ['2026-11-01', 15]]),
  cohort('2026-11-01', 'Gold', 4, [['2026-11-01', 3]]),
];

describe('months since joining', () => {
  it('counts calendar months, across a year', () => {
    expect(monthsAfter('2026-09-01', '2026-09-01')).toBe(0);
    expect(monthsAfter('2026-09-01', '2026-11-01')).toBe(2);
    expect(monthsAfter('2026-11-01', '2027-02-01')).toBe(3);
    expect(monthsAfter('2026-11-01', '2026-10-01')).toBe(-1);
  });

  it('heads the columns from the join month', () => {
    expect([0, 1, 12].map(offsetLabel)).toEqual(['Join month', 'Month 1', 'Month 12']);
  });
});

describe('the cohort grid', () => {
  it('sums every plan of a join month into one row when no plan is chosen, shares of the combined members', () => {
    const grid = cohortGridOf(cohorts, '');
    expect(grid.offsets).toEqual([0, 1, 2]);
    expect(grid.rows.map((row) => [row.joinMonth, row.plan, row.members])).toEqual([
      ['2026-09-01', null, 40],
      ['2026-11-01', null, 4],
    ]);
    expect(grid.rows[0]?.cells.map((cell) => cell && [cell.month, cell.active, cell.share])).toEqual([
      ['2026-09-01', 38, 0.95],
      ['2026-10-01', 28, 0.7],
      ['2026-11-01', 20, 0.5],
    ]);
    // The November cohort has no month after the range's end: its later columns are empty, not 0 %.
    expect(grid.rows[1]?.cells).toEqual([{ month: '2026-11-01', active: 3, share: 0.75 }, null, null]);
  });

  it('keeps only the chosen plan', () => {
    const grid = cohortGridOf(cohorts, 'Basic');
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0]).toMatchObject({ joinMonth: '2026-09-01', plan: 'Basic', members: 30 });
    expect(grid.rows[0]?.cells[2]).toEqual({ month: '2026-11-01', active: 15, share: 0.5 });
  });

  it('places a month by its date, not by its position in the answer', () => {
    const shuffled = [cohort('2026-09-01', 'Gold', 10, [['2026-11-01', 5], ['2026-09-01', 10]])];
    expect(cohortGridOf(shuffled, '').rows[0]?.cells).toEqual([{ month: '2026-09-01', active: 10, share: 1 }, null, { month: '2026-11-01', active: 5, share: 0.5 }]);
  });

  it('gives a cohort of no members no share, and a plan with no cohort no rows', () => {
    expect(cohortGridOf([cohort('2026-10-01', 'Gold', 0, [['2026-10-01', 0]])], '').rows[0]?.cells).toEqual([{ month: '2026-10-01', active: 0, share: null }]);
    expect(cohortGridOf(cohorts, 'Platinum')).toEqual({ rows: [], offsets: [] });
  });

  it('offers each plan once, alphabetically', () => {
    expect(plansOf(cohorts)).toEqual(['Basic', 'Gold']);
  });
});

describe('the heat map scale', () => {
  it('leaves no share and 0 % unshaded, darkens with the share and gives 100 % the darkest step', () => {
    expect(shareStep(null)).toBe(0);
    expect(shareStep(0)).toBe(0);
    expect(shareStep(0.1)).toBe(1);
    expect(shareStep(0.5)).toBe(2);
    expect(shareStep(0.9)).toBe(3);
    expect(shareStep(1)).toBe(HEAT_STEPS.length - 1);
  });

  it('never falls as the share rises', () => {
    const steps = Array.from({ length: 101 }, (_, percent) => shareStep(percent / 100));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });
});

describe('month labels', () => {
  it('names the month and year', () => {
    expect(monthLabel('2026-11-01')).toBe('Nov 2026');
    expect(monthLabel('2027-01-01')).toBe('Jan 2027');
  });
});
