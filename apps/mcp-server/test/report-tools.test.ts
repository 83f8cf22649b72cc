import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ToolDefinition } from '../src/tool.js';
import { comparePeriods } from '../src/tools/compare-periods.js';
import { hourlyReport } from '../src/tools/hourly-report.js';
import { membershipReport } from '../src/tools/membership-report.js';
import { mixReport } from '../src/tools/mix-report.js';
import { salesReport } from '../src/tools/sales-report.js';
import { staffReport } from '../src/tools/staff-report.js';
import { tenderReport } from '../src/tools/tender-report.js';
import { fakeReports, SAMPLE_DATA } from './fake-reports.js';
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

/** What a tool answers in structuredContent, as its output schema types it. */
type Out<T extends { outputSchema: z.ZodType }> = z.output<T['outputSchema']>;

const week = { from: '2026-11-16', to: '2026-11-22' };
const REPORT_TOOLS = [
  { tool: salesReport, kind: 'sales' },
  { tool: mixReport, kind: 'mix' },
  { tool: membershipReport, kind: 'memberships' },
  { tool: tenderReport, kind: 'tenders' },
  { tool: hourlyReport, kind: 'hours' },
  { tool: staffReport, kind: 'staff' },
] as const;
const REPORT_NAMES = ['sales_report', 'mix_report', 'membership_report', 'tender_report', 'hourly_report', 'staff_report', 'compare_periods'];

describe('the report tools are there only with a reports service', () => {
  it('registers all seven, read-only and closed-world, in read-only mode too, each saying to check sync_status; without the service, none', async () => {
    const client = await clientOver({ reports: fakeReports().reports, warehouse: fakeWarehouse().services }, true);
    const { tools } = await client.listTools();
    await client.close();
    const reports = tools.filter((tool) => REPORT_NAMES.includes(tool.name));
    expect(reports.map((tool) => tool.name).sort()).toEqual([...REPORT_NAMES].sort());
    for (const tool of reports) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      for (const words of ['sync_status', 'at most 366', "site's local days"]) expect(tool.description).toContain(words);
      expect(tool.outputSchema).toBeDefined();
      expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain('kind');
    }
    const without = await clientOver({ warehouse: fakeWarehouse().services });
    expect((await without.listTools()).tools.map((tool) => tool.name)).not.toContain('sales_report');
    await without.close();
  });
});

describe.each(REPORT_TOOLS)('$tool.name', ({ tool, kind }) => {
  it('answers with the service\'s report of its own kind: scope, whole coverage, money in cents and dollars, the summary and coverage line as text', async () => {
    const { reports, calls } = fakeReports();
    const client = await clientOver({ reports });
    const result = await call(client, tool.name, { ...week, sites: ['niles', 'LOMBARD'], groupBy: 'site' });
    await client.close();
    const out = structured<Record<string, unknown>>(result);
    expect(calls).toEqual([{ kind, ...week, sites: ['niles', 'LOMBARD'], groupBy: 'site' }]);
    // What a client reads is what the tool promised.
    expect(() => (tool as unknown as ToolDefinition).outputSchema.parse(out)).not.toThrow();
    expect(out).toMatchObject({
      scope: { ...week, siteCodes: ['niles', 'LOMBARD'], region: null, groupBy: 'site' },
      coverage: { siteDays: 14, synced: 14, complete: true, syncedAt: '2026-11-23T05:00:00.000Z', missingCount: 0, missing: [] },
      partial: false,
      summary: `Headline of ${kind}: $2,534.70 over 200 transactions.`,
    });
    expect(textOf(result)).toBe(
      `Headline of ${kind}: $2,534.70 over 200 transactions.\nCoverage: all 14 site-days of 2026-11-16 to 2026-11-22 are synced (oldest sync 2026-11-23T05:00:00.000Z).`,
    );
  });

  it('refuses a range not wholly synced with what is missing and where to go: sync_status, an admin\'s backfill, or allowPartial', async () => {
    const missing = Array.from({ length: 7 }, (_, index) => ({ siteCode: 'LOMBARD', day: `2026-11-${16 + index}` }));
    const client = await clientOver({ reports: fakeReports({ missing }).reports });
    const refused = await call(client, tool.name, week);
    const partial = await call(client, tool.name, { ...week, allowPartial: true });
    await client.close();
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    const text = textOf(refused);
    expect(text).toMatch(/^RANGE_NOT_SYNCED: 7 of 14 site-days of 2026-11-16 to 2026-11-22 are not synced \(missing: LOMBARD 2026-11-16, LOMBARD 2026-11-17, .*, …\)\./);
    for (const words of ['Call sync_status with the same from, to and sites', 'ask an admin to backfill', 'washops sync backfill', 'allowPartial: true']) {
      expect(text).toContain(words);
    }
    const out = structured<{ partial: boolean; coverage: { missingCount: number; complete: boolean } }>(partial);
    expect(out).toMatchObject({ partial: true, coverage: { missingCount: 7, complete: false } });
    expect(textOf(partial)).toContain('PARTIAL: only 7 of 14 site-days of 2026-11-16 to 2026-11-22 are synced; the figures leave out 7 (LOMBARD 2026-11-16');
  });

  it('refuses what the service would refuse before asking it: a reversed or too long range, sites and a region, a kind, a day that does not exist', async () => {
    const { reports, calls } = fakeReports();
    const client = await clientOver({ reports });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ from: '2026-11-22', to: '2026-11-16' }, 'The last day comes before the first.'],
      [{ from: '2025-01-01', to: '2026-11-22' }, 'A report covers at most 366 days'],
      [{ ...week, sites: ['NILES'], region: 'Illinois' }, 'Name sites or a region, not both.'],
      [{ ...week, kind: 'staff' }, 'kind'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'expected a calendar day'],
      [{ ...week, groupBy: 'city' }, 'groupBy'],
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

describe('what each report tool shows of its figures', () => {
  async function outOf<T>(name: string, args: Record<string, unknown> = week): Promise<T> {
    const client = await clientOver({ reports: fakeReports().reports });
    const result = await call(client, name, args);
    await client.close();
    return structured<T>(result);
  }

  it('sales_report: rows per period, each group against the previous period, totals; the period is passed on', async () => {
    const { reports, calls } = fakeReports();
    const client = await clientOver({ reports });
    const out = structured<Out<typeof salesReport>>(await call(client, 'sales_report', { ...week, period: 'week', region: 'Illinois', groupBy: 'region' }));
    await client.close();
    expect(calls[0]).toMatchObject({ kind: 'sales', period: 'week', region: 'Illinois', groupBy: 'region' });
    expect(out.rows[0]).toEqual({ group: 'NILES', period: '2026-11-16', transactions: 120, revenue: { cents: 154_350, dollars: '$1,543.50' }, averageTicket: { cents: 1286, dollars: '$12.86' } });
    expect(out.rowsOmitted).toBe(0);
    expect(out.groups[0]).toMatchObject({ previous: { transactions: 100, revenue: { dollars: '$1,400.00' } }, revenueChange: 0.1025, transactionsChange: 0.2 });
    expect(out.groups[1]).toMatchObject({ group: 'LOMBARD', previous: null, revenueChange: null });
    expect(out.totals).toMatchObject({ group: 'All sites', revenue: { cents: 253_470, dollars: '$2,534.70' } });
    expect(out.previous).toEqual(SAMPLE_DATA.sales.previous);
  });

  it('sales_report keeps a year of days × sites to a size a model reads, saying how many rows it left out', async () => {
    const many = Array.from({ length: 1500 }, (_, index) => ({ group: `S${index % 5}`, period: '2026-01-01', transactions: 1, revenueCents: 100, averageTicketCents: 100 }));
    const { reports } = fakeReports();
    const run = reports.run.bind(reports);
    reports.run = (async (request: Parameters<typeof run>[0]) => {
      const result = await run(request);
      return { ...result, data: { ...(result.data as typeof SAMPLE_DATA.sales), rows: many } };
    }) as typeof reports.run;
    const client = await clientOver({ reports });
    const out = structured<{ rows: unknown[]; rowsOmitted: number }>(await call(client, 'sales_report', week));
    await client.close();
    expect(out.rows).toHaveLength(1000);
    expect(out.rowsOmitted).toBe(500);
  });

  it('mix_report: types (returns negative), departments and top items', async () => {
    const out = await outOf<Out<typeof mixReport>>('mix_report');
    expect(out.categories[1]).toEqual({ group: 'NILES', category: 'house-account', transactions: 3, revenue: { cents: -1500, dollars: '-$15.00' } });
    expect(out.departments[0]).toEqual({ group: 'NILES', department: 'Wash', quantity: 104, transactions: 100, net: { cents: 118_800, dollars: '$1,188.00' } });
    expect(out.topItems[0]).toEqual({ name: 'Best Wash', department: 'Wash', quantity: 60, net: { cents: 89_940, dollars: '$899.40' } });
  });

  it('membership_report: plan sales and redemptions, the v2 counts, the members\' share and membership revenue', async () => {
    const out = await outOf<Out<typeof membershipReport>>('membership_report');
    expect(out.rows[0]).toMatchObject({ recurringSales: 4, planSales: 3, v2Known: 90, memberShare: 0.35, membershipRevenue: { cents: 45_085, dollars: '$450.85' } });
    expect(out.rows[0]).not.toHaveProperty('membershipRevenueCents');
    expect(out.totals).toMatchObject({ group: 'All sites', washes: 100, memberWashes: 35 });
  });

  it('tender_report, hourly_report and staff_report', async () => {
    const tenders = await outOf<Out<typeof tenderReport>>('tender_report');
    expect(tenders.rows[0]).toEqual({ group: 'NILES', tender: 'Cash', tenderSubType: null, count: 40, amount: { cents: 60_000, dollars: '$600.00' }, change: { cents: 1250, dollars: '$12.50' }, share: 0.4 });
    const hours = await outOf<Out<typeof hourlyReport>>('hourly_report');
    expect(hours.cells).toEqual([{ dayOfWeek: 1, hour: 9, transactions: 14, revenue: { cents: 19_950, dollars: '$199.50' } }]);
    const staff = await outOf<Out<typeof staffReport>>('staff_report');
    expect(staff.rows[0]).toEqual({ group: 'NILES', employee: 'Pat', role: 'cashier', transactions: 50, revenue: { cents: 65_000, dollars: '$650.00' }, membershipSales: 3, averageTicket: { cents: 1300, dollars: '$13.00' } });
  });
});

describe('compare_periods', () => {
  it('puts both ranges side by side per group with the changes as fractions, a group sold in one range only included', async () => {
    const { reports, calls } = fakeReports();
    const client = await clientOver({ reports });
    const result = await call(client, 'compare_periods', { current: week, sites: ['NILES', 'LOMBARD'] });
    await client.close();
    const out = structured<Out<typeof comparePeriods>>(result);
    expect(() => comparePeriods.outputSchema.parse(out)).not.toThrow();
    expect(calls).toEqual([{ current: week, sites: ['NILES', 'LOMBARD'] }]);
    expect(out.totals).toEqual({ revenueChange: (253_470 - 140_000) / 140_000, transactionsChange: 1, averageTicketChange: (1267 - 1400) / 1400 });
    expect(out.groups).toEqual([
      {
        group: 'NILES',
        current: { transactions: 120, revenue: { cents: 154_350, dollars: '$1,543.50' }, averageTicket: { cents: 1286, dollars: '$12.86' } },
        previous: { transactions: 100, revenue: { cents: 140_000, dollars: '$1,400.00' }, averageTicket: { cents: 1400, dollars: '$14.00' } },
        revenueChange: 0.1025,
        transactionsChange: 0.2,
        averageTicketChange: (1286 - 1400) / 1400,
      },
      {
        group: 'LOMBARD',
        current: { transactions: 80, revenue: { cents: 99_120, dollars: '$991.20' }, averageTicket: { cents: 1239, dollars: '$12.39' } },
        previous: null,
        revenueChange: null,
        transactionsChange: null,
        averageTicketChange: null,
      },
    ]);
    expect(out.previous).toMatchObject({ scope: { from: '2026-11-09', to: '2026-11-15' }, totals: { transactions: 100 } });
    expect(textOf(result)).toBe(
      'Revenue rose 81.1 % to $2,534.70.\n' +
        'Current: Coverage: all 14 site-days of 2026-11-16 to 2026-11-22 are synced (oldest sync 2026-11-23T05:00:00.000Z).\n' +
        'Previous: Coverage: all 14 site-days of 2026-11-09 to 2026-11-15 are synced (oldest sync 2026-11-23T05:00:00.000Z).',
    );
  });

  it('refuses a reversed range, sites with a region, and a range not synced with where to go', async () => {
    const { reports, calls } = fakeReports();
    const client = await clientOver({ reports });
    const reversed = await call(client, 'compare_periods', { current: { from: '2026-11-22', to: '2026-11-16' } });
    const both = await call(client, 'compare_periods', { current: week, sites: ['NILES'], region: 'Illinois' });
    await client.close();
    expect(textOf(reversed)).toContain('The last day comes before the first.');
    expect(textOf(both)).toContain('Name sites or a region, not both.');
    expect(calls).toHaveLength(0);
    const unsynced = await clientOver({ reports: fakeReports({ missing: [{ siteCode: 'NILES', day: '2026-11-16' }] }).reports });
    const refused = await call(unsynced, 'compare_periods', { current: week });
    await unsynced.close();
    expect(textOf(refused)).toMatch(/^RANGE_NOT_SYNCED: .*\(missing: NILES 2026-11-16\)\. Call sync_status/);
  });
});
