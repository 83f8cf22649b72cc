import { describe, expect, it } from 'vitest';
import { formatDollars } from '@washops/client-core';
import { dailyTotalsBySite, MAX_CHART_SERIES, siteLabelOf, totalsOf } from './aggregate';
import { dayOf, endOfDay, exportQueryOf, listQueryOf, presetRange, startOfDay } from './range';

const base = { site: '', region: '', type: '', version: 'v1' as const };

describe('date ranges', () => {
  it('offers today, yesterday and the last 7 days (inclusive) in local time', () => {
    const now = new Date(2026, 10, 22, 15, 30);
    expect(presetRange('today', now)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(presetRange('yesterday', now)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('last7', new Date(2026, 2, 3))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });

  it('turns days into a range from local midnight to the last second', () => {
    const start = startOfDay('2026-11-21')!;
    expect(new Date(start * 1000).getHours()).toBe(0);
    expect(endOfDay('2026-11-21')! - start).toBe(86_399);
    expect(startOfDay('2026-02-30')).toBeNull();
    expect(startOfDay('nonsense')).toBeNull();
    expect(dayOf(new Date(start * 1000))).toBe('2026-11-21');
  });

  it('refuses more than 31 days with the client message at the "To" field', () => {
    const result = listQueryOf({ ...base, from: '2026-09-01', to: '2026-10-20' });
    expect(result.input).toBeNull();
    expect(result.errors?.['to']).toMatch(/31 days/);
    expect(listQueryOf({ ...base, from: '2026-11-01', to: '2026-10-20' }).errors?.['to']).toBeTruthy();
  });

  it('ends a range that includes today now, since the API refuses a future end', () => {
    const now = new Date(2026, 10, 22, 15, 30);
    const today = listQueryOf({ ...base, from: '2026-11-22', to: '2026-11-22' }, now.getTime());
    expect(today.input?.endDate).toBe(Math.floor(now.getTime() / 1000));
    const past = listQueryOf({ ...base, from: '2026-11-20', to: '2026-11-21' }, now.getTime());
    expect(past.input?.endDate).toBe(endOfDay('2026-11-21'));
    expect(exportQueryOf('ECOM', '2026-11-22', now.getTime()).input?.endDate).toBe(Math.floor(now.getTime() / 1000));
  });

  it('builds the list query: type only for v1, region only without a site', () => {
    const ok = listQueryOf({ ...base, from: '2026-11-15', to: '2026-11-21', site: 'FIESTA', region: 'ILLINOIS', type: 'wash' });
    expect(ok.input).toMatchObject({ site: 'FIESTA', type: 'wash', version: 'v1' });
    expect(ok.input).not.toHaveProperty('region');
    const v2 = listQueryOf({ ...base, from: '2026-11-15', to: '2026-11-21', region: 'ILLINOIS', type: 'wash', version: 'v2' });
    expect(v2.input).toMatchObject({ region: 'ILLINOIS', version: 'v2' });
    expect(v2.input).not.toHaveProperty('type');
  });

  it('checks an export: one site, one day', () => {
    expect(exportQueryOf('ECOM', '2026-11-21').input).toMatchObject({ site: 'ECOM' });
    expect(exportQueryOf('', '2026-11-21').errors).toEqual({ site: 'Pick a site to export.' });
    expect(exportQueryOf('ECOM', '').errors).toEqual({ day: 'Pick a day.' });
  });
});

describe('aggregates', () => {
  const sites = new Map([
    [1001, 'FIESTA'],
    [1099, 'ECOM'],
  ]);
  const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();

  it('sums totals in cents, without float noise', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ transId: `${i}:1001`, total: 0.1, date: at(21, 10) }));
    expect(totalsOf(rows)).toEqual({ count: 1000, cents: 10_000 });
  });

  it('reads amounts the way they are written: 1.005 is 101 cents, shown as $1.01', () => {
    expect(totalsOf([{ transId: '1:1001', total: 1.005, date: at(21, 10) }])).toEqual({ count: 1, cents: 101 });
    expect(formatDollars(1.005)).toBe('$1.01');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(-5)).toBe('-$5.00');
  });

  it('names the site of a row from its id', () => {
    expect(siteLabelOf('15585000:1099', sites)).toBe('ECOM');
    expect(siteLabelOf('1:4242', sites)).toBe('#4242');
  });

  it('groups daily totals per site, by local day', () => {
    const rows = [
      { transId: '1:1001', total: 10.1, date: at(20, 9) },
      { transId: '2:1001', total: 5.2, date: at(20, 23) },
      { transId: '3:1099', total: 3, date: at(20, 12) },
      { transId: '4:1001', total: 1, date: at(21, 0) },
    ];
    expect(dailyTotalsBySite(rows, sites)).toEqual({
      series: ['FIESTA', 'ECOM'],
      days: [
        { day: '2026-11-20', FIESTA: 15.3, ECOM: 3 },
        { day: '2026-11-21', FIESTA: 1, ECOM: 0 },
      ],
    });
  });

  it('folds the smallest sites into "Other" when there are many', () => {
    const many = new Map(Array.from({ length: 12 }, (_, i) => [2000 + i, `S${i}`] as [number, string]));
    const rows = Array.from({ length: 12 }, (_, i) => ({ transId: `1:${2000 + i}`, total: i + 1, date: at(20, 10) }));
    const result = dailyTotalsBySite(rows, many);
    expect(result.series).toHaveLength(MAX_CHART_SERIES);
    expect(result.series.at(-1)).toBe('Other');
    expect(result.days[0]!['Other']).toBe(1 + 2 + 3 + 4 + 5);
  });
});
