import { formatUsd } from '@washops/client-core';
import { RangeNotSyncedError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { openReports, type ReportRequest } from '../src/index.js';
import { expectedFigures, fakeWarehouse, fixtureSales, type DayFigures } from './reports-support.js';

const WEEK = { from: '2026-11-16', to: '2026-11-22' };
const WEEK_BEFORE = { from: '2026-11-09', to: '2026-11-15' };
const ALL = ['CENT', 'ECOM', 'HOBART', 'NILES'];
const ILLINOIS = ['CENT', 'NILES'];
const SALES = fixtureSales();

const average = (figures: { transactions: number; revenueCents: number }) => Math.round(figures.revenueCents / figures.transactions);
const change = (now: number, then: number) => (now - then) / Math.abs(then);

describe('sales grouped by site, region and chain', () => {
  it('by site: one group per site of the region, each summed over the week, with its average ticket', async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const report = await openReports(deps).run({ kind: 'sales', ...WEEK, region: 'washu illinois', period: 'week' });
    expect(report.scope).toEqual({ ...WEEK, siteCodes: ['NILES', 'CENT'], region: 'WashU Illinois', period: 'week', groupBy: 'site' });
    expect(report.partial).toBe(false);
    expect(report.title).toBe('Sales by week, 2026-11-16 – 2026-11-22, region WashU Illinois (2 sites)');
    for (const code of ILLINOIS) {
      const figures = expectedFigures(SALES, [code], WEEK.from, WEEK.to);
      expect(report.data.groups.find((group) => group.group === code)).toMatchObject({ ...figures, averageTicketCents: average(figures) });
      expect(report.data.rows.filter((row) => row.group === code)).toEqual([{ group: code, period: '2026-11-16', ...figures, averageTicketCents: average(figures) }]);
    }
    expect(report.data.totals).toMatchObject({ group: 'Total', ...expectedFigures(SALES, ILLINOIS, WEEK.from, WEEK.to) });
  });

  it("by region: the BackOffice's regions, a site the tree lacks under No region; by chain: one group; the totals agree", async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const reports = openReports(deps);
    const byRegion = await reports.run({ kind: 'sales', ...WEEK, groupBy: 'region' });
    expect(byRegion.scope.siteCodes).toEqual(ALL);
    expect(byRegion.title).toContain('all 4 sites');
    expect(byRegion.data.groups.map((group) => [group.group, group.transactions, group.revenueCents])).toEqual([
      ['WashU Illinois', ...Object.values(expectedFigures(SALES, ILLINOIS, WEEK.from, WEEK.to))],
      ['WashU Indiana', ...Object.values(expectedFigures(SALES, ['HOBART'], WEEK.from, WEEK.to))],
      ['No region', ...Object.values(expectedFigures(SALES, ['ECOM'], WEEK.from, WEEK.to))],
    ]);
    // Per day per region: seven days × three regions, each the sum of its sites' day.
    expect(byRegion.data.rows).toHaveLength(21);
    expect(byRegion.data.rows.find((row) => row.group === 'WashU Illinois' && row.period === '2026-11-18')).toMatchObject(expectedFigures(SALES, ILLINOIS, '2026-11-18', '2026-11-18'));

    const byChain = await reports.run({ kind: 'sales', ...WEEK, groupBy: 'chain', period: 'month' });
    const all = expectedFigures(SALES, ALL, WEEK.from, WEEK.to);
    expect(byChain.data.groups).toMatchObject([{ group: 'All sites', ...all }]);
    expect(byChain.data.rows).toEqual([{ group: 'All sites', period: '2026-11-01', ...all, averageTicketCents: average(all) }]);
    expect(byRegion.data.totals).toMatchObject(all);
    expect(byChain.data.totals).toMatchObject(all);
  });

  it("reads the BackOffice's tree only when sites, a region or a grouping by region need it", async () => {
    const everySite = fakeWarehouse({ sales: SALES });
    await openReports(everySite.deps).run({ kind: 'sales', ...WEEK, groupBy: 'chain' });
    expect(everySite.reads).not.toContain('listSites');
    const byRegion = fakeWarehouse({ sales: SALES });
    await openReports(byRegion.deps).run({ kind: 'sales', ...WEEK, groupBy: 'region', region: 'WashU Illinois' });
    expect(byRegion.reads.filter((read) => read === 'listSites')).toHaveLength(1);
  });

  it('periods: ISO weeks keyed by their Monday, months by their 1st, each the sum of its days', async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const weeks = await openReports(deps).run({ kind: 'sales', from: '2026-10-26', to: '2026-11-22', sites: ['hobart'], period: 'week' });
    expect(weeks.data.rows.map((row) => row.period)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(weeks.data.rows[1]).toMatchObject(expectedFigures(SALES, ['HOBART'], '2026-11-02', '2026-11-08'));
    const months = await openReports(deps).run({ kind: 'sales', from: '2026-10-26', to: '2026-11-22', sites: ['HOBART'], period: 'month' });
    expect(months.data.rows.map((row) => [row.period, row.transactions])).toEqual([
      ['2026-10-01', expectedFigures(SALES, ['HOBART'], '2026-10-26', '2026-10-31').transactions],
      ['2026-11-01', expectedFigures(SALES, ['HOBART'], '2026-11-01', '2026-11-22').transactions],
    ]);
    expect(months.table.columns.map((column) => column.label)).toEqual(['Site', 'Month of', 'Transactions', 'Revenue', 'Average ticket']);
  });
});

describe('sales against the previous period', () => {
  it('compares with the same number of days just before, per group and in all, and says so', async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const report = await openReports(deps).run({ kind: 'sales', ...WEEK, sites: ['NILES', 'CENT'] });
    const now = expectedFigures(SALES, ILLINOIS, WEEK.from, WEEK.to);
    const then = expectedFigures(SALES, ILLINOIS, WEEK_BEFORE.from, WEEK_BEFORE.to);
    expect(report.data.previous).toEqual({ ...WEEK_BEFORE, complete: true, currentPartial: false });
    expect(report.data.totals.previous).toEqual({ ...then, averageTicketCents: average(then) });
    expect(report.data.totals.revenueChange).toBeCloseTo(change(now.revenueCents, then.revenueCents), 12);
    expect(report.data.totals.transactionsChange).toBeCloseTo(change(now.transactions, then.transactions), 12);
    const niles = report.data.groups.find((group) => group.group === 'NILES');
    const nilesThen = expectedFigures(SALES, ['NILES'], WEEK_BEFORE.from, WEEK_BEFORE.to);
    expect(niles?.revenueChange).toBeCloseTo(change(expectedFigures(SALES, ['NILES'], WEEK.from, WEEK.to).revenueCents, nilesThen.revenueCents), 12);
    const direction = now.revenueCents > then.revenueCents ? 'up' : 'down';
    const percent = `${(Math.abs(change(now.revenueCents, then.revenueCents)) * 100).toFixed(1)} %`;
    expect(report.summary).toBe(
      `Revenue ${formatUsd(now.revenueCents)} from ${now.transactions.toLocaleString('en-US')} transactions (average ticket ${formatUsd(average(now))}), 2026-11-16 – 2026-11-22, NILES, CENT. ` +
        `Against the previous 2026-11-09 – 2026-11-15: revenue ${direction} ${percent}, transactions ${now.transactions > then.transactions ? 'up' : 'down'} ${(Math.abs(change(now.transactions, then.transactions)) * 100).toFixed(1)} %.`,
    );
  });

  it('has no previous figures or changes when the previous period is not wholly synced, and says why', async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const report = await openReports(deps).run({ kind: 'sales', from: '2026-10-26', to: '2026-11-01', sites: ['NILES'] });
    expect(report.data.previous).toEqual({ from: '2026-10-19', to: '2026-10-25', complete: false, currentPartial: false });
    expect(report.data.totals).toMatchObject({ previous: null, revenueChange: null, transactionsChange: null });
    for (const group of report.data.groups) expect(group).toMatchObject({ previous: null, revenueChange: null });
    expect(report.summary).toContain('No comparison: the previous 2026-10-19 – 2026-10-25 is not wholly synced.');
  });
});

describe('coverage', () => {
  const missingOne = (): DayFigures[] => SALES.filter((row) => !(row.siteCode === 'HOBART' && row.day === '2026-11-20'));

  it('refuses a range not wholly synced: how much is, which are not, how to backfill them', async () => {
    const { deps, reads } = fakeWarehouse({ sales: missingOne() });
    const refusal = openReports(deps).run({ kind: 'tenders', ...WEEK, sites: ['HOBART', 'NILES'] });
    await expect(refusal).rejects.toBeInstanceOf(RangeNotSyncedError);
    const error = (await refusal.catch((caught: unknown) => caught)) as RangeNotSyncedError;
    expect(error.code).toBe('RANGE_NOT_SYNCED');
    expect(error.message).toBe(
      'Only 13 of 14 site-days of 2026-11-16 – 2026-11-22 are synced (missing: HOBART 2026-11-20). Backfill them on the portal\'s Data sync page, with `washops sync backfill --from 2026-11-20 --to 2026-11-20 --sites HOBART`, or see the MCP tool sync_status; then ask again, or ask for a partial report.',
    );
    expect(error.details).toMatchObject({ siteDays: 14, synced: 13, missingCount: 1, missing: [{ siteCode: 'HOBART', day: '2026-11-20' }] });
    // Nothing but the coverage was read.
    expect(reads.filter((read) => !read.startsWith('coverage') && read !== 'listSites')).toEqual([]);
  });

  it('names a few missing site-days and how many more when many are', async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const error = (await openReports(deps)
      .run({ kind: 'sales', from: '2026-10-01', to: '2026-10-31' })
      .catch((caught: unknown) => caught)) as RangeNotSyncedError;
    expect(error).toBeInstanceOf(RangeNotSyncedError);
    expect(error.message).toMatch(/^Only 24 of 124 site-days of 2026-10-01 – 2026-10-31 are synced \(missing: CENT 2026-10-01, CENT 2026-10-02, CENT 2026-10-03, CENT 2026-10-04, CENT 2026-10-05 and 95 more\)\./);
    // Every missing site-day is listed: the command names just their days and sites.
    expect(error.message).toContain('`washops sync backfill --from 2026-10-01 --to 2026-10-25 --sites CENT,ECOM,HOBART,NILES`');
    // Too many to list (the store lists 200): the command names the report's range.
    const long = (await openReports(deps)
      .run({ kind: 'sales', from: '2026-01-01', to: '2026-11-22' })
      .catch((caught: unknown) => caught)) as RangeNotSyncedError;
    expect(long.message).toContain('(missing: CENT 2026-01-01, CENT 2026-01-02, CENT 2026-01-03, CENT 2026-01-04, CENT 2026-01-05 and 1,187 more)');
    expect(long.message).toContain('`washops sync backfill --from 2026-01-01 --to 2026-11-22`');
  });

  it('with allowPartial presents what is synced, marked partial, the summary saying so first', async () => {
    const { deps } = fakeWarehouse({ sales: missingOne() });
    const report = await openReports(deps).run({ kind: 'sales', ...WEEK, sites: ['HOBART', 'NILES'], allowPartial: true });
    expect(report.partial).toBe(true);
    expect(report.coverage).toMatchObject({ complete: false, siteDays: 14, synced: 13, missingCount: 1 });
    expect(report.summary.startsWith('Partial: only 13 of 14 site-days are synced, and the figures cover those only. Revenue ')).toBe(true);
    expect(report.data.totals).toMatchObject(expectedFigures(missingOne(), ['HOBART', 'NILES'], WEEK.from, WEEK.to));
    // A missing day is not a fall in sales: no change is computed against the whole week before.
    expect(report.data.previous).toMatchObject({ complete: false, currentPartial: true });
    expect(report.data.totals).toMatchObject({ previous: null, revenueChange: null, transactionsChange: null });
    expect(report.data.groups.every((group) => group.revenueChange === null && group.previous === null)).toBe(true);
    expect(report.summary).toContain('No comparison: this range is partial.');
  });
});

describe('input is refused before anything is read', () => {
  const refusedBeforeReading = async (request: unknown, message: RegExp) => {
    const { deps, reads } = fakeWarehouse({ sales: SALES });
    const refusal = openReports(deps).run(request as ReportRequest);
    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal).rejects.toThrow(message);
    expect(reads).toEqual([]);
    return (await refusal.catch((caught: unknown) => caught)) as ValidationError;
  };

  it('a reversed or too long range, a day that does not exist, an unknown kind, sites and a region together', async () => {
    const reversed = await refusedBeforeReading({ kind: 'sales', from: '2026-11-22', to: '2026-11-16' }, /The last day comes before the first/);
    expect(reversed.details['issues']).toEqual([{ path: 'to', message: 'The last day comes before the first.' }]);
    await refusedBeforeReading({ kind: 'sales', from: '2025-01-01', to: '2026-11-16' }, /at most 366 days/);
    await refusedBeforeReading({ kind: 'sales', from: '2026-02-30', to: '2026-03-01' }, /calendar day/);
    await refusedBeforeReading({ kind: 'profits', ...WEEK }, /kind/);
    await refusedBeforeReading({ kind: 'sales', ...WEEK, sites: ['NILES'], region: 'WashU Illinois' }, /Name sites or a region, not both/);
    await refusedBeforeReading({ kind: 'sales', ...WEEK, groupBy: 'district' }, /groupBy/);
  });

  it('an unknown site or region is refused before the warehouse is read', async () => {
    const { deps, reads } = fakeWarehouse({ sales: SALES });
    await expect(openReports(deps).run({ kind: 'sales', ...WEEK, sites: ['NOWHERE'] })).rejects.toThrow('Unknown site: NOWHERE.');
    await expect(openReports(deps).run({ kind: 'sales', ...WEEK, region: 'Atlantis' })).rejects.toThrow('No site with a code is in the region "Atlantis".');
    expect(reads.filter((read) => read.startsWith('coverage') || read.startsWith('sales'))).toEqual([]);
  });

  it('an aborted signal stops the report before the store is read', async () => {
    const { deps, reads } = fakeWarehouse({ sales: SALES });
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(openReports(deps).run({ kind: 'sales', ...WEEK }, { signal: controller.signal })).rejects.toThrow();
    expect(reads).toEqual([]);
  });
});

describe('compare', () => {
  it('the week against the week before by default: both sales reports and one side-by-side table with the total last', async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const result = await openReports(deps).compare({ current: WEEK, groupBy: 'region' });
    expect(result.previous.scope).toMatchObject(WEEK_BEFORE);
    expect(result.title).toBe('Sales 2026-11-16 – 2026-11-22 against 2026-11-09 – 2026-11-15, all 4 sites');
    const now = expectedFigures(SALES, ALL, WEEK.from, WEEK.to);
    const then = expectedFigures(SALES, ALL, WEEK_BEFORE.from, WEEK_BEFORE.to);
    expect(result.table.rows.map((row) => row['group'])).toEqual(['WashU Illinois', 'WashU Indiana', 'No region', 'Total']);
    const total = result.table.rows.at(-1);
    expect(total).toMatchObject({ transactions: now.transactions, previousTransactions: then.transactions, revenueCents: now.revenueCents, previousRevenueCents: then.revenueCents });
    expect(total?.['revenueChange']).toBeCloseTo(change(now.revenueCents, then.revenueCents), 12);
    expect(result.table.columns.map((column) => column.label)).toEqual(['Region', 'Transactions', 'Previous transactions', 'Transactions change', 'Revenue', 'Previous revenue', 'Revenue change', 'Average ticket', 'Previous average ticket']);
    expect(result.summary).toContain(`Transactions ${now.transactions.toLocaleString('en-US')} against ${then.transactions.toLocaleString('en-US')}: `);
    expect(result.summary).toContain(`Revenue ${formatUsd(now.revenueCents)} in 2026-11-16 – 2026-11-22 against ${formatUsd(then.revenueCents)} in 2026-11-09 – 2026-11-15`);
  });

  it('takes any earlier range, and refuses one not wholly synced naming that range', async () => {
    const { deps } = fakeWarehouse({ sales: SALES });
    const reports = openReports(deps);
    const custom = await reports.compare({ current: WEEK, previous: { from: '2026-10-26', to: '2026-10-28' }, sites: ['NILES'] });
    expect(custom.previous.data.totals).toMatchObject(expectedFigures(SALES, ['NILES'], '2026-10-26', '2026-10-28'));
    await expect(reports.compare({ current: WEEK, previous: { from: '2026-10-01', to: '2026-10-07' }, sites: ['NILES'] })).rejects.toThrow(/^None of the 7 site-days of 2026-10-01 – 2026-10-07 is synced/);
    await expect(reports.compare({ current: { from: '2026-11-22', to: '2026-11-01' } })).rejects.toBeInstanceOf(ValidationError);
  });
});
