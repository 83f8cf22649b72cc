import type { SyncStatus } from '@washops/operations';
import type { SyncUnit } from '@washops/store';
import { describe, expect, it } from 'vitest';
import { backfillSummary, countsLine, LEGEND, statusText } from '../src/sync-format.js';

function unit(siteCode: string, day: string, state: SyncUnit['state'], records: number | null = null): SyncUnit {
  return {
    siteCode,
    day,
    state,
    records,
    vendorTotal: records,
    syncedAt: state === 'done' ? new Date('2026-11-21T05:00:00Z') : null,
    attempts: state === 'failed' ? 3 : 1,
    error: state === 'failed' ? 'The Data API answered 500\nwith more lines' : null,
    errorCode: state === 'failed' ? 'API_ERROR' : null,
    updatedAt: new Date('2026-11-21T05:00:00Z'),
  };
}

function status(units: SyncUnit[], paused = false): SyncStatus {
  const count = (state: SyncUnit['state']) => units.filter((u) => u.state === state).length;
  return {
    from: '2026-11-19',
    to: '2026-11-21',
    siteCodes: ['NILES', 'LOMBARD'],
    days: ['2026-11-19', '2026-11-20', '2026-11-21'],
    units,
    counts: { done: count('done'), running: count('running'), pending: count('pending'), failed: count('failed'), records: units.reduce((s, u) => s + (u.records ?? 0), 0) },
    paused,
    budget: { key: 'demo', requests: 20, windowMs: 15_000, inUse: 7, pausedUntil: null },
    queue: { queued: 1, active: 1 },
    nightly: { cron: '30 4 * * *', timeZone: 'UTC', resyncDays: 3 },
  };
}

describe('the sync status as text', () => {
  const units = [unit('NILES', '2026-11-19', 'done', 1200), unit('NILES', '2026-11-20', 'running'), unit('NILES', '2026-11-21', 'failed'), unit('LOMBARD', '2026-11-19', 'pending')];

  it('draws sites × days with one letter per state, a dot for a site-day never asked for, and the legend', () => {
    const lines = statusText(status(units)).split('\n');
    expect(lines[1]).toMatch(/^SITE\s+11-19\s+11-20\s+11-21\s+RECORDS$/);
    expect(lines[2]).toMatch(/^NILES\s+D\s+R\s+F\s+1200$/);
    expect(lines[3]).toMatch(/^LOMBARD\s+P\s+\.\s+\.\s+0$/);
    expect(lines).toContain(`Legend: ${LEGEND}`);
  });

  it('counts every state, the never-asked and the records; shows the budget in use, the queue and the switch', () => {
    const text = statusText(status(units, true));
    expect(countsLine(status(units))).toBe('1 done, 1 running, 1 pending, 1 failed, 2 not asked for (6 site-days); 1,200 records');
    expect(text).toContain('Budget: 7 of 20 requests in use per 15 s window');
    expect(text).toContain('queue: 1 waiting, 1 in hand');
    expect(text).toContain('PAUSED');
    expect(statusText(status(units))).toContain('Running.');
  });

  it('lists the failed site-days with their error (first line) and the retry command', () => {
    const text = statusText(status(units));
    expect(text).toContain('  NILES 2026-11-21: API_ERROR The Data API answered 500 with more lines (attempts: 3)');
    expect(text).toContain('washops sync retry --from 2026-11-19 --to 2026-11-21');
  });

  it('sums up a backfill, pointing to the status when some failed', () => {
    expect(backfillSummary(status([unit('NILES', '2026-11-19', 'done', 5)]))).toBe('Synced 1 site-day of 6 (5 records).');
    expect(backfillSummary(status(units))).toContain('1 failed: washops sync status --from 2026-11-19 --to 2026-11-21 shows why.');
  });
});
