import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, localDay, localDayEnd, localDayStart, zoneOrUtc } from '../src/warehouse/zones.js';
import { utcDaysSpanned } from '../src/kpis/local-time.js';

// A site's local day, which every number and every synced site-day is filed under.

const iso = (ms: number) => new Date(ms).toISOString();

describe('local days of a zone', () => {
  it('a Central day starts at 05:00 or 06:00 UTC by the season, and the 25-hour day daylight saving ends is whole', () => {
    expect(iso(localDayStart('2026-07-04', 'America/Chicago'))).toBe('2026-07-04T05:00:00.000Z');
    expect(iso(localDayStart('2026-12-24', 'America/Chicago'))).toBe('2026-12-24T06:00:00.000Z');
    expect(localDayEnd('2026-11-01', 'America/Chicago') - localDayStart('2026-11-01', 'America/Chicago')).toBe(25 * 3_600_000);
    expect(localDayEnd('2026-03-08', 'America/Chicago') - localDayStart('2026-03-08', 'America/Chicago')).toBe(23 * 3_600_000);
  });

  it('a day whose midnight daylight saving skips starts at the first instant that is that day (01:00 in Santiago)', () => {
    const start = localDayStart('2026-09-06', 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(localDay(new Date(start - 1000), 'America/Santiago')).toBe('2026-09-05');
    expect(localDay(new Date(start), 'America/Santiago')).toBe('2026-09-06');
  });

  it('a Honolulu evening is the same local day though it is the next UTC day; the UTC days a range spans cover every zone', () => {
    expect(localDay(new Date('2026-11-03T08:30:00Z'), 'Pacific/Honolulu')).toBe('2026-11-02');
    expect(utcDaysSpanned('2026-11-02', '2026-11-02', ['America/New_York', 'Pacific/Honolulu'])).toEqual({ from: '2026-11-02', to: '2026-11-03' });
  });

  it('an empty or unknown zone counts as UTC; days add and list across a month end', () => {
    expect(zoneOrUtc('')).toBe('UTC');
    expect(zoneOrUtc(null)).toBe('UTC');
    expect(zoneOrUtc('Mars/Olympus_Mons')).toBe('UTC');
    expect(zoneOrUtc(' America/Denver ')).toBe('America/Denver');
    expect(localDay(new Date('2026-11-03T01:00:00Z'), 'Mars/Olympus_Mons')).toBe('2026-11-03');
    expect(addDays('2026-10-30', 3)).toBe('2026-11-02');
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });
});
