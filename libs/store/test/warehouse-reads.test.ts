import { ValidationError } from '@washops/shared-errors';
import { expect, it } from 'vitest';
import type { WarehouseTransaction } from '../src/index.js';
import { describeEachBackend, useStore } from './harness.js';
import { makeSiteDay, makeTransaction } from './fixtures/warehouse-data.js';

const at = (iso: string) => new Date(iso);

describeEachBackend('warehouse reads', (backend) => {
  const store = useStore(backend);

  it('coverage follows the local day across a DST change: the fall-back day runs 25 hours', async () => {
    const w = store().warehouse;
    await w.upsertSites([{ siteCode: 'NY1', siteId: 1, name: 'New York', timeZone: 'America/New_York', regionCode: null }]);
    await w.replaceSiteDay({ siteCode: 'NY1', day: '2026-11-01', timeZone: 'America/New_York', vendorTotal: 0, transactions: [] }, at('2026-11-02T09:00:00Z'));
    // 2026-11-01 in New York: 04:00Z (EDT midnight) to 05:00Z next day (EST midnight).
    const sunday = await w.coverage({ siteCodes: ['NY1'], from: at('2026-11-01T04:00:00Z'), to: at('2026-11-02T04:30:00Z') });
    expect(sunday).toEqual({ complete: true, syncedAt: at('2026-11-02T09:00:00Z'), missing: [], missingCount: 0 });
    const intoMonday = await w.coverage({ siteCodes: ['NY1'], from: at('2026-11-01T04:00:00Z'), to: at('2026-11-02T05:00:00Z') });
    expect(intoMonday).toEqual({ complete: false, syncedAt: null, missing: [{ siteCode: 'NY1', day: '2026-11-02' }], missingCount: 1 });
    const fromSaturday = await w.coverage({ siteCodes: ['NY1'], from: at('2026-11-01T03:59:59Z'), to: at('2026-11-01T12:00:00Z') });
    expect(fromSaturday.missing).toEqual([{ siteCode: 'NY1', day: '2026-10-31' }]);
  });

  it('a synced site-day stays covered while its re-sync waits or after the re-sync failed; one never synced is missing', async () => {
    const w = store().warehouse;
    await w.upsertSites([{ siteCode: 'CHI', siteId: 1, name: 'Chicago', timeZone: 'America/Chicago', regionCode: null }]);
    await w.replaceSiteDay({ siteCode: 'CHI', day: '2026-06-10', timeZone: 'America/Chicago', vendorTotal: 0, transactions: [] }, at('2026-06-11T09:00:00Z'));
    const day = { siteCodes: ['CHI'], from: at('2026-06-10T05:00:00Z'), to: at('2026-06-11T04:59:59Z') };
    await w.ensureUnits([{ siteCode: 'CHI', day: '2026-06-10' }, { siteCode: 'CHI', day: '2026-06-11' }], { resync: true });
    expect(await w.coverage(day)).toEqual({ complete: true, syncedAt: at('2026-06-11T09:00:00Z'), missing: [], missingCount: 0 });
    await w.failUnit({ siteCode: 'CHI', day: '2026-06-10' }, { code: 'API_ERROR', message: 'the Data API failed' });
    expect((await w.coverage(day)).complete).toBe(true);
    const nextDay = await w.coverage({ ...day, to: at('2026-06-11T12:00:00Z') });
    expect(nextDay).toMatchObject({ complete: false, missing: [{ siteCode: 'CHI', day: '2026-06-11' }] });
  });

  it('coverage reads each site in its own zone, and a site with no zone on record in UTC', async () => {
    const w = store().warehouse;
    await w.upsertSites([
      { siteCode: 'TYO', siteId: 1, name: 'Tokyo', timeZone: 'Asia/Tokyo', regionCode: null },
      { siteCode: 'LAX', siteId: 2, name: 'Los Angeles', timeZone: 'America/Los_Angeles', regionCode: null },
    ]);
    const empty = (siteCode: string, day: string) => w.replaceSiteDay({ siteCode, day, timeZone: 'UTC', vendorTotal: 0, transactions: [] }, at(`${day}T23:00:00Z`));
    await empty('TYO', '2026-06-11');
    await empty('LAX', '2026-06-10');
    await empty('UNK', '2026-06-10');
    // 2026-06-10T16:00Z–20:00Z: Tokyo's June 11 (01:00–05:00 JST), Los Angeles' June 10, UTC's June 10.
    const range = { from: at('2026-06-10T16:00:00Z'), to: at('2026-06-10T20:00:00Z') };
    expect(await w.coverage({ ...range, siteCodes: ['TYO', 'LAX', 'UNK'] })).toEqual({ complete: true, syncedAt: at('2026-06-10T23:00:00Z'), missing: [], missingCount: 0 });
    // All known sites when none are named (the sites list): 14:00Z is still June 10 in Tokyo.
    const earlier = await w.coverage({ from: at('2026-06-10T14:00:00Z'), to: at('2026-06-10T16:00:00Z') });
    expect(earlier).toMatchObject({ complete: false, missing: [{ siteCode: 'TYO', day: '2026-06-10' }], missingCount: 1 });
    const unit = await w.ensureUnits([{ siteCode: 'LAX', day: '2026-06-10' }], { resync: true });
    expect(unit).toHaveLength(1);
    // Its synced version stays served while the re-sync waits.
    expect((await w.coverage({ ...range, siteCodes: ['LAX'] })).complete).toBe(true);
  });

  it('pages in (completed, id) order with an opaque cursor: every row once, the total counted, children loaded', async () => {
    const w = store().warehouse;
    const clash = at('2026-03-02T10:00:00Z');
    const rows: WarehouseTransaction[] = [];
    for (const site of ['S01', 'S02', 'S03']) {
      const day = makeSiteDay(site, '2026-03-02', 40);
      // Many rows share one instant, so the id must break ties.
      day.transactions.forEach((t, i) => {
        if (i % 3 === 0) t.completedAt = clash;
      });
      rows.push(...day.transactions);
      await w.replaceSiteDay(day);
    }
    await w.replaceSiteDay(makeSiteDay('S01', '2026-03-05', 10, 500));
    const query = { from: at('2026-03-02T00:00:00Z'), to: at('2026-03-02T23:59:59Z') };
    const seen: WarehouseTransaction[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof w.listTransactions>> = await w.listTransactions({ ...query, cursor, limit: 7 });
      expect(page.total).toBe(120);
      seen.push(...page.rows);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(120 / 7));
    const order = (t: WarehouseTransaction) => `${t.completedAt.toISOString()} ${t.id}`;
    expect(seen.map(order)).toEqual(rows.map(order).sort());
    expect(new Set(seen.map((t) => t.id)).size).toBe(120);
    const byId = new Map(rows.map((t) => [t.id, t]));
    for (const t of seen) expect(t).toEqual(byId.get(t.id));

    const siteTwo = await w.listTransactions({ ...query, siteCodes: ['S02'], limit: 1000 });
    expect(siteTwo).toMatchObject({ total: 40, nextCursor: null });
    expect(siteTwo.rows.every((t) => t.siteCode === 'S02')).toBe(true);
  });

  it('refuses a cursor it did not give out and a limit out of range', async () => {
    const w = store().warehouse;
    const query = { from: at('2026-03-02T00:00:00Z'), to: at('2026-03-02T23:59:59Z') };
    await expect(w.listTransactions({ ...query, cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(ValidationError);
    await expect(w.listTransactions({ ...query, limit: 1001 })).rejects.toBeInstanceOf(ValidationError);
    expect(await w.listTransactions(query)).toEqual({ rows: [], nextCursor: null, total: 0 });
  });

  it('streams every matching transaction in completed order, a batch at a time', async () => {
    const w = store().warehouse;
    await w.replaceSiteDay(makeSiteDay('S01', '2026-03-02', 230));
    await w.replaceSiteDay(makeSiteDay('S02', '2026-03-02', 30, 1_000));
    await w.replaceSiteDay({ siteCode: 'S01', day: '2026-03-03', timeZone: 'UTC', vendorTotal: 1, transactions: [makeTransaction({ siteCode: 'S01', day: '2026-03-03', record: 9_999, completedAt: at('2026-03-03T01:00:00Z') })] });
    const batches: WarehouseTransaction[][] = [];
    for await (const batch of w.streamTransactions({ from: at('2026-03-02T00:00:00Z'), to: at('2026-03-02T23:59:59Z'), siteCodes: ['S01'] }, 100)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 30]);
    const times = batches.flat().map((t) => t.completedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(batches.flat().every((t) => t.siteCode === 'S01' && t.day === '2026-03-02')).toBe(true);
  });
});
