import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { syncHarness } from './sync-harness.js';

const harness = syncHarness();
/** Two days a week back. */
const FROM = harness.dayBack(8);
const TO = harness.dayBack(7);

describe('bad input is refused before anything is opened or queued', () => {
  it('a day that is not YYYY-MM-DD, a reversed or too long range: usage errors (2) naming the option', async () => {
    const badDay = await harness.washops(['sync', 'backfill', '--from', '2026-02-30', '--to', '2026-03-01']);
    expect(badDay.code).toBe(2);
    expect(badDay.stderr).toContain('--from must be a day written YYYY-MM-DD');
    const reversed = await harness.washops(['sync', 'backfill', '--from', '2026-03-02', '--to', '2026-03-01', '--wait']);
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain('--to (2026-03-01) is before --from (2026-03-02)');
    const tooLong = await harness.washops(['sync', 'status', '--from', '2024-01-01', '--to', '2026-03-01']);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('at most 366');
    const badConcurrency = await harness.washops(['sync', 'worker', '--concurrency', '0']);
    expect(badConcurrency.code).toBe(2);
    expect(badConcurrency.stderr).toContain('--concurrency must be a whole number from 1 to 16');
    expect(existsSync(harness.dataDir())).toBe(false);
    expect(harness.api().control.requests()).toHaveLength(0);
  });

  it('an unconfigured Data API names the variables to set (never a value) and suggests --demo: exit 2', async () => {
    const run = await harness.washops(['sync', 'backfill', '--from', FROM, '--to', TO], { DATA_API_ID: '', DATA_API_KEY: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/DATA_API_ID: .*\n {2}DATA_API_KEY: /);
    expect(run.stderr).toContain('--demo');
    const bad = await harness.washops(['sync', 'status', '--from', FROM, '--to', TO], { DATA_API_TIME_SCALE: 'fast' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('DATA_API_TIME_SCALE must be a number');
    expect(existsSync(harness.dataDir())).toBe(false);
  });
});
