import { describe, expect, it } from 'vitest';
import { SITES, TYPE_BIT } from './chain.js';
import { DAY_MS, DataStore } from './data-store.js';

const DAY = Date.UTC(2026, 9, 14); // a Wednesday
const site = (code: string) => SITES.find((s) => s.code === code)!;

describe('DataStore', () => {
  it('generates lazily and keeps at most `capacity` buckets, whatever the range', () => {
    const store = new DataStore('demo', 10);
    const q = { sites: SITES, startMs: DAY - 20 * DAY_MS, endMs: DAY - 1 };
    // Whole days are counted without generating a single transaction.
    const total = store.count(q);
    expect(total).toBeGreaterThan(20 * 20_000);
    expect(store.cachedBuckets).toBe(0);
    // Type lists and pages need the transactions: generated on demand, never more than `capacity` kept.
    expect(store.count({ ...q, typeBit: TYPE_BIT.wash })).toBeLessThan(total);
    expect(store.cachedBuckets).toBe(10);
    expect(store.page(q, 1000, 100)).toHaveLength(100);
    expect(store.cachedBuckets).toBe(10);
    // The cheap count and the generated transactions agree.
    const oneDay = { sites: [SITES[3]!], startMs: DAY - DAY_MS, endMs: DAY - 1 };
    const rows = [...Array(50).keys()].flatMap((p) => store.page(oneDay, p + 1, 100));
    expect(rows).toHaveLength(store.count(oneDay));
  });

  it('pages agree with the count and with each other, in list order', () => {
    const store = new DataStore('demo', 4);
    const q = { sites: [site('VALPO'), site('ECOM')], startMs: DAY + 18 * 3_600_000, endMs: DAY + 20 * 3_600_000, typeBit: TYPE_BIT.wash };
    const total = store.count(q);
    const rows = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((p) => store.page(q, p, 50));
    expect(rows).toHaveLength(total);
    const at = rows.map((r) => r.bucket.at[r.index]!);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const r of rows) expect(r.bucket.typeMask[r.index]! & TYPE_BIT.wash).toBeTruthy();
  });

  it('finds every listed transaction by id, with the same total, also after its bucket was evicted', () => {
    const store = new DataStore('demo', 1);
    const q = { sites: [site('NAPER')], startMs: DAY + 17 * 3_600_000, endMs: DAY + 18 * 3_600_000 };
    const rows = store.page(q, 1, 100).map((r) => store.listRow(r));
    store.count({ sites: [site('NILES')], startMs: DAY - DAY_MS, endMs: DAY - 1 }); // evicts NAPER's bucket
    for (const row of rows) {
      const found = store.find(row.transId)!;
      expect(store.listRow(found)).toEqual(row);
      expect(store.detail(found).total).toBe(row.total);
    }
    expect(store.find('12:1001')).toBeUndefined();
    expect(store.find('99999999999:1001')).toBeUndefined();
    expect(store.find('3000000:4242')).toBeUndefined();
    // Outside the served window: not found, and the day is never generated.
    const fresh = new DataStore('demo', 4);
    expect(fresh.find(rows[0]!.transId, { fromMs: DAY + DAY_MS, toMs: DAY + 2 * DAY_MS })).toBeUndefined();
    expect(fresh.cachedBuckets).toBe(0);
    expect(fresh.find(rows[0]!.transId, { fromMs: DAY, toMs: Date.parse(rows[0]!.date) - 1 })).toBeUndefined();
    expect(fresh.find(rows[0]!.transId, { fromMs: DAY, toMs: Date.parse(rows[0]!.date) })).toBeDefined();
  });

  it('is deterministic per seed', () => {
    const q = { sites: [site('JOLIET')], startMs: DAY, endMs: DAY + DAY_MS - 1 };
    const a = new DataStore('demo').page(q, 5, 100).map((r) => r.bucket.planSeed[r.index]);
    const b = new DataStore('demo').page(q, 5, 100).map((r) => r.bucket.planSeed[r.index]);
    const c = new DataStore('other').page(q, 5, 100).map((r) => r.bucket.planSeed[r.index]);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });
});
