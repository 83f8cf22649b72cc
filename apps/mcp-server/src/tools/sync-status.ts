import type { SyncStatus } from '@washops/operations';
import { z } from 'zod';
import { checkDayRange, localDay, siteCodesInput } from '../schemas/warehouse.js';
import { warehouseOf } from '../services.js';
import { defineTool } from '../tool.js';

/** Failed site-days listed in an answer (the count is always complete). */
const FAILED_SHOWN = 50;

const stateCounts = {
  done: z.number().int(),
  running: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  notRequested: z.number().int().describe('site-days never asked for'),
};

function countsOf(states: readonly string[], total: number) {
  const count = (state: string) => states.filter((s) => s === state).length;
  const counted = { done: count('done'), running: count('running'), pending: count('pending'), failed: count('failed') };
  return { ...counted, notRequested: Math.max(0, total - states.length) };
}

type Counts = ReturnType<typeof countsOf> & { siteDays: number };

/** What to do next, in plain words, for the range as it stands. */
function nextStep(status: Pick<SyncStatus, 'from' | 'to' | 'paused'>, counts: Counts): string {
  const range = `--from ${status.from} --to ${status.to}`;
  const steps: string[] = [];
  const { done, pending, running, failed, notRequested } = counts;
  if (counts.siteDays === 0) {
    return `The warehouse knows no sites yet: nothing has been synced. Start a backfill from the portal's Data sync page or with \`washops sync backfill ${range}\`; until then list_transactions and load_transaction_job read the live Data API.`;
  }
  if (status.paused) steps.push("The sync is PAUSED: workers take nothing new until someone resumes it (the portal's Data sync page, or `washops sync resume`).");
  if (failed > 0) steps.push(`${failed} site-day(s) failed (see failed): retry them from the Data sync page or with \`washops sync retry ${range}\`.`);
  if (notRequested > 0) steps.push(`${notRequested} site-day(s) were never asked for: start a backfill from the Data sync page or with \`washops sync backfill ${range}\`.`);
  if (pending + running > 0) steps.push(`${pending + running} site-day(s) are queued or being synced${status.paused ? '' : ': call sync_status again in a few minutes'}.`);
  if (steps.length === 0) return `Every site-day of the range is synced (${done}): query_transactions answers it from the warehouse.`;
  steps.push('Until then, query_transactions answers only wholly synced ranges; list_transactions and load_transaction_job read the live Data API.');
  return steps.join(' ');
}

export const syncStatus = defineTool({
  name: 'sync_status',
  area: 'warehouse',
  title: 'Warehouse sync status',
  description:
    "Shows how much of a range of days the WashOps warehouse holds: per site-day state (done, running, pending, failed, never asked for) from the sync's ledger, " +
    'counts per site, whether the sync is paused, the Data API request budget in use (shared by every worker, the portal and this server), and what to do next. ' +
    "Days are each site's local days, YYYY-MM-DD. Read-only: backfills, pauses and retries are started from the portal or the washops command line.",
  inputSchema: z.object({
    from: localDay.describe('First local day, YYYY-MM-DD'),
    to: localDay.describe('Last local day, YYYY-MM-DD (inclusive; at most 366 days)'),
    sites: siteCodesInput,
  }),
  outputSchema: z.object({
    from: z.string(),
    to: z.string(),
    siteDays: z.number().int().describe('sites × days of the range'),
    counts: z.object({ ...stateCounts, records: z.number().int().describe('transactions stored for the range') }),
    sites: z.array(z.object({ siteCode: z.string(), ...stateCounts, records: z.number().int(), lastSyncedAt: z.string().nullable() })),
    failed: z.array(z.object({ siteCode: z.string(), day: z.string(), errorCode: z.string().nullable(), error: z.string().nullable(), attempts: z.number().int() })),
    paused: z.boolean(),
    budget: z.object({
      inUse: z.number().int(),
      requests: z.number().int().describe('the Data API allows this many per window'),
      windowSeconds: z.number(),
      pausedUntil: z.string().nullable().describe('the API asked every client to wait until then (a 429)'),
    }),
    queue: z.object({ queued: z.number().int(), active: z.number().int() }),
    nightly: z.object({ cron: z.string(), timeZone: z.string(), resyncDays: z.number().int() }),
    nextStep: z.string(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ from, to, sites }, services) {
    checkDayRange(from, to);
    const status = await warehouseOf(services).status({ from, to, ...(sites ? { siteCodes: sites } : {}) });
    const siteDays = status.siteCodes.length * status.days.length;
    const all = countsOf(status.units.map((unit) => unit.state), siteDays);
    const perSite = status.siteCodes.map((siteCode) => {
      const units = status.units.filter((unit) => unit.siteCode === siteCode);
      const synced = units.flatMap((unit) => (unit.syncedAt ? [unit.syncedAt.getTime()] : []));
      return {
        siteCode,
        ...countsOf(units.map((unit) => unit.state), status.days.length),
        records: units.reduce((sum, unit) => sum + (unit.records ?? 0), 0),
        lastSyncedAt: synced.length ? new Date(Math.max(...synced)).toISOString() : null,
      };
    });
    const failed = status.units.filter((unit) => unit.state === 'failed');
    return {
      from: status.from,
      to: status.to,
      siteDays,
      counts: { ...all, records: status.counts.records },
      sites: perSite,
      failed: failed.slice(0, FAILED_SHOWN).map((unit) => ({ siteCode: unit.siteCode, day: unit.day, errorCode: unit.errorCode, error: unit.error, attempts: unit.attempts })),
      paused: status.paused,
      budget: {
        inUse: status.budget.inUse,
        requests: status.budget.requests,
        windowSeconds: status.budget.windowMs / 1000,
        pausedUntil: status.budget.pausedUntil?.toISOString() ?? null,
      },
      queue: status.queue,
      nightly: status.nightly,
      nextStep: nextStep(status, { ...all, siteDays }),
    };
  },
  render: (out) => {
    const { done, running, pending, failed, notRequested, records } = out.counts;
    const head =
      `${out.from} to ${out.to}, ${out.sites.length} site(s): ${done} of ${out.siteDays} site-days synced, ${running} running, ${pending} pending, ` +
      `${failed} failed, ${notRequested} never asked for; ${records} records. ${out.paused ? 'PAUSED. ' : ''}` +
      `Budget: ${out.budget.inUse} of ${out.budget.requests} requests in use per ${out.budget.windowSeconds} s.`;
    const sites = out.sites.slice(0, 30).map((s) => `- ${s.siteCode}: ${s.done} done, ${s.pending + s.running} queued, ${s.failed} failed, ${s.notRequested} not asked; ${s.records} records`);
    return [head, ...sites, out.nextStep].join('\n');
  },
});
