import { InternalError } from '@washops/shared-errors';
import { expect, it } from 'vitest';
import { describeEachBackend, useStoreAndSql } from './harness.js';
import { makeSiteDay } from './fixtures/warehouse-data.js';

/** The constraint that refused a statement (the driver's error sits under the query builder's). */
async function refusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const constraint = (e as { constraint?: unknown }).constraint;
      const message = e instanceof Error ? e.message : '';
      if (typeof constraint === 'string') return constraint;
      if (message.includes('violates check constraint')) return /"([^"]+)"\s*$/.exec(message)?.[1];
    }
    return 'another error';
  }
  return undefined;
}

interface CountRow {
  n: string | number;
}

describeEachBackend('warehouse site-days', (backend) => {
  const { store, exec } = useStoreAndSql(backend);

  async function count(statement: string): Promise<number> {
    const result = (await exec(statement)) as { rows: CountRow[] };
    return Number(result.rows[0]?.n);
  }

  it('syncing a site-day twice keeps one copy of each transaction and its children, and marks the unit done', async () => {
    const data = makeSiteDay('S01', '2026-03-02', 1_234);
    const children = (list: 'tenders' | 'items' | 'discounts') => data.transactions.reduce((n, t) => n + t[list].length, 0);
    expect(await store().warehouse.replaceSiteDay(data)).toEqual({ records: 1_234 });
    expect(await store().warehouse.replaceSiteDay(data, new Date('2026-03-03T05:00:00Z'))).toEqual({ records: 1_234 });
    expect(await count(`select count(*) n from wh_transactions`)).toBe(1_234);
    expect(await count(`select count(distinct id) n from wh_transactions`)).toBe(1_234);
    expect(await count(`select count(*) n from wh_tenders`)).toBe(children('tenders'));
    expect(await count(`select count(*) n from wh_items`)).toBe(children('items'));
    expect(await count(`select count(*) n from wh_discounts`)).toBe(children('discounts'));
    const [unit] = await store().warehouse.units({ from: '2026-03-02', to: '2026-03-02' });
    expect(unit).toMatchObject({ siteCode: 'S01', day: '2026-03-02', state: 'done', records: 1_234, vendorTotal: 1_234, syncedAt: new Date('2026-03-03T05:00:00Z'), error: null });
    const stored = await store().warehouse.getTransaction(data.transactions[10]?.id as string);
    expect(stored).toEqual(data.transactions[10]);
  });

  it('a new version of a site-day replaces the old one whole: rows the vendor no longer lists are gone', async () => {
    await store().warehouse.replaceSiteDay(makeSiteDay('S01', '2026-03-02', 50));
    await store().warehouse.replaceSiteDay(makeSiteDay('S02', '2026-03-02', 5));
    await store().warehouse.replaceSiteDay(makeSiteDay('S01', '2026-03-02', 20, 1_000));
    expect(await count(`select count(*) n from wh_transactions where site_code = 'S01'`)).toBe(20);
    expect(await count(`select count(*) n from wh_transactions where site_code = 'S01' and number < 1000`)).toBe(0);
    expect(await count(`select count(*) n from wh_transactions where site_code = 'S02'`)).toBe(5);
  });

  it('a transaction the vendor now lists under another day moves there, stored once', async () => {
    await store().warehouse.replaceSiteDay(makeSiteDay('S01', '2026-03-02', 10));
    const next = makeSiteDay('S01', '2026-03-03', 3, 9);
    await store().warehouse.replaceSiteDay(next);
    expect(await count(`select count(*) n from wh_transactions where id = '9:S01'`)).toBe(1);
    expect((await store().warehouse.getTransaction('9:S01'))?.day).toBe('2026-03-03');
    expect(await count(`select count(*) n from wh_transactions`)).toBe(11);
    expect(await count(`select count(*) n from wh_tenders where transaction_id = '9:S01'`)).toBe(next.transactions[0]?.tenders.length);
  });

  it('a write that fails part-way through a site-day leaves the previous version whole', async () => {
    const before = makeSiteDay('S01', '2026-03-02', 30);
    await store().warehouse.replaceSiteDay(before, new Date('2026-03-03T01:00:00Z'));
    const broken = makeSiteDay('S01', '2026-03-02', 2_500, 5_000);
    // Past the first statements' worth of rows: the earlier batches were already inserted when this one is refused.
    const late = broken.transactions[2_200];
    if (!late?.tenders[0]) throw new Error('fixture has a tender');
    late.tenders[0].cardLastFour = '4111111111111111';
    await expect(store().warehouse.replaceSiteDay(broken)).rejects.toBeInstanceOf(InternalError);
    expect(await count(`select count(*) n from wh_transactions`)).toBe(30);
    expect(await count(`select count(*) n from wh_transactions where number >= 5000`)).toBe(0);
    expect(await store().warehouse.getTransaction(before.transactions[29]?.id as string)).toEqual(before.transactions[29]);
    const [unit] = await store().warehouse.units({ from: '2026-03-02', to: '2026-03-02' });
    expect(unit).toMatchObject({ state: 'done', records: 30, syncedAt: new Date('2026-03-03T01:00:00Z') });
  });

  it('the tenders table refuses a card number longer than its last four digits', async () => {
    await store().warehouse.replaceSiteDay(makeSiteDay('S01', '2026-03-02', 1));
    const insert = (digits: string) => exec(`insert into wh_tenders (transaction_id, position, tender, amount_cents, change_cents, total_cents, card_last_four) values ('1:S01', 9, 'Credit', 100, 0, 100, '${digits}')`);
    expect(await refusal(insert('4111111111111111'))).toBe('wh_tenders_card_last_four_check');
    expect(await refusal(insert('12a4'))).toBe('wh_tenders_card_last_four_check');
    await expect(insert('1234')).resolves.toBeDefined();
  });

  it('keeps the v2 fields as the vendor gave them: null when left out, the value when present', async () => {
    const data = makeSiteDay('S01', '2026-03-02', 2);
    const [first, second] = data.transactions;
    if (!first || !second) throw new Error('two transactions');
    Object.assign(second, { isRecurringPlanSale: true, isRecurringPlanRedemption: false, transactionStatus: 'Completed' });
    await store().warehouse.replaceSiteDay(data);
    expect(await store().warehouse.getTransaction(first.id)).toMatchObject({ isRecurringPlanSale: null, isRecurringPlanRedemption: null, transactionStatus: null });
    expect(await store().warehouse.getTransaction(second.id)).toMatchObject({ isRecurringPlanSale: true, isRecurringPlanRedemption: false, transactionStatus: 'Completed' });
    expect(await store().warehouse.getTransaction('nope:S01')).toBeNull();
  });

  it('sums count and money per site-day from the stored rows', async () => {
    const a = makeSiteDay('S01', '2026-03-02', 40);
    const b = makeSiteDay('S02', '2026-03-03', 7, 100);
    await store().warehouse.replaceSiteDay(a);
    await store().warehouse.replaceSiteDay(b);
    const sum = (d: typeof a) => d.transactions.reduce((n, t) => n + t.totalCents, 0);
    expect(await store().warehouse.siteDaySummaries({ from: '2026-03-01', to: '2026-03-31' })).toEqual([
      { siteCode: 'S01', day: '2026-03-02', count: 40, totalCents: sum(a) },
      { siteCode: 'S02', day: '2026-03-03', count: 7, totalCents: sum(b) },
    ]);
    expect(await store().warehouse.siteDaySummaries({ from: '2026-03-01', to: '2026-03-31', siteCodes: ['S02'] })).toHaveLength(1);
  });

  it('keeps the sites with their zones, an empty zone as UTC', async () => {
    await store().warehouse.upsertSites([
      { siteCode: 'S02', siteId: 2, name: 'Two', timeZone: '', regionCode: null },
      { siteCode: 'S01', siteId: 1, name: 'One', timeZone: 'America/Chicago', regionCode: 'R1' },
    ]);
    await store().warehouse.upsertSites([{ siteCode: 'S01', siteId: 1, name: 'One renamed', timeZone: 'America/Denver', regionCode: 'R1' }]);
    expect(await store().warehouse.listSites()).toEqual([
      { siteCode: 'S01', siteId: 1, name: 'One renamed', timeZone: 'America/Denver', regionCode: 'R1' },
      { siteCode: 'S02', siteId: 2, name: 'Two', timeZone: 'UTC', regionCode: null },
    ]);
  });
});
