import { expect, it } from 'vitest';
import { describeEachBackend, useStoreAndSql } from './harness.js';
import { makeSiteDay } from './fixtures/warehouse-data.js';

const key = (siteCode: string, day: string) => ({ siteCode, day });

describeEachBackend('warehouse sync ledger', (backend) => {
  const { store, exec } = useStoreAndSql(backend);

  it('ensures units once, and a resync sets done and failed ones back to pending', async () => {
    const w = store().warehouse;
    expect(await w.ensureUnits([key('S01', '2026-03-02'), key('S01', '2026-03-01'), key('S01', '2026-03-01')])).toEqual([key('S01', '2026-03-01'), key('S01', '2026-03-02')]);
    await w.replaceSiteDay(makeSiteDay('S01', '2026-03-01', 3));
    await w.failUnit(key('S01', '2026-03-02'), { code: 'UPSTREAM', message: 'the job failed' });
    await w.ensureUnits([key('S01', '2026-03-03')]);
    expect(await w.ensureUnits([key('S01', '2026-03-01'), key('S01', '2026-03-02'), key('S01', '2026-03-03')])).toEqual([key('S01', '2026-03-03')]);
    expect(await w.ensureUnits([key('S01', '2026-03-01'), key('S01', '2026-03-02')], { resync: true })).toEqual([key('S01', '2026-03-01'), key('S01', '2026-03-02')]);
    const units = await w.units({ from: '2026-03-01', to: '2026-03-03' });
    expect(units.map((u) => [u.day, u.state, u.error])).toEqual([
      ['2026-03-01', 'pending', null],
      ['2026-03-02', 'pending', null],
      ['2026-03-03', 'pending', null],
    ]);
  });

  it('a month of a 40-site chain is ensured, released and resynced in one call each (1,240 site-days)', async () => {
    const w = store().warehouse;
    const keys = Array.from({ length: 40 }, (_, s) => Array.from({ length: 31 }, (_, d) => key(`S${String(s).padStart(2, '0')}`, `2026-10-${String(d + 1).padStart(2, '0')}`))).flat();
    expect(await w.ensureUnits(keys)).toHaveLength(keys.length);
    expect(await Promise.all(keys.slice(0, 3).map((k) => w.claimUnit(k)))).toEqual([true, true, true]);
    expect(await w.releaseUnits(keys)).toBe(3);
    await w.failUnit(keys[1200] as (typeof keys)[number], { code: 'UPSTREAM', message: 'the job failed' });
    expect(await w.ensureUnits(keys)).toHaveLength(keys.length - 1);
    expect(await w.ensureUnits(keys, { resync: true })).toHaveLength(keys.length);
  });

  it('a claim is taken by one worker only, counts an attempt, and is refused once done', async () => {
    const w = store().warehouse;
    await w.ensureUnits([key('S01', '2026-03-02')]);
    const claims = await Promise.all([w.claimUnit(key('S01', '2026-03-02')), w.claimUnit(key('S01', '2026-03-02'))]);
    expect(claims.sort()).toEqual([false, true]);
    expect((await w.units({ from: '2026-03-02', to: '2026-03-02' }))[0]).toMatchObject({ state: 'running', attempts: 1 });
    await w.replaceSiteDay(makeSiteDay('S01', '2026-03-02', 2));
    expect(await w.claimUnit(key('S01', '2026-03-02'))).toBe(false);
    expect(await w.claimUnit(key('S09', '2026-03-02'))).toBe(false);
  });

  it('a failed unit can be claimed again; a running one only when its claim is stale', async () => {
    const w = store().warehouse;
    await w.ensureUnits([key('S01', '2026-03-02'), key('S01', '2026-03-03')]);
    expect(await w.claimUnit(key('S01', '2026-03-02'))).toBe(true);
    await w.failUnit(key('S01', '2026-03-02'), { code: 'UPSTREAM', message: 'boom' });
    expect((await w.units({ from: '2026-03-02', to: '2026-03-02' }))[0]).toMatchObject({ state: 'failed', errorCode: 'UPSTREAM', error: 'boom' });
    expect(await w.claimUnit(key('S01', '2026-03-02'))).toBe(true);
    expect((await w.units({ from: '2026-03-02', to: '2026-03-02' }))[0]).toMatchObject({ state: 'running', attempts: 2 });

    expect(await w.claimUnit(key('S01', '2026-03-03'))).toBe(true);
    expect(await w.claimUnit(key('S01', '2026-03-03'))).toBe(false);
    // A claim younger than a site-day job's 30-minute expiry is a live worker's, however slow.
    await exec(`update wh_sync_units set claimed_at = now() - interval '31 minutes' where day = '2026-03-03'`);
    expect(await w.claimUnit(key('S01', '2026-03-03'))).toBe(false);
    await exec(`update wh_sync_units set claimed_at = now() - interval '41 minutes' where day = '2026-03-03'`);
    expect(await w.claimUnit(key('S01', '2026-03-03'))).toBe(true);
    expect((await w.units({ from: '2026-03-03', to: '2026-03-03' }))[0]).toMatchObject({ state: 'running', attempts: 2 });
  });

  it('releases running units back to pending, all of them or the ones named', async () => {
    const w = store().warehouse;
    const keys = [key('S01', '2026-03-01'), key('S01', '2026-03-02'), key('S02', '2026-03-02')];
    await w.ensureUnits(keys);
    for (const k of keys) await w.claimUnit(k);
    expect(await w.releaseUnits([key('S02', '2026-03-02')])).toBe(1);
    expect(await w.releaseUnits([])).toBe(0);
    expect(await w.units({ from: '2026-03-01', to: '2026-03-02', states: ['running'] })).toHaveLength(2);
    expect(await w.releaseUnits()).toBe(2);
    expect(await w.units({ from: '2026-03-01', to: '2026-03-02', states: ['pending'] })).toHaveLength(3);
  });

  it('counts units per state with the records synced, filtered by days and sites', async () => {
    const w = store().warehouse;
    await w.ensureUnits([key('S01', '2026-03-01'), key('S01', '2026-03-02'), key('S02', '2026-03-02'), key('S02', '2026-04-01')]);
    await w.replaceSiteDay(makeSiteDay('S01', '2026-03-01', 12));
    await w.replaceSiteDay(makeSiteDay('S02', '2026-03-02', 5, 100));
    await w.claimUnit(key('S01', '2026-03-02'));
    expect(await w.unitCounts({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ pending: 0, running: 1, done: 2, failed: 0, records: 17 });
    expect(await w.unitCounts({ from: '2026-03-01', to: '2026-04-30', siteCodes: ['S02'] })).toEqual({ pending: 1, running: 0, done: 1, failed: 0, records: 5 });
  });

  it('the pause switch is one row, set from anywhere', async () => {
    const w = store().warehouse;
    expect(await w.control()).toEqual({ paused: false, changedBy: null, changedAt: null });
    expect(await w.setPaused(true, 'ada')).toMatchObject({ paused: true, changedBy: 'ada' });
    expect(await w.control()).toMatchObject({ paused: true, changedBy: 'ada', changedAt: expect.any(Date) });
    await w.setPaused(false, 'bob');
    expect(await w.control()).toMatchObject({ paused: false, changedBy: 'bob' });
  });
});
