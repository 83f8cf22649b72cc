import type { SyncStatusView } from '@washops/portal-api';
import { describe, expect, it } from 'vitest';
import { gridOf, localDay, progressOf, scheduleText } from './view';

const status = {
  from: '2026-01-01',
  to: '2026-01-02',
  siteCodes: ['FIESTA', 'CENT'],
  days: ['2026-01-01', '2026-01-02'],
  units: [
    { siteCode: 'CENT', day: '2026-01-02', state: 'failed', records: null, syncedAt: null, attempts: 3, error: 'boom', errorCode: 'X' },
    { siteCode: 'FIESTA', day: '2026-01-01', state: 'done', records: 5, syncedAt: '2026-01-03T00:00:00.000Z', attempts: 1, error: null, errorCode: null },
  ],
  counts: { pending: 1, running: 0, done: 1, failed: 1, records: 5 },
  paused: false,
  budget: { key: 'demo', requests: 20, windowMs: 15_000, inUse: 0, pausedUntil: null },
  queue: { queued: 0, active: 0 },
  nightly: { cron: '30 4 * * *', timeZone: 'UTC', resyncDays: 3 },
} as SyncStatusView;

describe('the Data sync view', () => {
  it('lays the ledger out site by site and day by day, a cell without a unit being none', () => {
    const grid = gridOf(status);
    expect(grid.map((row) => row.siteCode)).toEqual(['FIESTA', 'CENT']);
    expect(grid[0]!.cells.map((cell) => cell.unit?.state ?? null)).toEqual(['done', null]);
    expect(grid[1]!.cells.map((cell) => cell.unit?.state ?? null)).toEqual([null, 'failed']);
  });

  it('counts progress over the units asked for, working while any is pending or running', () => {
    expect(progressOf(status)).toEqual({ done: 1, total: 3, working: true });
    expect(progressOf({ ...status, counts: { ...status.counts, pending: 0 } }).working).toBe(false);
  });

  it('says a daily cron in words and any other as it is', () => {
    expect(scheduleText('30 4 * * *', 'UTC', 3)).toContain('every day at 04:30 (UTC)');
    expect(scheduleText('0 */6 * * *', 'UTC', 2)).toContain('"0 */6 * * *"');
  });

  it('names local days from today', () => {
    expect(localDay(-1, new Date(2026, 0, 1, 12))).toBe('2025-12-31');
    expect(localDay(0, new Date(2026, 0, 1, 0, 5))).toBe('2026-01-01');
  });
});
