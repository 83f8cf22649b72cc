import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { systemClock } from '@washops/client-core';
import { syncHarness } from './sync-harness.js';

// A worker runs in a child process here, on the system clock: so does the simulator.
const harness = syncHarness({ clock: systemClock });
const bin = fileURLToPath(new URL('../bin/washops.mjs', import.meta.url));
/** Two days a week back (the backfill takes the first; the status reads both, one never asked for). */
const FROM = harness.dayBack(8);
const TO = harness.dayBack(7);

interface StatusJson {
  counts: { done: number; pending: number; running: number; failed: number; records: number };
  units: { siteCode: string; day: string; state: string; records: number | null; vendorTotal: number | null }[];
  paused: boolean;
  budget: { requests: number; inUse: number };
}

describe('a backfill over the simulator', () => {
  const sites = () => harness.api().control.sites().slice(0, 2).map((site) => site.code);

  it('backfill --wait fills the warehouse, with progress lines and a summary; status reports it; again queues nothing', async () => {
    const backfill = await harness.washops(['sync', 'backfill', '--from', FROM, '--to', FROM, '--sites', sites().join(','), '--wait', '--concurrency', '2']);
    expect(backfill.stderr + backfill.stdout).toContain('Synced 2 site-days of 2');
    expect(backfill.code).toBe(0);
    expect(backfill.stdout).toContain('Queued 2 of 2 site-days (2 sites × 1 day)');
    expect(backfill.stderr).toMatch(/progress: 2\/2 site-days done, 0 failed, \d+ records/);

    const json = await harness.washops(['sync', 'status', '--from', FROM, '--to', TO, '--sites', sites().join(','), '--json']);
    expect(json.code).toBe(0);
    const status = JSON.parse(json.stdout) as StatusJson;
    expect(status.counts).toMatchObject({ done: 2, pending: 0, running: 0, failed: 0 });
    expect(status.counts.records).toBeGreaterThan(100);
    expect(status.units.map((unit) => unit.state)).toEqual(['done', 'done']);
    for (const unit of status.units) expect(unit.records).toBeGreaterThan(0);
    expect(status.units.reduce((sum, unit) => sum + (unit.records ?? 0), 0)).toBe(status.counts.records);
    expect(status.budget.requests).toBe(20);

    const table = await harness.washops(['sync', 'status', '--from', FROM, '--to', TO, '--sites', sites().join(',')]);
    expect(table.stdout).toMatch(new RegExp(`^${sites()[0]}\\s+D\\s+\\.\\s+\\d+$`, 'm'));
    expect(table.stdout).toContain('2 done, 0 running, 0 pending, 0 failed, 2 not asked for (4 site-days)');

    const again = await harness.washops(['sync', 'backfill', '--from', FROM, '--to', FROM, '--sites', sites().join(',')]);
    expect(again.stdout).toContain('Queued 0 of 2 site-days');
  });

  it('pause and resume flip the switch every worker reads; status shows it', async () => {
    expect((await harness.washops(['sync', 'pause'])).stdout).toContain('Paused');
    const paused = await harness.washops(['sync', 'status', '--from', FROM, '--to', FROM, '--sites', sites()[0]!]);
    expect(paused.stdout).toContain('PAUSED');
    expect((await harness.washops(['sync', 'resume'])).stdout).toContain('Resumed');
    const running = await harness.washops(['sync', 'status', '--from', FROM, '--to', FROM, '--sites', sites()[0]!, '--json']);
    expect((JSON.parse(running.stdout) as StatusJson).paused).toBe(false);
  });

  it('a worker process works what a backfill queued, a line per site-day, and stops cleanly on SIGTERM', async () => {
    const [site] = sites().slice(1);
    const queued = await harness.washops(['sync', 'backfill', '--from', harness.dayBack(9), '--to', harness.dayBack(9), '--sites', site!]);
    expect(queued.stdout).toContain('Queued 1 of 1 site-day (1 site × 1 day)');
    const child = spawn(process.execPath, [bin, 'sync', 'worker', '--no-schedule', '--concurrency', '1'], {
      env: { ...process.env, ...harness.env(), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!signalled && stderr.includes(`${site} ${harness.dayBack(9)}: done`)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    harness.seen(stderr);
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(new RegExp(`${site} ${harness.dayBack(9)}: done, \\d+ records`));
    expect(stderr).toContain('Worker stopped.');
    const status = await harness.washops(['sync', 'status', '--from', harness.dayBack(9), '--to', harness.dayBack(9), '--sites', site!, '--json']);
    expect((JSON.parse(status.stdout) as StatusJson).units).toMatchObject([{ siteCode: site, day: harness.dayBack(9), state: 'done' }]);
  });

  it('retry of a range without failures says so', async () => {
    const retry = await harness.washops(['sync', 'retry', '--from', FROM, '--to', TO]);
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`No failed site-days from ${FROM} to ${TO}.`);
  });
});
