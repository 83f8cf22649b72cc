import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator, type TransactionsSimulatorOptions } from '../src/index.js';
import { call, dayStart, FIXED_NOW, SITE_DAY } from './helpers.js';

const OPTIONAL_STRINGS = ['customerName', 'customerId', 'vehicleLicensePlate', 'employeeCashier', 'employeeGreeter'];

describe('the live quirks behind `realism`', () => {
  let sim: TransactionsSimulator | undefined;
  async function start(options: TransactionsSimulatorOptions = {}): Promise<TransactionsSimulator> {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), jobDurationMs: 0, ...options });
    return sim;
  }
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  /** A page of job items (detailed transactions) of the busy window. */
  async function jobItems(s: TransactionsSimulator): Promise<Array<Record<string, any>>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    s.control.reset();
    const hash = (await call(s, '/transaction/load-job', { method: 'POST', query: SITE_DAY })).body.data.hash;
    return (await call(s, '/transaction/get-job-data', { query: { hash } })).body.data.data;
  }

  it('sends "" for unset optional strings under realism, null without it', async () => {
    const on = await jobItems(await start());
    const unset = on.filter((t) => t['customerName'] === '');
    expect(unset.length).toBeGreaterThan(10);
    for (const t of on) for (const key of OPTIONAL_STRINGS) expect(t[key]).not.toBeNull();
    await sim!.close();
    const off = await jobItems(await start({ realism: false }));
    for (const t of off) for (const key of OPTIONAL_STRINGS) expect(t[key]).not.toBe('');
    expect(off.filter((t) => t['customerName'] === null)).toHaveLength(unset.length);
    // Detail by id follows the same rule.
    const id = off.find((t) => t['customerName'] === null)!['id'];
    expect((await call(sim!, `/transaction/${id}`)).body.data.customerName).toBeNull();
    sim!.control.setRealism({ emptyStrings: true });
    expect((await call(sim!, `/transaction/${id}`)).body.data.customerName).toBe('');
  });

  it('names the discount amount `discountAmount` under realism and `discount` (the spec) without it; the array key is `discount`', async () => {
    const on = (await jobItems(await start())).flatMap((t) => t['discount']);
    expect(on.length).toBeGreaterThan(0);
    for (const d of on) {
      expect(d).toEqual({ discountName: expect.any(String), discountSku: expect.any(String), appliedToItemName: expect.any(String), discountAmount: expect.any(Number), discountCode: expect.any(String) });
    }
    sim!.control.setRealism({ discountKey: false });
    const off = (await jobItems(sim!)).flatMap((t) => t['discount']);
    for (const d of off) {
      expect(d['discount']).toEqual(expect.any(Number));
      expect(d['discountAmount']).toBeUndefined();
    }
  });

  it('leaves the v2 fields out of job items under realism and puts them in without it', async () => {
    const on = await jobItems(await start());
    for (const t of on) for (const key of ['isRecurringPlanSale', 'isRecurringPlanRedemption', 'transactionStatus']) expect(t).not.toHaveProperty(key);
    sim!.control.setRealism({ jobItemsWithoutV2Fields: false });
    const off = await jobItems(sim!);
    for (const t of off) {
      expect(typeof t['isRecurringPlanSale']).toBe('boolean');
      expect(['Completed', 'Voided']).toContain(t['transactionStatus']);
    }
    // The detail endpoint never has them (the spec's TransactionObject has none).
    expect((await call(sim!, `/transaction/${off[0]!['id']}`)).body.data).not.toHaveProperty('transactionStatus');
  });

  it('answers total: null on a share of list criteria (every page of them) under realism, never without it', async () => {
    const s = await start();
    const nulls: string[] = [];
    const numbers: string[] = [];
    for (let h = 0; h < 16; h++) {
      s.control.reset();
      const query = { site: 'NILES', startDate: dayStart(5) + h * 3600, endDate: dayStart(5) + h * 3600 + 3599 };
      const res = await call(s, '/transaction', { query });
      (res.body.data.total === null ? nulls : numbers).push(JSON.stringify(query));
      if (res.body.data.total === null) {
        expect(res.body.data).toMatchObject({ offset: 1, limit: 100 });
        const page2 = await call(s, '/transaction', { query: { ...query, offset: 2 } });
        expect(page2.body.data.total).toBeNull();
      }
    }
    expect(nulls.length).toBeGreaterThan(0);
    expect(numbers.length).toBeGreaterThan(nulls.length);
    s.control.setRealism({ nullTotals: false });
    for (const q of nulls) {
      s.control.reset();
      expect(typeof (await call(s, '/transaction', { query: JSON.parse(q) })).body.data.total).toBe('number');
    }
    s.control.setRealism(true);
    s.control.reset();
    expect((await call(s, '/transaction', { query: JSON.parse(nulls[0]!) })).body.data.total).toBeNull();
  });

  it('sends money as strings only when numbersAsStrings is asked for', async () => {
    const plain = await jobItems(await start());
    expect(typeof plain[0]!['total']).toBe('number');
    sim!.control.setRealism({ numbersAsStrings: true });
    const strings = await jobItems(sim!);
    expect(strings[0]!['total']).toMatch(/^-?\d+\.\d\d$/);
    expect(strings[0]!['items'][0]['gross']).toMatch(/^-?\d+\.\d\d$/);
    expect(Number(strings[0]!['total'])).toBe(plain[0]!['total']);
    sim!.control.reset();
    const list = await call(sim!, '/transaction', { query: SITE_DAY });
    expect(typeof list.body.data.transactions[0].total).toBe('string');
    expect(typeof list.body.data.transactions[0].transNumber).toBe('number');
  });

  it('sends flat error bodies by default and wrapped ones when asked, switchable at run time', async () => {
    const s = await start();
    const flat = await call(s, '/transaction', { query: { limit: 0 } });
    expect(flat.body).toEqual({ type: 'PayloadValidationError', messages: ['limit: This value should be between 1 and 100.'] });
    s.control.setErrorEnvelope('wrapped');
    const wrapped = await call(s, '/transaction', { query: { limit: 0 } });
    expect(wrapped.body).toEqual({ error: { type: 'PayloadValidationError', messages: ['limit: This value should be between 1 and 100.'] } });
    const auth = await call(s, '/transaction', { headers: {} });
    expect(auth.body).toEqual({ error: { type: 'MissingClientCredentialsError', message: expect.any(String) } });
    const missing = await call(s, '/transaction/1:1001');
    expect(missing.body.error.type).toBe('EntityNotFoundError');
    s.control.setErrorEnvelope('flat');
    expect((await call(s, '/transaction/1:1001')).body.type).toBe('EntityNotFoundError');
    await sim!.close();
    const configured = await start({ errorEnvelope: 'wrapped' });
    expect((await call(configured, '/transaction/1:1001')).body.error.type).toBe('EntityNotFoundError');
  });
});
