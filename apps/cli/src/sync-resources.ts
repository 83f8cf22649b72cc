import type { ResourceStatus, ResourceWindowEvent, WarehouseSync } from '@washops/operations';
import { terminalSafe } from './bulk-format.js';

/** How often `sync resources --wait` reads the ledger. */
const WAIT_POLL_MS = 500;

/** One stderr line per resource window a worker finished. */
export function windowLine(event: ResourceWindowEvent): string {
  const { key } = event;
  const where = `${key.resource}${key.scope ? ` ${terminalSafe(key.scope)}` : ''} ${key.windowStart}..${key.windowEnd}`;
  if (event.kind === 'done') return `${where}: done, ${event.records} records\n`;
  if (event.kind === 'released') return `${where}: handed back unfinished (queued again)\n`;
  return `${where}: failed (${event.code}: ${terminalSafe(event.message.split('\n')[0] ?? '')})${event.willRetry ? ', will retry' : ''}\n`;
}

/** Per resource: its windows by state, records, and whether the range is covered (and as of when). */
export function resourceStatusText(statuses: readonly ResourceStatus[]): string {
  const rows = statuses.map((s) => {
    const count = (state: string) => s.windows.filter((w) => w.state === state).length;
    const records = s.windows.reduce((n, w) => n + (w.records ?? 0), 0);
    const covered = s.coverage.complete ? `covered, synced ${s.coverage.syncedAt?.toISOString() ?? ''}` : `${s.coverage.missingDays.length} day(s) not covered`;
    return [s.resource, String(count('done')), String(count('pending') + count('running')), String(count('failed')), String(records), covered];
  });
  const header = ['resource', 'done', 'waiting', 'failed', 'records', 'coverage'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}

/** Waits until no window of the range is pending or running (or the stop), and returns the last status. */
export async function waitForResources(sync: WarehouseSync, range: { from: string; to: string; resources?: readonly string[] }, stop: AbortSignal): Promise<ResourceStatus[]> {
  for (;;) {
    const statuses = await sync.resources.status(range);
    const waiting = statuses.some((s) => s.windows.some((w) => w.state === 'pending' || w.state === 'running'));
    if (!waiting || stop.aborted) return statuses;
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}
