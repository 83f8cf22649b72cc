import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, DAY_S, dayStart, FIXED_NOW, SITE_DAY } from './helpers.js';

type ListItem = { transNumber: number; transId: string; total: number; date: string };

async function allPages(sim: TransactionsSimulator, path: string, query: Record<string, string | number>): Promise<ListItem[]> {
  const out: ListItem[] = [];
  for (let page = 1; ; page++) {
    sim.control.reset();
    const res = await call(sim, path, { query: { ...query, limit: 100, offset: page } });
    expect(res.status).toBe(200);
    out.push(...res.body.data.transactions);
    if (res.body.data.transactions.length < 100) return out;
  }
}

describe('data: pagination, order, consistency, determinism, realism', () => {
  let sim: TransactionsSimulator;
  beforeAll(async () => {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), realism: { nullTotals: false } });
  });
  beforeEach(() => sim.control.reset());
  afterAll(() => sim.close());

  it('pages by page number: consecutive, disjoint, a short last page, and an empty page past the end', async () => {
    const query = { ...SITE_DAY, startDate: SITE_DAY.startDate, endDate: SITE_DAY.startDate + 2 * 3600 };
    const first = await call(sim, '/transaction', { query: { ...query, limit: 100, offset: 1 } });
    const total = first.body.data.total as number;
    expect(total).toBeGreaterThan(200);
    const items = await allPages(sim, '/transaction', query);
    expect(items).toHaveLength(total);
    expect(new Set(items.map((t) => t.transId)).size).toBe(total);
    const lastPage = Math.ceil(total / 100);
    const last = await call(sim, '/transaction', { query: { ...query, limit: 100, offset: lastPage } });
    expect(last.body.data.transactions).toHaveLength(total - (lastPage - 1) * 100);
    expect(last.body.data).toMatchObject({ offset: lastPage, limit: 100, total });
    const past = await call(sim, '/transaction', { query: { ...query, limit: 100, offset: lastPage + 1 } });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual({ transactions: [], offset: lastPage + 1, limit: 100, total });
    // Page 2 of limit 7 is items 8..14 of the whole list: offset is a page number, not a record offset.
    const small = await call(sim, '/transaction', { query: { ...query, limit: 7, offset: 2 } });
    expect(small.body.data.transactions).toEqual(items.slice(7, 14));
  });

  it('orders by completeDate, then number; ids match ^\\d+:\\d+$ and numbers increase per site', async () => {
    const { site: _s, ...range } = SITE_DAY;
    const items = await allPages(sim, '/transaction', { ...range, endDate: range.startDate + 1800 });
    expect(items.length).toBeGreaterThan(100);
    const sites = new Set<string>();
    const lastNumber = new Map<string, number>();
    for (let i = 0; i < items.length; i++) {
      const t = items[i]!;
      expect(t.transId).toMatch(/^\d+:\d+$/);
      expect(t.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
      const site = t.transId.split(':')[1]!;
      sites.add(site);
      expect(t.transNumber).toBeGreaterThan(lastNumber.get(site) ?? 0);
      lastNumber.set(site, t.transNumber);
      if (i > 0) {
        const prev = items[i - 1]!;
        expect(prev.date <= t.date).toBe(true);
        if (prev.date === t.date) expect(prev.transNumber <= t.transNumber).toBe(true);
      }
    }
    expect(sites.size).toBeGreaterThanOrEqual(6);
  });

  it('list, type lists, v2, get and jobs agree with one another', async () => {
    const query = { ...SITE_DAY, endDate: SITE_DAY.startDate + 3600 };
    const list = await allPages(sim, '/transaction', query);
    sim.control.reset();
    const v2 = await allPages(sim, '/transaction/version-2', query);
    expect(v2.map(({ transNumber, transId, total, date }) => ({ transNumber, transId, total, date }))).toEqual(list);

    // Details for every transaction of the hour, through a job (pages of 100) and through get.
    sim.control.setJobDuration(0);
    const details = new Map<string, Record<string, any>>(); // eslint-disable-line @typescript-eslint/no-explicit-any
    for (let page = 1; page <= Math.ceil(list.length / 100); page++) {
      sim.control.reset();
      sim.control.setJobDuration(0);
      const hash = (await call(sim, '/transaction/load-job', { method: 'POST', query: { ...query, offset: page } })).body.data.hash;
      const job = await call(sim, '/transaction/get-job-data', { query: { hash } });
      expect(job.body.data).toMatchObject({ status: 'pass', offset: page, limit: 100, total: list.length });
      for (const t of job.body.data.data) details.set(t.id, t);
    }
    expect([...details.keys()]).toEqual(list.map((t) => t.transId));
    for (const t of list.slice(0, 15)) {
      sim.control.reset();
      const got = await call(sim, `/transaction/${t.transId}`);
      expect(got.body.data).toEqual(details.get(t.transId));
      expect(got.body.data).toMatchObject({ id: t.transId, number: t.transNumber, total: t.total, completeDate: t.date, locationCode: 'NAPER' });
    }

    // v2 flags agree with the details.
    for (const row of v2 as Array<ListItem & Record<string, unknown>>) {
      const d = details.get(row.transId)!;
      expect(row['isRecurringPlanRedemption']).toBe(d['isRecurringRedemption']);
      if (d['isRecurringSale']) expect(row['isRecurringPlanSale']).toBe(true);
      expect(row['customerId']).toBe(d['customerId'] === '' ? null : d['customerId']);
      expect(row['transactionStatus']).toBe(d['items'].some((i: { isVoided: boolean }) => i.isVoided) ? 'Voided' : 'Completed');
    }

    // A transaction is in every type list matching one of its items (house-account also by an on-account tender).
    const departmentType: Record<string, string> = {
      Wash: 'wash',
      'Prepaid Wash': 'prepaid-wash',
      'Recurring Plan': 'recurring',
      WashBook: 'washbook',
      GiftCard: 'giftcard',
      Merchandise: 'merchandise',
      'House Account': 'house-account',
    };
    for (const type of Object.values(departmentType)) {
      sim.control.reset();
      const typed = new Set((await allPages(sim, `/transaction/type/${type}`, query)).map((t) => t.transId));
      const expected = list
        .filter((t) => {
          const d = details.get(t.transId)!;
          return (
            d['items'].some((i: { department: string }) => departmentType[i.department] === type) ||
            (type === 'house-account' && d['tenders'].some((x: { tender: string }) => x.tender === 'Paid On Account'))
          );
        })
        .map((t) => t.transId);
      expect([...typed], type).toEqual(expected);
      if (type === 'wash') expect(typed.size).toBeGreaterThan(list.length / 2);
    }
  });

  it('totals add up: items net + tax, tenders, change, over-payments', async () => {
    const query = { ...SITE_DAY, site: 'MERRIL' }; // washes are taxed in Indiana
    sim.control.setJobDuration(0);
    const hash = (await call(sim, '/transaction/load-job', { method: 'POST', query })).body.data.hash;
    const job = (await call(sim, '/transaction/get-job-data', { query: { hash } })).body.data;
    for (const t of job.data) {
      const tenderTotal = t.tenders.reduce((s: number, x: { total: number }) => s + x.total, 0);
      expect(t.total).toBeCloseTo(tenderTotal, 2);
      for (const x of t.tenders) expect(x.total).toBeCloseTo(x.amount + x.change, 2);
      const ticket = t.items.filter((i: { isVoided: boolean }) => !i.isVoided).reduce((s: number, i: { net: number; tax: number }) => s + i.net + i.tax, 0);
      expect(t.total).toBeGreaterThanOrEqual(ticket - 0.001);
      for (const i of t.items) expect(i.net).toBeCloseTo(i.gross - i.discount, 2);
    }
    expect(job.data.some((t: { items: Array<{ tax: number }> }) => t.items.some((i) => i.tax > 0))).toBe(true);
  });

  it('looks like a real chain: busy days of 2 000–4 000, a midday peak in local time, every kind of sale', async () => {
    const day = dayStart(6);
    const counts: Record<string, number> = {};
    for (const site of ['NAPER', 'JOLIET', 'NILES', 'MERRIL']) {
      sim.control.reset();
      counts[site] = (await call(sim, '/transaction', { query: { startDate: day, endDate: day + DAY_S - 1, site, limit: 1 } })).body.data.total;
    }
    expect(Math.max(...Object.values(counts))).toBeGreaterThanOrEqual(2000);
    for (const n of Object.values(counts)) expect(n).toBeLessThanOrEqual(4000);
    expect(Math.min(...Object.values(counts))).toBeGreaterThan(1000);

    // Niles in mid-November (CST, UTC-6): the busiest hour is between 11:00 and 15:00 local; nights are empty.
    const perHour: number[] = [];
    for (let h = 0; h < 24; h++) {
      sim.control.reset();
      const start = day + h * 3600;
      perHour.push((await call(sim, '/transaction', { query: { startDate: start, endDate: start + 3599, site: 'NILES', limit: 1 } })).body.data.total);
    }
    const localPeak = (perHour.indexOf(Math.max(...perHour)) + 24 - 6) % 24;
    expect(localPeak).toBeGreaterThanOrEqual(11);
    expect(localPeak).toBeLessThanOrEqual(15);
    expect(perHour[(1 + 6) % 24]).toBe(0); // 01:00 local
  });

  it('has memberships, prepaid, washbooks, gift cards, house accounts, merchandise, cards, voids and returns', async () => {
    const query = { startDate: dayStart(4) + 15 * 3600, endDate: dayStart(4) + 22 * 3600, site: 'JOLIET' };
    const seen = { tender: new Set<string>(), subType: new Set<string>(), dept: new Set<string>(), type: new Set<string>(), flags: new Set<string>() };
    let withCard = 0;
    let withPlate = 0;
    let withCashier = 0;
    let withDiscount = 0;
    let splitTenders = 0;
    sim.control.setJobDuration(0);
    for (let page = 1; page <= 12; page++) {
      sim.control.reset();
      sim.control.setJobDuration(0);
      const hash = (await call(sim, '/transaction/load-job', { method: 'POST', query: { ...query, offset: page } })).body.data.hash;
      const job = (await call(sim, '/transaction/get-job-data', { query: { hash } })).body.data;
      for (const t of job.data) {
        seen.type.add(t.type);
        for (const f of ['isRecurringPayment', 'isRecurringRedemption', 'isRecurringSale', 'isPrepaidRedemption', 'isPrepaidSale']) if (t[f]) seen.flags.add(f);
        for (const x of t.tenders) {
          seen.tender.add(x.tender);
          if (x.tenderSubType) seen.subType.add(x.tenderSubType);
          if (x.creditCardLastFour) {
            withCard++;
            expect(x.creditCardLastFour).toMatch(/^\d{4}$/);
            expect(x.creditCardExpirationDate).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
          }
        }
        for (const i of t.items) seen.dept.add(i.department);
        if (t.tenders.length > 1) splitTenders++;
        if (t.vehicleLicensePlate) withPlate++;
        if (t.employeeCashier) withCashier++;
        if (t.discount.length > 0) withDiscount++;
        // At most one of the five flags is true (the spec says so).
        const trueFlags = ['isRecurringPayment', 'isRecurringRedemption', 'isRecurringSale', 'isPrepaidRedemption', 'isPrepaidSale'].filter((f) => t[f]);
        expect(trueFlags.length).toBeLessThanOrEqual(1);
      }
    }
    expect([...seen.dept]).toEqual(expect.arrayContaining(['Wash', 'Add On', 'Recurring Plan', 'Prepaid Wash', 'WashBook', 'GiftCard', 'Merchandise']));
    expect([...seen.tender]).toEqual(
      expect.arrayContaining(['Cash', 'Credit', 'Debit', 'Prepaid', 'Prepaid Wash', 'Paid On Account', 'Fleet', 'Coupon', 'Prepaid 3rd Party']),
    );
    expect(splitTenders).toBeGreaterThan(0);
    expect([...seen.subType]).toEqual(expect.arrayContaining(['Visa', 'MasterCard', 'RFID Recurring', 'LPR', 'Giftcard', 'Washbook']));
    expect([...seen.flags].sort()).toEqual(['isPrepaidRedemption', 'isPrepaidSale', 'isRecurringRedemption', 'isRecurringSale']);
    expect(withCard).toBeGreaterThan(50);
    expect(withPlate).toBeGreaterThan(50);
    expect(withCashier).toBeGreaterThan(20);
    expect(withDiscount).toBeGreaterThan(5);

    // Renewals run overnight, voids and returns are rare but present over a whole day.
    const day = { startDate: dayStart(4), endDate: dayStart(4) + DAY_S - 1, site: 'JOLIET' };
    sim.control.reset();
    const v2 = await allPages(sim, '/transaction/version-2', day);
    expect(v2.some((t) => (t as unknown as { transactionStatus: string }).transactionStatus === 'Voided')).toBe(true);
    expect(v2.some((t) => t.total < 0)).toBe(true); // a return
  });

  it('gives the same data for the same seed and different data for another seed', async () => {
    const twin = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), seed: 'demo', realism: { nullTotals: false } });
    const other = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), seed: 'other-operator', realism: { nullTotals: false } });
    try {
      const q = { query: { ...SITE_DAY, limit: 100, offset: 3 } };
      const a = await call(sim, '/transaction/version-2', q);
      const b = await call(twin, '/transaction/version-2', q);
      const c = await call(other, '/transaction/version-2', q);
      expect(b.text).toBe(a.text);
      expect(c.text).not.toBe(a.text);
      const id = a.body.data.transactions[5].transId;
      expect((await call(twin, `/transaction/${id}`)).text).toBe((await call(sim, `/transaction/${id}`)).text);
      // The roster of sites is the same for every seed; names of staff and customers are not.
      expect((await call(other, '/site/list')).text).toBe((await call(sim, '/site/list')).text);
    } finally {
      await twin.close();
      await other.close();
    }
  });

  it('hides transactions that have not happened yet and days older than six months', async () => {
    const today = await call(sim, '/transaction', { query: { site: 'NAPER', startDate: dayStart(0), endDate: Math.floor(FIXED_NOW / 1000) } });
    const lastPage = Math.ceil(today.body.data.total / 100);
    sim.control.reset();
    const last = await call(sim, '/transaction', { query: { site: 'NAPER', startDate: dayStart(0), endDate: Math.floor(FIXED_NOW / 1000), offset: lastPage } });
    const latest = last.body.data.transactions.at(-1) as ListItem;
    expect(Date.parse(latest.date)).toBeLessThanOrEqual(FIXED_NOW);
    // The next number at that site exists in the day's plan but lies in the future: not found.
    const [record, site] = latest.transId.split(':').map(Number) as [number, number];
    expect((await call(sim, `/transaction/${record + 1}:${site}`)).status).toBe(404);
    expect((await call(sim, `/transaction/${latest.transId}`)).status).toBe(200);
    // Ids step 5 000 per day: the same slot 150 days back exists, 200 days back is past the six months served.
    expect((await call(sim, `/transaction/${record - 150 * 5000 - 2000}:${site}`)).status).toBe(200);
    expect((await call(sim, `/transaction/${record - 200 * 5000 - 2000}:${site}`)).status).toBe(404);
  });
});
