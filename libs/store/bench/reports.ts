import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ReportScope, Store } from '../src/index.js';
import { reportDays } from '../src/reports/schema.js';
import { scopeFilter } from '../src/reports/scope.js';

/** Runs of each report over the whole scope. */
export const REPORT_RUNS = 20;
const TARGET_P95_MS = 1_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Each report as the channels call it: the figures, and the coverage a report states beside them. */
function reportRuns(store: Store, scope: ReportScope): [string, () => Promise<unknown>][] {
  const r = store.reports;
  const withCoverage = (run: () => Promise<unknown>) => () => Promise.all([r.coverage(scope), run()]);
  return [
    ['sales (by day)', withCoverage(() => r.sales(scope, 'day'))],
    ['sales (by week)', withCoverage(() => r.sales(scope, 'week'))],
    ['mix (+ top 20 items)', withCoverage(() => r.mix(scope))],
    ['memberships', withCoverage(() => r.memberships(scope))],
    ['tenders', withCoverage(() => r.tenders(scope))],
    ['hours', withCoverage(() => r.hours(scope))],
    ['staff', withCoverage(() => r.staff(scope))],
    ['discounts', withCoverage(() => r.discounts(scope))],
  ];
}

/** Where `explain` runs: the server's URL, or the embedded host's socket (README, "Embedded mode"). */
export type PlanEndpoint = { connectionString: string } | { host: string; port: number; user: string; database: string };

/** The planner's choice for the sales query, on its own short connection: it reads the rollup, never `wh_transactions`. */
async function salesPlan(endpoint: PlanEndpoint, scope: ReportScope): Promise<string[]> {
  const filter = scopeFilter(reportDays, { from: scope.from, to: scope.to, siteCodes: [...scope.siteCodes] });
  const query = new PgDialect().sqlToQuery(
    sql`explain select ${reportDays.siteCode}, sum(${reportDays.transactions}), sum(${reportDays.revenueCents}) from ${reportDays} where ${filter} group by 1`,
  );
  const client = new pg.Client(endpoint);
  await client.connect();
  try {
    const result = await client.query<{ 'QUERY PLAN': string }>(query.sql, query.params);
    return result.rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.end();
  }
}

export interface ReportBenchResult {
  name: string;
  p50: number;
  p95: number;
}

/**
 * Times every report over `scope` (`REPORT_RUNS` runs each), prints p50/p95 per report against the 1 s target,
 * and the plan of the sales query (explained over `plan`, a connection to the same database).
 */
export async function benchReports(store: Store, scope: ReportScope, plan: PlanEndpoint): Promise<ReportBenchResult[]> {
  const coverage = await store.reports.coverage(scope);
  const sales = await store.reports.sales(scope, 'month');
  const transactions = sales.reduce((n, row) => n + row.transactions, 0);
  console.log(
    `  reports over ${scope.from} … ${scope.to} × ${scope.siteCodes.length} sites: ${transactions.toLocaleString('en-US')} transactions, ` +
      `${coverage.synced}/${coverage.siteDays} site-days synced (complete: ${coverage.complete}); ${REPORT_RUNS} runs each, with coverage`,
  );
  const results: ReportBenchResult[] = [];
  for (const [name, run] of reportRuns(store, scope)) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < REPORT_RUNS; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const result = { name, p50: percentile(times, 50), p95: percentile(times, 95) };
    results.push(result);
    console.log(`    ${name.padEnd(22)} p50 ${result.p50.toFixed(0).padStart(5)} ms, p95 ${result.p95.toFixed(0).padStart(5)} ms ${result.p95 < TARGET_P95_MS ? '(< 1 s)' : '(OVER the 1 s target)'}`);
  }
  console.log('  plan of the sales query (rollup wh_report_days, not wh_transactions):');
  for (const line of await salesPlan(plan, scope)) console.log(`    ${line}`);
  return results;
}
