import { describe, expect, it } from 'vitest';
import { monthToDate, pointChange, previousPeriod, relativeChange, sameRangeLastYear, sparklineRuns, weekEnding, yesterday } from './period';

describe('the dashboard periods', () => {
  it('draws the day and the six before, across a month end', () => {
    expect(weekEnding('2026-03-03')).toEqual(['2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
  });

  it('takes the month to date from the 1st, and the 1st alone on the 1st', () => {
    expect(monthToDate('2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(monthToDate('2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('compares with the same dates last year, a 29 February with the 28th', () => {
    expect(sameRangeLastYear({ from: '2026-11-01', to: '2026-11-24' })).toEqual({ from: '2025-11-01', to: '2025-11-24' });
    expect(sameRangeLastYear({ from: '2028-02-01', to: '2028-02-29' })).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('takes as many days just before as the previous period', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-24' })).toEqual({ from: '2026-10-08', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('takes yesterday in the browser calendar', () => {
    expect(yesterday(new Date(2026, 0, 1, 0, 30))).toBe('2025-12-31');
  });
});

describe('the changes', () => {
  it('gives a relative change, none against zero or an unknown', () => {
    expect(relativeChange(110, 100)).toBeCloseTo(0.1);
    expect(relativeChange(90, 100)).toBeCloseTo(-0.1);
    expect(relativeChange(5, 0)).toBeNull();
    expect(relativeChange(null, 100)).toBeNull();
  });

  it('gives a ratio change in points', () => {
    expect(pointChange(0.15, 0.12)).toBeCloseTo(0.03);
    expect(pointChange(0.15, null)).toBeNull();
  });
});

describe('the sparkline', () => {
  it('puts the lowest value at the bottom and the highest at the top, one step per day', () => {
    expect(sparklineRuns([1, 3, 2], 100, 20)).toEqual([[{ x: 0, y: 20 }, { x: 50, y: 0 }, { x: 100, y: 10 }]]);
  });

  it('draws equal values as a flat line in the middle', () => {
    expect(sparklineRuns([4, 4], 10, 20)).toEqual([[{ x: 0, y: 10 }, { x: 10, y: 10 }]]);
  });

  it('breaks the line at an unknown value, and draws nothing with none known', () => {
    expect(sparklineRuns([0, null, 10], 100, 10)).toEqual([[{ x: 0, y: 10 }], [{ x: 100, y: 0 }]]);
    expect(sparklineRuns([null, null], 100, 10)).toEqual([]);
  });
});
