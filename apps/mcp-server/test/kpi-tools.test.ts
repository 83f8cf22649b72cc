import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ToolDefinition } from '../src/tool.js';
import { cohortRetention } from '../src/tools/cohort-retention.js';
import { kpiSummary } from '../src/tools/kpi-summary.js';
import { laborReport } from '../src/tools/labor-report.js';
import { membershipChurn } from '../src/tools/membership-churn.js';
import { fakeKpis, SAMPLE_MEMBERSHIPS } from './fake-kpis.js';
import { fakeWarehouse } from './fake-warehouse.js';
import { clientOver, structured, textOf } from './mcp-harness.js';

/** The tool's answer; input the schema refuses comes back as an error result or a protocol error, both refusals. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: (error as Error).message }] };
  }
}

type Out<T extends { outputSchema: z.ZodType }> = z.output<T['outputSchema']>;

const week = { from: '2026-11-16', to: '2026-11-22' };
const KPI_TOOLS = [
  { tool: kpiSummary as unknown as ToolDefinition, method: 'summary' },
  { tool: membershipChurn as unknown as ToolDefinition, method: 'memberships' },
  { tool: cohortRetention as unknown as ToolDefinition, method: 'memberships' },
  { tool: laborReport as unknown as ToolDefinition, method: 'summary' },
] as const;
const KPI_NAMES = KPI_TOOLS.map(({ tool }) => tool.name);

async function outOf<T>(name: string, args: Record<string, unknown> = week): Promise<{ out: T; text: string }> {
  const client = await clientOver({ kpis: fakeKpis().kpis });
  const result = await call(client, name, args);
  await client.close();
  return { out: structured<T>(result), text: textOf(result) };
}

describe('the tools of the operator\'s numbers are there only with the numbers\' service', () => {
  it('registers them read-only, idempotent and closed-world, in read-only mode too, with input and output schemas; without the service, none', async () => {
    const client = await clientOver({ kpis: fakeKpis().kpis }, true);
    const { tools } = await client.listTools();
    await client.close();
    const kpis = tools.filter((tool) => KPI_NAMES.includes(tool.name));
    expect(kpis.map((tool) => tool.name).sort()).toEqual([...KPI_NAMES].sort());
    for (const tool of kpis) {
      expect(tool.title).toBeTruthy();
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      for (const words of ['sync_status', 'at most 366', "site's local days", 'allowPartial', 'cents and as dollars']) expect(tool.description).toContain(words);
      expect(tool.outputSchema).toBeDefined();
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(['allowPartial', 'from', 'groupBy', 'region', 'sites', 'to']);
    }
    const without = await clientOver({ warehouse: fakeWarehouse().services });
    const names = (await without.listTools()).tools.map((tool) => tool.name);
    await without.close();
    for (const name of KPI_NAMES) expect(names).not.toContain(name);
  });
});

describe.each(KPI_TOOLS)('$tool.name', ({ tool, method }) => {
  it('passes the request on, answers what its output schema promises: scope, coverage and freshness, the summary and coverage line as text', async () => {
    const { kpis, calls } = fakeKpis();
    const client = await clientOver({ kpis });
    const result = await call(client, tool.name, { ...week, sites: ['niles', 'LOMBARD'], groupBy: 'week' });
    await client.close();
    const out = structured<Record<string, unknown>>(result);
    expect(calls).toEqual([{ method, request: { ...week, sites: ['niles', 'LOMBARD'], groupBy: 'week' } }]);
    expect(() => tool.outputSchema.parse(out)).not.toThrow();
    expect(out).toMatchObject({
      scope: { ...week, siteCodes: ['niles', 'LOMBARD'], region: null, groupBy: 'week' },
      coverage: { complete: true, syncedAt: '2026-11-23T05:00:00.000Z', transactions: { siteDays: 14, synced: 14, complete: true }, resources: [{ resource: 'memberships', complete: true }, { resource: 'clock-entries', complete: true }] },
      partial: false,
    });
    const text = textOf(result);
    expect(text.split('\n')[0]).toBe(out['summary']);
    expect(text).toMatch(/\nCoverage: 2026-11-16 to 2026-11-22 is synced whole for every source read \(oldest sync 2026-11-23T05:00:00.000Z\)\.$/);
  });

  it('refuses a range not wholly synced, naming what is missing and the backfill; with allowPartial answers marked partial', async () => {
    const resourcesMissing = await clientOver({ kpis: fakeKpis({ missing: ['memberships', 'clock-entries'] }).kpis });
    const refused = await call(resourcesMissing, tool.name, week);
    await resourcesMissing.close();
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    const text = textOf(refused);
    expect(text).toMatch(/^RANGE_NOT_SYNCED: The warehouse does not hold 2026-11-16 to 2026-11-22 whole for memberships \(first missing day 2026-11-20\), clock-entries /);
    for (const words of ['washops sync resources backfill --from 2026-11-16 --to 2026-11-22', 'Ask an admin to backfill those resources', 'allowPartial: true']) expect(text).toContain(words);
    const transactionsMissing = await clientOver({ kpis: fakeKpis({ missingTransactions: 2 }).kpis });
    const refusedTx = textOf(await call(transactionsMissing, tool.name, week));
    await transactionsMissing.close();
    expect(refusedTx).toMatch(/^RANGE_NOT_SYNCED: 2 of 14 site-days of 2026-11-16 to 2026-11-22 are not synced/);
    for (const words of ['Call sync_status with the same from, to and sites', 'washops sync backfill', 'allowPartial: true']) expect(refusedTx).toContain(words);
    const client = await clientOver({ kpis: fakeKpis({ missing: ['memberships', 'clock-entries'], missingTransactions: 2 }).kpis });
    const partial = await call(client, tool.name, { ...week, allowPartial: true });
    await client.close();
    const out = structured<{ partial: boolean; summary: string; coverage: { complete: boolean; resources: Array<{ complete: boolean }> } }>(partial);
    expect(out.partial).toBe(true);
    expect(out.coverage.complete).toBe(false);
    expect(out.summary).toMatch(/^Partial: /);
    expect(textOf(partial)).toContain('PARTIAL: the warehouse does not hold all of 2026-11-16 to 2026-11-22 (transactions: 2 of 14 site-days missing; memberships: first missing day 2026-11-20; clock-entries: first missing day 2026-11-20)');
  });

  it('refuses what the service would refuse before asking it: a reversed or too long range, sites and a region, an unknown grouping; an unknown site as the service says', async () => {
    const { kpis, calls } = fakeKpis();
    const client = await clientOver({ kpis });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ from: '2026-11-22', to: '2026-11-16' }, 'The last day comes before the first.'],
      [{ from: '2025-01-01', to: '2026-11-22' }, 'at most 366 days'],
      [{ ...week, sites: ['NILES'], region: 'Illinois' }, 'Name sites or a region, not both.'],
      [{ ...week, groupBy: 'city' }, 'groupBy'],
      [{ ...week, kind: 'sales' }, 'kind'],
    ];
    for (const [args, words] of cases) {
      const result = await call(client, tool.name, args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toContain(words);
    }
    const unknownSite = await call(client, tool.name, { ...week, sites: ['NOSUCH'] });
    await client.close();
    expect(textOf(unknownSite)).toMatch(/^VALIDATION_ERROR: Unknown site: NOSUCH\./);
    expect(calls).toHaveLength(1);
  });
});

describe('what each tool shows of the numbers', () => {
  it('kpi_summary: cars, sales, memberships sold, conversion and labor per group, money in cents and dollars, the totals summed then divided', async () => {
    const { out, text } = await outOf<Out<typeof kpiSummary>>('kpi_summary');
    expect(out.rows.map((row) => row.group)).toEqual(['NILES', 'LOMBARD']);
    expect(out.rows[0]).toMatchObject({
      cars: 120,
      memberCars: 30,
      eligibleCars: 80,
      sales: { cents: 180_000, dollars: '$1,800.00' },
      averageTicket: { cents: 1800, dollars: '$18.00' },
      newMemberships: 4,
      conversion: 0.05,
      renewalRevenue: { cents: 39_990, dollars: '$399.90' },
      laborHours: 84.5,
      laborCost: { cents: 126_750, dollars: '$1,267.50' },
      laborCostPerCar: { cents: 1056, dollars: '$10.56' },
    });
    expect(out.rows[0]).not.toHaveProperty('salesCents');
    expect(out.totals).toMatchObject({ group: 'Total', cars: 160, sales: { cents: 230_000, dollars: '$2,300.00' }, newMemberships: 4, conversion: 4 / 120, laborHours: 124.5 });
    expect(out.totals.laborShareOfSales).toBeCloseTo(186_750 / 230_000);
    expect(text).toContain('NILES: 120 cars (30 member), sales $1,800.00, 4 new memberships, conversion 5.0 %, labor 70.4 % of sales, $10.56 a car.');
    expect(text).toContain('Total: 160 cars (30 member), sales $2,300.00, 4 new memberships, conversion 3.3 %, labor 81.2 % of sales, $11.67 a car.');
  });

  it('membership_churn: churn per month split voluntary and involuntary, retention, and the active members to quote', async () => {
    const { out, text } = await outOf<Out<typeof membershipChurn>>('membership_churn');
    expect(out.months).toEqual(SAMPLE_MEMBERSHIPS.churn);
    expect(out.activeMembers).toEqual([{ group: 'NILES', day: '2026-11-22', active: 203 }]);
    expect(out.activeByDay).toHaveLength(2);
    expect(out.activeByDayOmitted).toBe(0);
    expect(text).toContain('NILES 2026-10: 200 active at the start, churn 5.0 % (voluntary 6, 3.0 %; involuntary 4, 2.0 %), retention 95.0 %, 12 joined, 202 active at the end.');
    expect(text).toContain('NILES 2026-11: 0 active at the start, churn n/a');
    expect(text).toContain('NILES: 203 active members at the end of 2026-11-22.');
  });

  it('cohort_retention: the grid of join month × plan with the share still active each later month', async () => {
    const { out, text } = await outOf<Out<typeof cohortRetention>>('cohort_retention');
    expect(out.cohorts).toEqual(SAMPLE_MEMBERSHIPS.cohorts);
    expect(out.cohortsOmitted).toBe(0);
    expect(text).toContain('NILES, Best Wash Unlimited, joined 2026-10: 10 members; still active 2026-10 100.0 %, 2026-11 80.0 %.');
  });

  it('labor_report: hours regular and overtime, cost, % of sales, cost per car, cars per hour, open shifts and modified punches, with totals', async () => {
    const { out, text } = await outOf<Out<typeof laborReport>>('labor_report');
    expect(out.rows[0]).toEqual({
      group: 'NILES',
      shifts: 14,
      regularHours: 80,
      overtimeHours: 4.5,
      laborHours: 84.5,
      laborCost: { cents: 126_750, dollars: '$1,267.50' },
      sales: { cents: 180_000, dollars: '$1,800.00' },
      laborShareOfSales: 126_750 / 180_000,
      cars: 120,
      laborCostPerCar: { cents: 1056, dollars: '$10.56' },
      carsPerLaborHour: 120 / 84.5,
      openShifts: 1,
      modifiedPunches: 2,
    });
    expect(out.totals).toMatchObject({ group: 'Total', shifts: 21, laborHours: 124.5, laborCost: { cents: 186_750 }, openShifts: 1, modifiedPunches: 2 });
    expect(text).toContain('NILES: 84.5 labor hours (4.5 overtime), cost $1,267.50, 70.4 % of sales, $10.56 a car, 1.4 cars a labor hour; 1 open shifts, 2 modified punches.');
    expect(text).toContain('Total: 124.5 labor hours');
  });
});
