import { formatUsd } from '@washops/client-core';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncHarness } from './sync-harness.js';

const harness = syncHarness();
/** Two synced days a week back; the day after them is never synced. */
const FROM = harness.dayBack(8);
const TO = harness.dayBack(7);
const UNSYNCED = harness.dayBack(6);
const ZONE = 'America/Chicago';

/** The UTC instant a local day starts in a zone (offsets read from the zone's own rules, DST included). */
function localMidnightMs(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (ms: number) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(ms).map((part) => [part.type, part.value]));
    return Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']), Number(parts['minute']), Number(parts['second'])) - ms;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/** Count and revenue of sites' local days from the simulator's own data (not through the sync, the store or a report). */
function simulatorFigures(siteCodes: readonly string[], days: readonly string[]): { transactions: number; revenueCents: number } {
  let transactions = 0;
  let revenueCents = 0;
  for (const siteCode of siteCodes) {
    for (const day of days) {
      const startMs = localMidnightMs(day, ZONE);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const { count, totalCents } = harness.api().control.summary({ siteCode, startMs, endMs: localMidnightMs(next, ZONE) - 1 });
      transactions += count;
      revenueCents += totalCents;
    }
  }
  return { transactions, revenueCents };
}

interface SalesJson {
  kind: string;
  partial: boolean;
  scope: { siteCodes: string[]; groupBy: string };
  data: { totals: { transactions: number; revenueCents: number; previous: unknown }; groups: Array<{ group: string; transactions: number; revenueCents: number }> };
  coverage: { siteDays: number; synced: number };
}

describe('washops report over a warehouse filled by a backfill from the simulator', () => {
  const sites = () => harness.api().control.sites().slice(0, 2).map((site) => site.code);

  beforeAll(async () => {
    const backfill = await harness.washops(['sync', 'backfill', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--wait', '--concurrency', '2']);
    expect(backfill.code, backfill.stderr).toBe(0);
  });

  it('sales as JSON: per site and for all, the totals the simulator holds for those local days', async () => {
    const run = await harness.washops(['report', 'sales', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--format', 'json', '--demo']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as SalesJson;
    expect(report).toMatchObject({ kind: 'sales', partial: false, coverage: { siteDays: 4, synced: 4 } });
    expect(report.data.totals).toMatchObject(simulatorFigures(sites(), [FROM, TO]));
    for (const site of sites()) expect(report.data.groups.find((group) => group.group === site)).toMatchObject(simulatorFigures([site], [FROM, TO]));
    // The week before was never synced: no comparison rather than a wrong one.
    expect(report.data.totals.previous).toBeNull();
  });

  it('sales as CSV: a header of labels and revenue in dollars that add up to the same', async () => {
    const run = await harness.washops(['report', 'sales', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--group-by', 'chain', '--format', 'csv', '--demo']);
    expect(run.code, run.stderr).toBe(0);
    const [header, ...records] = parse(run.stdout) as string[][];
    expect(header).toEqual(['Sites', 'Day', 'Transactions', 'Revenue', 'Average ticket']);
    expect(records.map((record) => record[1])).toEqual([FROM, TO]);
    const expected = simulatorFigures(sites(), [FROM, TO]);
    expect(records.reduce((sum, record) => sum + Math.round(Number(record[3]) * 100), 0)).toBe(expected.revenueCents);
    expect(records.reduce((sum, record) => sum + Number(record[2]), 0)).toBe(expected.transactions);
  });

  it('a table with the title, the coverage line, aligned columns in dollars and the summary', async () => {
    const run = await harness.washops(['report', 'tenders', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--group-by', 'chain', '--demo']);
    expect(run.code, run.stderr).toBe(0);
    const expected = simulatorFigures(sites(), [FROM, TO]);
    expect(run.stdout).toContain(`Tenders, ${FROM} – ${TO}, ${sites().join(', ')}\nCoverage: 4 of 4 site-days synced, the oldest at `);
    expect(run.stdout).toMatch(/^Sites\s+Tender\s+Kind\s+Count\s+Amount\s+Change given\s+Share of amount$/m);
    expect(run.stdout).toMatch(/^All sites\s+\S.*\$[\d,]+\.\d\d/m);
    expect(run.stdout).toContain('Tenders took $');
    const sales = await harness.washops(['report', 'sales', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--demo']);
    expect(sales.stdout).toContain(`Revenue ${formatUsd(expected.revenueCents)} from ${expected.transactions.toLocaleString('en-US')} transactions`);
  });

  it('a range not wholly synced is refused (1) saying what to backfill; --allow-partial shows it marked PARTIAL', async () => {
    const refused = await harness.washops(['report', 'sales', '--from', FROM, '--to', UNSYNCED, '--sites', sites().join(','), '--demo']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`Only 4 of 6 site-days of ${FROM} – ${UNSYNCED} are synced`);
    expect(refused.stderr).toContain(`washops sync backfill --from ${UNSYNCED} --to ${UNSYNCED} --sites ${[...sites()].sort().join(',')}`);
    const partial = await harness.washops(['report', 'sales', '--from', FROM, '--to', UNSYNCED, '--sites', sites().join(','), '--allow-partial', '--demo']);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stdout).toContain('PARTIAL: 4 of 6 site-days synced; the figures cover those only.');
    expect(partial.stdout).toContain('Partial: only 4 of 6 site-days are synced');
    // As CSV for a file, the data stays plain and stderr says it is partial.
    const csv = await harness.washops(['report', 'sales', '--from', FROM, '--to', UNSYNCED, '--sites', sites().join(','), '--allow-partial', '--format', 'csv', '--demo']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stderr).toContain('PARTIAL: 4 of 6 site-days synced; the figures cover those only.');
    expect(csv.stdout).not.toContain('PARTIAL');
  });

  it("every site needs no BackOffice (the warehouse's list); a region does, and says how to configure it", async () => {
    // Every site of the Data API is in the warehouse's list, but only two are synced.
    const everySite = await harness.washops(['report', 'sales', '--from', FROM, '--to', TO]);
    expect(everySite.code, everySite.stderr).toBe(1);
    expect(everySite.stderr).toMatch(/^Only 4 of \d+ site-days of /);
    const partial = await harness.washops(['report', 'sales', '--from', FROM, '--to', TO, '--group-by', 'chain', '--allow-partial', '--format', 'json']);
    expect(partial.code, partial.stderr).toBe(0);
    expect((JSON.parse(partial.stdout) as SalesJson).data.totals).toMatchObject(simulatorFigures(sites(), [FROM, TO]));
    const region = await harness.washops(['report', 'sales', '--from', FROM, '--to', TO, '--region', 'WashU Illinois']);
    expect(region.code).toBe(2);
    expect(region.stderr).toContain("The tenant's BackOffice is not configured.");
  });

  it('compare: two ranges side by side, each the simulator’s figures', async () => {
    const run = await harness.washops(['report', 'compare', '--from', TO, '--to', TO, '--previous-from', FROM, '--previous-to', FROM, '--sites', sites().join(','), '--format', 'json', '--demo']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { current: SalesJson; previous: SalesJson; table: { rows: Array<Record<string, unknown>> } };
    expect(result.current.data.totals).toMatchObject(simulatorFigures(sites(), [TO]));
    expect(result.previous.data.totals).toMatchObject(simulatorFigures(sites(), [FROM]));
    expect(result.table.rows.at(-1)).toMatchObject({ group: 'Total', revenueCents: simulatorFigures(sites(), [TO]).revenueCents, previousRevenueCents: simulatorFigures(sites(), [FROM]).revenueCents });
  });

  it('usage errors (2) before anything opens: days, both sites and a region, an unknown site, half a previous range, a format', async () => {
    const usage = async (args: string[], message: string) => {
      const run = await harness.washops(['report', ...args]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(message);
    };
    await usage(['sales', '--from', TO, '--to', FROM], 'The last day comes before the first.');
    await usage(['sales', '--from', '2026-02-30', '--to', TO], '--from must be a day written YYYY-MM-DD');
    await usage(['mix', '--from', FROM, '--to', TO, '--sites', 'NILES', '--region', 'WashU Illinois'], 'Name sites or a region, not both.');
    await usage(['sales', '--from', FROM, '--to', TO, '--sites', 'NOWHERE', '--demo'], 'Unknown site: NOWHERE.');
    await usage(['compare', '--from', FROM, '--to', TO, '--previous-from', FROM], 'give both --previous-from and --previous-to');
    await usage(['staff', '--from', FROM, '--to', TO, '--format', 'xml'], "argument 'xml' is invalid");
    await usage(['sales', '--from', FROM, '--to', TO, '--period', 'year'], "argument 'year' is invalid");
  });

  it('help names every report and shows an example', async () => {
    const help = await harness.washops(['report', '--help']);
    expect(help.code).toBe(0);
    for (const kind of ['sales', 'mix', 'memberships', 'tenders', 'hours', 'staff', 'discounts', 'compare']) expect(help.stdout).toContain(kind);
    const sales = await harness.washops(['report', 'sales', '--help']);
    expect(sales.stdout).toContain('Example:\n  washops report sales --from');
    expect(sales.stdout).toContain('--allow-partial');
  });
});
