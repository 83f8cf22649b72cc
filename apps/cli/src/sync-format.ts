import type { SyncStatus } from '@washops/operations';
import type { SyncUnit } from '@washops/store';
import { terminalSafe } from './bulk-format.js';
import { minuteUtc, table } from './format.js';

/** One letter per site-day state in the status grid; a site-day never asked for is a dot. */
export const STATE_LETTERS = { done: 'D', running: 'R', pending: 'P', failed: 'F', never: '.' } as const;

export const LEGEND = 'D done  R running  P pending  F failed  . not asked for';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Site-days of the range: every site × every day, whether or not the ledger has them. */
export function unitsInRange(status: Pick<SyncStatus, 'siteCodes' | 'days'>): number {
  return status.siteCodes.length * status.days.length;
}

/** `12 done, 1 running, 3 pending, 0 failed, 4 not asked for (20 site-days); 8,123 records` */
export function countsLine(status: SyncStatus): string {
  const { done, running, pending, failed, records } = status.counts;
  const never = Math.max(0, unitsInRange(status) - done - running - pending - failed);
  return `${done} done, ${running} running, ${pending} pending, ${failed} failed, ${never} not asked for (${plural(unitsInRange(status), 'site-day')}); ${records.toLocaleString('en-US')} records`;
}

/** What the shared request budget and the switch say, in one line. */
export function controlLine(status: SyncStatus): string {
  const { inUse, requests, windowMs, pausedUntil } = status.budget;
  const backoff = pausedUntil && pausedUntil.getTime() > Date.now() ? `; the API asked to wait until ${minuteUtc(pausedUntil)}` : '';
  const queue = `queue: ${status.queue.queued} waiting, ${status.queue.active} in hand`;
  return `Budget: ${inUse} of ${requests} requests in use per ${windowMs / 1000} s window${backoff}. ${queue}. ${status.paused ? 'PAUSED: workers take nothing new (washops sync resume).' : 'Running.'}`;
}

/** `11-20`: a day as the grid's column heading. */
const shortDay = (day: string) => day.slice(5);

/**
 * The sites × days grid: one letter per site-day, a legend, the counts, the budget and the switch; failed site-days
 * are listed under it with their error.
 */
export function statusText(status: SyncStatus): string {
  const byKey = new Map(status.units.map((unit) => [`${unit.siteCode}|${unit.day}`, unit]));
  const letter = (site: string, day: string) => STATE_LETTERS[byKey.get(`${site}|${day}`)?.state ?? 'never'];
  const rows = [['SITE', ...status.days.map(shortDay), 'RECORDS']];
  for (const site of status.siteCodes) {
    const records = status.units.filter((unit) => unit.siteCode === site).reduce((sum, unit) => sum + (unit.records ?? 0), 0);
    rows.push([terminalSafe(site), ...status.days.map((day) => letter(site, day)), String(records)]);
  }
  const lines = [`Site-days ${status.from} to ${status.to} (local days of each site):`, table(rows), `Legend: ${LEGEND}`, countsLine(status), controlLine(status)];
  const failed = status.units.filter((unit) => unit.state === 'failed');
  if (failed.length > 0) {
    lines.push('Failed:', ...failed.slice(0, 20).map(failedLine));
    if (failed.length > 20) lines.push(`… and ${failed.length - 20} more (--json lists them all)`);
    lines.push(`Retry them with: washops sync retry --from ${status.from} --to ${status.to}`);
  }
  return `${lines.join('\n')}\n`;
}

function failedLine(unit: SyncUnit): string {
  return `  ${terminalSafe(unit.siteCode)} ${unit.day}: ${unit.errorCode ?? 'ERROR'} ${terminalSafe(unit.error ?? '')} (attempts: ${unit.attempts})`;
}

/** The status for scripts: the ledger rows with ISO times, the counts, the budget, the switch. */
export function statusJson(status: SyncStatus): string {
  return `${JSON.stringify({ ...status, neverAskedFor: Math.max(0, unitsInRange(status) - status.units.length) }, null, 2)}\n`;
}

/** After a `backfill --wait`: how the range ended. */
export function backfillSummary(status: SyncStatus): string {
  const { done, failed, records } = status.counts;
  const head = `Synced ${plural(done, 'site-day')} of ${unitsInRange(status)} (${records.toLocaleString('en-US')} records)`;
  return failed > 0 ? `${head}; ${failed} failed: washops sync status --from ${status.from} --to ${status.to} shows why.` : `${head}.`;
}
