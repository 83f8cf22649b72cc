import type { SyncStatusView } from '@washops/portal-api';
import { dayOf } from '../transactions/range';

/** A day `offset` days from today in the browser's zone, as `YYYY-MM-DD`. */
export function localDay(offset = 0, now: Date = new Date()): string {
  return dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
}

export type UnitState = SyncStatusView['units'][number]['state'] | 'never';

/** How each state reads and looks: a word and a symbol as well as a colour, so colour is never the only cue. */
export const STATE_LOOK: Record<UnitState, { label: string; symbol: string }> = {
  done: { label: 'Synced', symbol: '✓' },
  running: { label: 'Syncing', symbol: '↻' },
  pending: { label: 'Queued', symbol: '…' },
  failed: { label: 'Failed', symbol: '✕' },
  never: { label: 'Not asked for', symbol: '·' },
};

/** The grid: one row per site, one cell per day, each with the ledger's unit or none. */
export function gridOf(status: SyncStatusView) {
  const units = new Map(status.units.map((unit) => [`${unit.siteCode}|${unit.day}`, unit]));
  return status.siteCodes.map((siteCode) => ({
    siteCode,
    cells: status.days.map((day) => ({ day, unit: units.get(`${siteCode}|${day}`) ?? null })),
  }));
}

/** Site-days of the range that are settled (done) out of those asked for, for the progress bar. */
export function progressOf(status: SyncStatusView): { done: number; total: number; working: boolean } {
  const { pending, running, done, failed } = status.counts;
  return { done, total: pending + running + done + failed, working: pending + running > 0 || status.queue.queued + status.queue.active > 0 };
}

/** `m h * * *` in words ("every day at 04:30"); any other cron as it is. */
export function scheduleText(cron: string, timeZone: string, resyncDays: number): string {
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron.trim());
  const when = daily ? `every day at ${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')}` : `on the schedule "${cron}"`;
  return `Yesterday for every site ${when} (${timeZone}), and the ${resyncDays} days before it again, to catch late changes.`;
}
