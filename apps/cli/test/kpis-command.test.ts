import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '@washops/client-core';
import { syncHarness } from './sync-harness.js';

const harness = syncHarness();
/** Two synced days a week back; the day after them has no transactions synced. */
const FROM = harness.dayBack(8);
const TO = harness.dayBack(7);
const UNSYNCED = harness.dayBack(6);
/** Central time's local days run into the next UTC day: the resources are read a day past them. */
const UTC_TO = UNSYNCED;

interface SummaryJson {
  scope: { from: string; to: string; siteCodes: string[]; groupBy: string };
  partial: boolean;
  coverage: { complete: boolean; transactions: { siteDays: number; synced: number }; resources: Array<{ resource: string; complete: boolean }> };
  data: Array<{ group: string; cars: number; memberCars: number; retailCars: number; salesCents: number; transactions: number; laborHours: number }>;
  summary: string;
}

describe('washops kpis over a warehouse filled by backfills from the simulator', () => {
  const sites = () => harness.api().control.sites().slice(0, 2).map((site) => site.code);
  const kpis = (args: string[]) => harness.washops(['kpis', '--sites', sites().join(','), '--demo', ...args]);

  beforeAll(async () => {
    const backfill = await harness.washops(['sync', 'backfill', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--wait', '--concurrency', '2']);
    expect(backfill.code, backfill.stderr).toBe(0);
    // The transactions alone are not enough: the refusal names the resources to sync.
    const refused = await harness.washops(['kpis', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--demo']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The warehouse does not hold ${FROM} – ${TO} whole for employees`);
    expect(refused.stderr).toContain('washops sync resources');
    const resources = await harness.washops(['sync', 'resources', '--from', FROM, '--to', UTC_TO, '--resources', 'employees,clock-entries', '--wait']);
    expect(resources.code, resources.stderr).toBe(0);
  }, 300_000);

  it('JSON: the whole answer, a row per site whose figures add up to the chain', async () => {
    const run = await kpis(['--from', FROM, '--to', TO, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as SummaryJson;
    expect(answer).toMatchObject({ scope: { from: FROM, to: TO, groupBy: 'site' }, partial: false, coverage: { complete: true, transactions: { siteDays: 4, synced: 4 } } });
    expect(answer.data.map((row) => row.group).sort()).toEqual([...sites()].sort());
    for (const row of answer.data) {
      expect(row.cars).toBeGreaterThan(0);
      expect(row.memberCars + row.retailCars).toBeLessThanOrEqual(row.cars);
      expect(row.laborHours).toBeGreaterThan(0);
    }
    const chain = JSON.parse((await kpis(['--from', FROM, '--to', TO, '--group-by', 'chain', '--format', 'json'])).stdout) as SummaryJson;
    expect(chain.data).toHaveLength(1);
    expect(chain.data[0]).toMatchObject({ group: 'All sites', cars: answer.data.reduce((n, row) => n + row.cars, 0), salesCents: answer.data.reduce((n, row) => n + row.salesCents, 0) });
    expect(answer.summary).toContain(`${chain.data[0]?.cars.toLocaleString('en-US')} cars`);
  });

  it('CSV: a header of labels, a row per day, sales in dollars adding up to the JSON', async () => {
    const json = JSON.parse((await kpis(['--from', FROM, '--to', TO, '--group-by', 'chain', '--format', 'json'])).stdout) as SummaryJson;
    const run = await kpis(['--from', FROM, '--to', TO, '--group-by', 'day', '--format', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('\r\n');
    const [header, ...records] = parse(run.stdout) as string[][];
    expect(header?.slice(0, 8)).toEqual(['Day', 'Cars', 'Member washes', 'Retail washes', 'Free washes', 'Eligible washes', 'Sales', 'Average ticket']);
    expect(header).toContain('Conversion');
    expect(header).toContain('Cars per labor hour');
    expect(records.map((record) => record[0])).toEqual([FROM, TO]);
    expect(records.reduce((sum, record) => sum + Number(record[1]), 0)).toBe(json.data[0]?.cars);
    expect(records.reduce((sum, record) => sum + Math.round(Number(record[6]) * 100), 0)).toBe(json.data[0]?.salesCents);
  });

  it('a table: the title, the coverage line, aligned columns in dollars and the summary sentence', async () => {
    const run = await kpis(['--date', TO]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Operator's numbers, ${TO}, ${sites().join(', ')}\nCoverage: 2 of 2 site-days of transactions synced; employees, clock-entries synced, the oldest at `);
    expect(run.stdout).toMatch(/^Site\s+Cars\s+Member washes\s+Retail washes\s+Free washes\s+Eligible washes\s+Sales\s+Average ticket\s+New memberships\s+Conversion/m);
    for (const site of sites()) expect(run.stdout).toMatch(new RegExp(`^${site}\\s+[\\d,]+\\s.*\\$[\\d,]+\\.\\d\\d`, 'm'));
    expect(run.stdout).toMatch(new RegExp(`^${TO}, .*: [\\d,]+ cars \\(`, 'm'));
  });

  it('a range not wholly synced is refused (1) naming the backfill; --partial shows it marked PARTIAL', async () => {
    const refused = await kpis(['--from', FROM, '--to', UNSYNCED]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`Only 4 of 6 site-days of ${FROM} – ${UNSYNCED} are synced`);
    expect(refused.stderr).toContain(`washops sync backfill --from ${UNSYNCED} --to ${UNSYNCED}`);
    const partial = await kpis(['--from', FROM, '--to', UNSYNCED, '--partial']);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stdout).toContain('PARTIAL: 4 of 6 site-days of transactions synced');
    expect(partial.stdout).toContain('Partial: the warehouse does not hold all of');
    // As CSV for a file, the data stays plain and stderr says it is partial.
    const csv = await kpis(['--from', FROM, '--to', UNSYNCED, '--partial', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stderr).toContain('PARTIAL: 4 of 6 site-days of transactions synced');
    expect(csv.stdout).not.toContain('PARTIAL');
    const json = JSON.parse((await kpis(['--from', FROM, '--to', UNSYNCED, '--partial', '--format', 'json'])).stdout) as SummaryJson;
    expect(json).toMatchObject({ partial: true, coverage: { complete: false } });
  });

  it('--date defaults to yesterday on the clock the command is given', async () => {
    const now = new Date(`${TO}T12:00:00`);
    now.setDate(now.getDate() + 1);
    let stdout = '';
    let stderr = '';
    const { main } = await import('../src/index.js');
    const code = await main(['kpis', '--sites', sites().join(','), '--demo', '--format', 'json'], {
      stdin: process.stdin,
      stdout: { write: (text: string) => void (stdout += text) },
      stderr: { write: (text: string) => void (stderr += text), isTTY: false },
      env: harness.env(),
      cwd: process.cwd(),
      clock: clockFrom(now.getTime()),
    });
    expect(code, stderr).toBe(0);
    expect((JSON.parse(stdout) as SummaryJson).scope).toMatchObject({ from: TO, to: TO });
  });

  it('usage errors (2) before anything opens: days, a date word, --date with a range, half a range, sites and a region, a grouping, a format', async () => {
    const usage = async (args: string[], message: string) => {
      const run = await harness.washops(['kpis', ...args]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
    };
    await usage(['--from', TO, '--to', FROM], 'The last day comes before the first.');
    await usage(['--date', '2026-02-30'], '--date must be yesterday, today or a day written YYYY-MM-DD');
    await usage(['--date', 'tomorrow'], '--date must be yesterday, today or a day written YYYY-MM-DD');
    await usage(['--date', TO, '--from', FROM, '--to', TO], 'give --date, or --from and --to, not both.');
    await usage(['--from', FROM], 'give both --from and --to, or neither');
    await usage(['--date', TO, '--sites', 'NILES', '--region', 'WashU Illinois'], 'Name sites or a region, not both.');
    await usage(['--date', TO, '--sites', 'NOWHERE', '--demo'], 'Unknown site: NOWHERE.');
    await usage(['--date', TO, '--group-by', 'year'], "argument 'year' is invalid");
    await usage(['--date', TO, '--format', 'xml'], "argument 'xml' is invalid");
  });

  it('help shows the options and examples', async () => {
    const help = await harness.washops(['kpis', '--help']);
    expect(help.code).toBe(0);
    for (const option of ['--date', '--from', '--to', '--sites', '--region', '--group-by', '--partial', '--format']) expect(help.stdout).toContain(option);
    expect(help.stdout).toContain('Examples:\n  washops kpis\n');
    const root = await harness.washops(['--help']);
    expect(root.stdout).toContain('kpis');
  });
});
