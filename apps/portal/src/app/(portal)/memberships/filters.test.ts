import { describe, expect, it } from 'vitest';
import { filtersFromSearch, lastSixMonths, requestOf, searchOf, type MembershipFilters } from './filters';

const months: MembershipFilters = { from: '2026-05-01', to: '2026-10-31', sites: [], region: '', plan: '', allowPartial: false };

describe('the default range', () => {
  it('is the six whole months before the current one, in the browser calendar', () => {
    expect(lastSixMonths(new Date(2026, 10, 25, 9))).toEqual({ from: '2026-05-01', to: '2026-10-31' });
    expect(lastSixMonths(new Date(2026, 10, 1, 0, 5))).toEqual({ from: '2026-05-01', to: '2026-10-31' });
    // Across a year, and February's last day.
    expect(lastSixMonths(new Date(2027, 0, 15))).toEqual({ from: '2026-07-01', to: '2026-12-31' });
    expect(lastSixMonths(new Date(2028, 2, 3))).toEqual({ from: '2027-09-01', to: '2028-02-29' });
  });
});

describe('filters in the URL', () => {
  it('fill what the URL leaves out with the last six months and every site', () => {
    expect(filtersFromSearch(new URLSearchParams(), new Date(2026, 10, 25))).toEqual(months);
  });

  it('read back what they wrote', () => {
    const chosen: MembershipFilters = { from: '2026-09-01', to: '2026-11-20', sites: ['S1', 'S2'], region: '', plan: 'Gold & Shine', allowPartial: true };
    expect(filtersFromSearch(new URLSearchParams(searchOf(chosen)))).toEqual(chosen);
    const region = { ...months, region: 'North' };
    expect(filtersFromSearch(new URLSearchParams(searchOf(region)))).toEqual(region);
  });

  it('name sites over a region, never both', () => {
    const filters = filtersFromSearch(new URLSearchParams('from=2026-09-01&to=2026-09-30&sites=S1&region=North'));
    expect(filters.sites).toEqual(['S1']);
    expect(filters.region).toBe('');
  });
});

describe('the request', () => {
  it('sums the chosen scope as one group and leaves the plan to the page', () => {
    expect(requestOf({ ...months, plan: 'Gold' })).toEqual({ from: '2026-05-01', to: '2026-10-31', groupBy: 'chain' });
    expect(requestOf({ ...months, sites: ['S1'], allowPartial: true })).toEqual({ from: '2026-05-01', to: '2026-10-31', sites: ['S1'], groupBy: 'chain', allowPartial: true });
    expect(requestOf({ ...months, region: 'North' })).toMatchObject({ region: 'North' });
  });
});
