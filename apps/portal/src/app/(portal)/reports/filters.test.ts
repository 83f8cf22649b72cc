import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvHref, filtersFromSearch, lastWeek, requestOf, searchOf, type ReportFilters } from './filters';

const week: ReportFilters = { from: '2026-11-16', to: '2026-11-22', sites: [], region: '', period: 'day', groupBy: 'site', allowPartial: false };

describe('last week', () => {
  it('is Monday to Sunday of the week before the current one, in the browser calendar', () => {
    // Wednesday 25 November 2026, then the Monday and Sunday that bound that week.
    expect(lastWeek(new Date(2026, 10, 25, 9))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastWeek(new Date(2026, 10, 23, 0, 5))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastWeek(new Date(2026, 10, 29, 23, 55))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // Across a month and a year.
    expect(lastWeek(new Date(2026, 2, 4))).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lastWeek(new Date(2027, 0, 2))).toEqual({ from: '2026-12-21', to: '2026-12-27' });
  });

  it('always starts on a Monday and spans seven days', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }), (now) => {
        const { from, to } = lastWeek(now);
        const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
        const monday = new Date(fy, fm - 1, fd);
        expect(monday.getDay()).toBe(1);
        const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
        expect(Math.round((new Date(ty, tm - 1, td).getTime() - monday.getTime()) / 86_400_000)).toBe(6);
        expect(monday.getTime()).toBeLessThan(now.getTime());
      }),
    );
  });
});

describe('filters in the URL', () => {
  it('default to last week, every site, sales by day, grouped by site', () => {
    expect(filtersFromSearch(new URLSearchParams(), new Date(2026, 10, 25))).toEqual(week);
  });

  it('read back what they wrote, so a shared link shows the same view', () => {
    const filters = fc.record({
      from: fc.constantFrom('2026-11-01', '2026-10-05'),
      to: fc.constantFrom('2026-11-07', '2026-11-30'),
      sites: fc.array(fc.constantFrom('NOLO', 'DKSN', 'BurbT2', 'ECOM'), { maxLength: 3 }).map((codes) => [...new Set(codes)]),
      region: fc.constantFrom('', 'Global Region', 'WashU Illinois'),
      period: fc.constantFrom('day' as const, 'week' as const, 'month' as const),
      groupBy: fc.constantFrom('site' as const, 'region' as const, 'chain' as const),
      allowPartial: fc.boolean(),
    });
    fc.assert(
      fc.property(filters, (value) => {
        const shown = { ...value, region: value.sites.length > 0 ? '' : value.region };
        expect(filtersFromSearch(new URLSearchParams(searchOf(shown)))).toEqual(shown);
      }),
    );
  });

  it('ignore a period or grouping they do not know, and sites win over a region', () => {
    const filters = filtersFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-02&period=year&groupBy=planet&sites=NOLO,%20DKSN,&region=X'));
    expect(filters).toMatchObject({ sites: ['NOLO', 'DKSN'], region: '', period: 'day', groupBy: 'site', allowPartial: false });
  });
});

describe('report requests', () => {
  it('name sites or a region or neither, and a period for sales only', () => {
    expect(requestOf({ ...week, sites: ['NOLO'] }, 'sales')).toEqual({ kind: 'sales', from: week.from, to: week.to, sites: ['NOLO'], period: 'day', groupBy: 'site' });
    expect(requestOf({ ...week, region: 'Global Region', period: 'week' }, 'mix')).toEqual({
      kind: 'mix',
      from: week.from,
      to: week.to,
      region: 'Global Region',
      groupBy: 'site',
    });
    expect(requestOf({ ...week, allowPartial: true, groupBy: 'chain' }, 'hours')).toEqual({
      kind: 'hours',
      from: week.from,
      to: week.to,
      groupBy: 'chain',
      allowPartial: true,
    });
  });

  it('link the CSV download to the same request as the page shows', () => {
    const href = csvHref({ ...week, region: 'Global Region', period: 'week', allowPartial: true }, 'sales');
    const url = new URL(href, 'http://portal.test');
    expect(url.pathname).toBe('/api/reports/csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      kind: 'sales',
      from: week.from,
      to: week.to,
      region: 'Global Region',
      period: 'week',
      groupBy: 'site',
      allowPartial: 'true',
    });
    expect(Object.fromEntries(new URL(csvHref({ ...week, sites: ['NOLO', 'DKSN'] }, 'tenders'), 'http://portal.test').searchParams)).toEqual({
      kind: 'tenders',
      from: week.from,
      to: week.to,
      sites: 'NOLO,DKSN',
      groupBy: 'site',
    });
  });

  it('are what the reports service accepts, for every kind and choice of sites', async () => {
    // Loaded as the portal loads the operations library: at run time.
    const { reportRequestSchema } = await import('@washops/operations/schemas');
    const kinds = ['sales', 'mix', 'memberships', 'tenders', 'hours', 'staff', 'discounts'] as const;
    for (const kind of kinds) {
      for (const filters of [week, { ...week, sites: ['NOLO', 'DKSN'] }, { ...week, region: 'Global Region', allowPartial: true, groupBy: 'region' as const }]) {
        const checked = reportRequestSchema.safeParse(requestOf(filters, kind));
        expect(checked.success, `${kind} ${JSON.stringify(checked.error?.issues)}`).toBe(true);
      }
    }
  });
});
