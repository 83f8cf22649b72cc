import { describe, expect, it } from 'vitest';
import { scopeOf, searchOfToday, todayFiltersFromSearch } from './today-filters';

const now = new Date(2026, 10, 25, 9, 0);

describe('the Today dashboard URL', () => {
  it('is yesterday and the whole chain when it names nothing (or a malformed day)', () => {
    expect(todayFiltersFromSearch(new URLSearchParams(''), now)).toEqual({ day: '2026-11-24', site: '', region: '' });
    expect(todayFiltersFromSearch(new URLSearchParams('day=yesterday'), now).day).toBe('2026-11-24');
  });

  it('reads back what it writes, a site winning over a region', () => {
    for (const filters of [
      { day: '2026-11-20', site: 'NOLO', region: '' },
      { day: '2026-11-20', site: '', region: 'Global Region' },
      { day: '2026-11-20', site: '', region: '' },
    ]) {
      expect(todayFiltersFromSearch(new URLSearchParams(searchOfToday(filters)), now)).toEqual(filters);
    }
    expect(todayFiltersFromSearch(new URLSearchParams('day=2026-11-20&site=NOLO&region=West'), now)).toEqual({ day: '2026-11-20', site: 'NOLO', region: '' });
  });

  it('asks the numbers for one site, a region or every site', () => {
    expect(scopeOf({ day: '2026-11-20', site: 'NOLO', region: '' })).toEqual({ sites: ['NOLO'] });
    expect(scopeOf({ day: '2026-11-20', site: '', region: 'West' })).toEqual({ region: 'West' });
    expect(scopeOf({ day: '2026-11-20', site: '', region: '' })).toEqual({});
  });
});
