/**
 * The world and the transactions agree, record by record, over a month (October 2026, UTC days) of four sites of the
 * demo chain (three tunnels of different sizes and the online store; every site would take minutes on a shared
 * machine, and the relations are per site), and the configured rates come back out of the data within sampling error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { PLANS, SITES, WASHES, type ChainSite } from '../src/chain.js';
import { DataStore, type DetailRow } from '../src/data-store.js';
import { startTransactionsSimulator } from '../src/index.js';
import { DEFAULT_WORLD_RATES } from '../src/world/rates.js';
import { localParts } from '../src/world/rhythm.js';
import type { MembershipRecord } from '../src/world/types.js';

const DAY_MS = 86_400_000;
const MONTH_START = Date.UTC(2026, 9, 1);
const MONTH_END = Date.UTC(2026, 10, 1) - 1;
const NOW = Date.UTC(2026, 10, 3, 15);
const CODES = ['NAPER', 'WHEAT', 'EVERG2', 'ECOM'];
const sites = CODES.map((code) => SITES.find((s) => s.code === code) as ChainSite);
const physical = sites.filter((s) => !s.virtual);

interface SiteMonth {
  site: ChainSite;
  tickets: DetailRow[];
  members: Map<string, MembershipRecord>;
}

const store = new DataStore('demo', 64, { clock: new VirtualClock(NOW) });
const world = store.world;
const months: SiteMonth[] = [];

beforeAll(() => {
  for (const site of sites) {
    const query = { sites: [site], startMs: MONTH_START, endMs: MONTH_END };
    const tickets = store.page(query, 1, 1_000_000).map((row) => store.detail(row));
    const members = new Map(world.memberships([site], MONTH_END).map((m) => [m.customerId, m]));
    months.push({ site, tickets, members });
  }
}, 300_000);

function tierAt(m: MembershipRecord, at: number): number {
  const upgrade = m.modifications.find((x) => x.name === 'Billing Amount Change');
  return upgrade && at < upgrade.atMs ? m.planIndex - 1 : m.planIndex;
}

describe('the world agrees with the transactions (October 2026: NAPER, WHEAT, EVERG2, ECOM)', () => {
  it('every plan sale is a sign-up of that customer, plan and time, and every sign-up of the month is one', () => {
    for (const { tickets, members, site } of months) {
      const sales = tickets.filter((t) => t.kind === 'memberSale');
      const signUps = [...members.values()].filter((m) => m.signUpMs >= MONTH_START && m.signUpMs <= MONTH_END);
      expect(sales.length).toBe(signUps.length);
      if (site.virtual) expect(sales).toHaveLength(0);
      for (const t of sales) {
        const m = members.get(t.customerIdString as string);
        expect(m, t.id).toBeDefined();
        expect(m!.signUpMs).toBe(Date.parse(t.completeDate));
        expect(t.lines[0]!.sku).toBe(PLANS[tierAt(m!, m!.signUpMs)]!.sku);
      }
    }
  });

  it('every member redemption is by an account active then, washing its plan’s wash', () => {
    let redemptions = 0;
    for (const { tickets, members } of months) {
      for (const t of tickets.filter((x) => x.kind === 'memberRedeem')) {
        redemptions++;
        const at = Date.parse(t.completeDate);
        const m = members.get(t.customerIdString as string);
        expect(m, t.id).toBeDefined();
        expect(m!.signUpMs).toBeLessThan(at);
        expect(m!.endMs === null || m!.endMs > at).toBe(true);
        expect(t.lines[0]!.sku).toBe(WASHES[tierAt(m!, at)]!.sku);
      }
    }
    expect(redemptions).toBeGreaterThan(10_000);
  });

  it('member billings are exactly the approved billing records, with the plan price and the card on file', () => {
    for (const { tickets, members } of months) {
      const fromTickets = tickets
        .filter((t) => t.kind === 'memberBilling')
        .map((t) => `${t.customerIdString}|${Date.parse(t.completeDate)}|${t.total}|${t.tenders[0]!.creditCardLastFour}|${t.tenders[0]!.creditCardExpirationDate}`)
        .sort();
      const fromRecords = [...members.values()]
        .flatMap((m) => m.billings.filter((b) => b.approved && b.atMs >= MONTH_START && b.atMs <= MONTH_END).map((b) => `${m.customerId}|${b.atMs}|${b.amountCents}|${b.cardLastFour}|${b.cardExpiry}`))
        .sort();
      expect(fromTickets).toEqual(fromRecords);
    }
  });

  it('statuses agree with end dates and reasons; no approved billing after an end; upgrades are plan sales', () => {
    for (const { tickets, members, site } of months) {
      for (const m of members.values()) {
        expect(m.statuses[0]).toMatchObject({ status: 1, atMs: m.signUpMs });
        for (let i = 1; i < m.statuses.length; i++) expect(m.statuses[i]!.atMs).toBeGreaterThanOrEqual(m.statuses[i - 1]!.atMs);
        const firstInactive = m.statuses.find((s) => s.status !== 1);
        expect(firstInactive?.atMs ?? null).toBe(m.endMs);
        if (m.endReason === 'voluntary') expect(firstInactive!.status).toBe(7);
        if (m.endReason === 'involuntary') expect(firstInactive!.status).toBe(8);
        expect(m.endReason === null).toBe(m.endMs === null);
        for (const b of m.billings) if (m.endMs !== null && b.atMs > m.endMs) expect(b.approved).toBe(false);
        if (m.endReason === 'involuntary') expect(m.billings.at(-1)).toMatchObject({ atMs: m.endMs, approved: false });
        for (const s of m.statuses) expect(s.siteCode).toBe(site.code);
      }
      const upgrades = tickets.filter((t) => t.kind === 'memberUpgrade');
      for (const t of upgrades) {
        const m = members.get(t.customerIdString as string)!;
        const change = m.modifications.find((x) => x.name === 'Billing Amount Change');
        expect(change?.atMs).toBe(Date.parse(t.completeDate));
        expect(t.lines[0]!.sku).toBe(PLANS[m.planIndex]!.sku);
      }
    }
  });

  it('gift-card tenders name sold cards, and each card’s amount used grows by exactly its tenders', () => {
    const cards = new Map(world.giftCards(SITES, MONTH_START - 130 * DAY_MS, MONTH_END).map((c) => [c.number, c]));
    const paid = new Map<string, number>();
    let tenders = 0;
    for (const { tickets } of months) {
      for (const t of tickets) {
        for (const x of t.tenders.filter((y) => y.tenderSubType === 'Giftcard')) {
          tenders++;
          const card = cards.get(x.referenceNumber as string);
          expect(card, x.referenceNumber ?? 'no reference').toBeDefined();
          expect(card!.soldMs).toBeLessThan(Date.parse(t.completeDate));
          paid.set(card!.number, (paid.get(card!.number) ?? 0) + x.amount);
        }
      }
    }
    expect(tenders).toBeGreaterThan(300);
    const redeemedHere = new Set(physical.map((s) => s.siteId));
    for (const card of cards.values()) {
      const used = card.usedCentsAt(MONTH_END) - card.usedCentsAt(MONTH_START - 1);
      expect(card.usedCentsAt(NOW)).toBeLessThanOrEqual(card.valueCents);
      if (paid.has(card.number)) expect(used).toBe(paid.get(card.number));
      else if (redeemedHere.has(card.siteId)) expect(used).toBe(0);
    }
  });

  it('washbook redemptions draw on books of that customer with washes left; balances are 10 − redemptions', () => {
    for (const { tickets, site } of months.filter((m) => !m.site.virtual)) {
      const books = world.washbooks([site], MONTH_END).filter((b) => b.signUpMs >= MONTH_START - 200 * DAY_MS);
      const usedInMonth = new Map<string, number>();
      for (const b of books) {
        const balance = b.balanceAt(MONTH_END);
        if (balance !== 999) {
          expect(balance).toBeGreaterThanOrEqual(0);
          usedInMonth.set(b.customerId, (usedInMonth.get(b.customerId) ?? 0) + b.balanceAt(MONTH_START - 1) - balance);
        }
      }
      const unlimited = new Set(books.filter((b) => b.balanceAt(MONTH_END) === 999).map((b) => b.customerId));
      const redeemed = new Map<string, number>();
      for (const t of tickets.filter((x) => x.kind === 'washbookRedeem')) redeemed.set(t.customerIdString as string, (redeemed.get(t.customerIdString as string) ?? 0) + 1);
      expect(redeemed.size).toBeGreaterThan(20);
      for (const [customer, n] of redeemed) {
        if (unlimited.has(customer)) continue;
        expect(usedInMonth.get(customer), customer).toBe(n);
      }
    }
  });

  it('every customer on a ticket exists with the ticket’s name; every item sold is in the site’s catalogue', () => {
    for (const { tickets, site } of months) {
      const skus = new Set(world.items(site).map((i) => i.sku));
      const seen = new Set<string>();
      for (const t of tickets) {
        for (const l of t.lines) expect(skus.has(l.sku), l.sku).toBe(true);
        if (t.customerIdString === null || seen.has(t.customerIdString)) continue;
        seen.add(t.customerIdString);
        const c = world.customer(t.customerIdString, Date.parse(t.completeDate));
        expect(c, t.customerIdString).toBeDefined();
        expect(`${c!.firstName} ${c!.lastName}`.trim()).toBe(t.customerName);
      }
    }
  });

  it('every cashier and greeter is an employee of the site, clocked in when the ticket was rung', () => {
    let checked = 0;
    for (const { tickets, site } of months) {
      const employees = new Map(world.employees([site]).map((e) => [e.displayName, e]));
      const shifts = new Map<number, Array<[number, number]>>();
      for (const e of employees.values()) {
        shifts.set(e.employeeId, world.clockEntries(e.employeeId, MONTH_START - DAY_MS, MONTH_END, NOW).map((c) => [c.clockInMs as number, c.clockOutMs as number]));
      }
      for (const t of tickets) {
        for (const name of [t.employeeCashier, t.employeeGreeter]) {
          if (name === null) continue;
          const e = employees.get(name);
          expect(e?.ringsSales, `${name} at ${site.code}`).toBe(true);
          const at = Date.parse(t.completeDate);
          expect(shifts.get(e!.employeeId)!.some(([from, to]) => from <= at && at <= to), `${name} ${t.completeDate}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('sales outcomes are offers on attended tickets: converted exactly when the ticket is a plan sale by that cashier', () => {
    for (const { tickets, site } of months) {
      const outcomes = world.salesOutcomes([site], MONTH_START, MONTH_END);
      const planSales = tickets.filter((t) => t.kind === 'memberSale' && t.employeeCashier !== null);
      expect(outcomes.filter((o) => o.converted)).toHaveLength(planSales.length);
      // A cashier may ring two counters in one second, so a moment can name more than one ticket.
      const byMoment = new Map<string, DetailRow[]>();
      for (const t of tickets.filter((x) => x.employeeCashier !== null)) {
        const key = `${Date.parse(t.completeDate)}|${t.employeeCashier}`;
        byMoment.set(key, [...(byMoment.get(key) ?? []), t]);
      }
      for (const o of outcomes) {
        const candidates = byMoment.get(`${o.atMs}|${o.employeeName}`) ?? [];
        const match = candidates.find((t) => t.salesDeviceName === o.terminalName && (t.kind === 'memberSale') === o.converted);
        expect(match, `${o.employeeName} ${o.atMs}`).toBeDefined();
        expect(o.employeeId).toBe(world.employees([site]).find((e) => e.displayName === o.employeeName)?.employeeId);
      }
      if (!site.virtual) expect(outcomes.length).toBeGreaterThan(planSales.length);
    }
  });
});

describe('the configured rates come back out of the data', () => {
  it('conversion: plan sales ÷ paying walk-in washes', () => {
    let sales = 0;
    let eligible = 0;
    for (const { tickets } of months) {
      sales += tickets.filter((t) => t.kind === 'memberSale').length;
      eligible += tickets.filter((t) => t.kind === 'retail').length;
    }
    // About 1 400 sign-ups: the relative sampling error is near 3 %; allow four of them.
    expect(sales / eligible).toBeGreaterThan(DEFAULT_WORLD_RATES.conversion * 0.88);
    expect(sales / eligible).toBeLessThan(DEFAULT_WORLD_RATES.conversion * 1.12);
  });

  it('churn, split voluntary and involuntary, per active member and month', () => {
    let active = 0;
    let voluntary = 0;
    let involuntary = 0;
    for (const { members } of months) {
      for (const m of members.values()) {
        if (m.signUpMs >= MONTH_START || (m.endMs !== null && m.endMs < MONTH_START)) continue;
        active++;
        if (m.endMs !== null && m.endMs <= MONTH_END) {
          if (m.endReason === 'voluntary') voluntary++;
          else involuntary++;
        }
      }
    }
    expect(active).toBeGreaterThan(8000);
    const within = (value: number, rate: number) => Math.abs(value - rate * active) < 4 * Math.sqrt(rate * active) + 0.02 * rate * active;
    expect(within(voluntary, DEFAULT_WORLD_RATES.voluntaryChurn), `voluntary ${voluntary} of ${active}`).toBe(true);
    expect(within(involuntary, DEFAULT_WORLD_RATES.involuntaryChurn), `involuntary ${involuntary} of ${active}`).toBe(true);
  });

  it('labor: clocked hours ÷ cars washed, per site over the month', () => {
    for (const { tickets, site } of months.filter((m) => !m.site.virtual)) {
      const localDay = (at: number) => localParts(site.timezone, at).date;
      const days = new Set<string>();
      for (let d = MONTH_START + DAY_MS; d < MONTH_END - DAY_MS; d += DAY_MS) days.add(localDay(d + 18 * 3_600_000));
      const cars = tickets.filter((t) => t.status !== 'Voided' && t.type !== 'Return' && t.lines.some((l) => l.department === 'Wash') && days.has(localDay(Date.parse(t.completeDate)))).length;
      let hours = 0;
      for (const e of world.employees([site])) {
        for (const c of world.clockEntries(e.employeeId, MONTH_START - 2 * DAY_MS, MONTH_END, NOW)) {
          if (days.has(localDay(c.clockInMs as number))) hours += c.regularHours + c.overtimeHours;
        }
      }
      const perCar = hours / cars;
      expect(perCar, `${site.code}: ${hours} h for ${cars} cars`).toBeGreaterThan(DEFAULT_WORLD_RATES.laborHoursPerCar * 0.95);
      expect(perCar, `${site.code}: ${hours} h for ${cars} cars`).toBeLessThan(DEFAULT_WORLD_RATES.laborHoursPerCar * 1.05);
    }
  });
});

describe('rates set through the options', () => {
  const rates = { conversion: 0.05, voluntaryChurn: 0.08, involuntaryChurn: 0.01, laborHoursPerCar: 0.12 };

  it('are validated, shown by the control surface, and recovered from a month of one site', async () => {
    await expect(startTransactionsSimulator({ world: { conversion: -0.1 } })).rejects.toThrow(/conversion/);
    await expect(startTransactionsSimulator({ world: { laborHoursPerCar: 0.5 } })).rejects.toThrow(/laborHoursPerCar/);
    await expect(startTransactionsSimulator({ world: { churn: 0.1 } as never })).rejects.toThrow(/Unknown world rate/);
    const sim = await startTransactionsSimulator({ world: rates, clock: new VirtualClock(NOW) });
    try {
      expect(sim.control.worldRates()).toEqual(rates);
      expect(sim.control.world().rates).toEqual(rates);
    } finally {
      await sim.close();
    }

    const custom = new DataStore('demo', 64, { rates, clock: new VirtualClock(NOW) });
    const site = SITES.find((s) => s.code === 'NAPER')!;
    const tickets = custom.page({ sites: [site], startMs: MONTH_START, endMs: MONTH_END }, 1, 1_000_000).map((row) => custom.detail(row));
    const conversion = tickets.filter((t) => t.kind === 'memberSale').length / tickets.filter((t) => t.kind === 'retail').length;
    expect(conversion).toBeGreaterThan(rates.conversion * 0.88);
    expect(conversion).toBeLessThan(rates.conversion * 1.12);

    const members = custom.world.memberships([site], MONTH_END).filter((m) => m.signUpMs < MONTH_START && (m.endMs === null || m.endMs >= MONTH_START));
    const ended = (reason: string) => members.filter((m) => m.endReason === reason && m.endMs! <= MONTH_END).length;
    const within = (value: number, rate: number) => Math.abs(value - rate * members.length) < 4 * Math.sqrt(rate * members.length) + 0.02 * rate * members.length;
    expect(within(ended('voluntary'), rates.voluntaryChurn), `voluntary ${ended('voluntary')} of ${members.length}`).toBe(true);
    expect(within(ended('involuntary'), rates.involuntaryChurn), `involuntary ${ended('involuntary')} of ${members.length}`).toBe(true);

    const cars = tickets.filter((t) => t.status !== 'Voided' && t.type !== 'Return' && t.lines.some((l) => l.department === 'Wash')).length;
    let hours = 0;
    for (const e of custom.world.employees([site])) {
      for (const c of custom.world.clockEntries(e.employeeId, MONTH_START, MONTH_END, NOW)) hours += c.regularHours + c.overtimeHours;
    }
    // Shifts by local day against tickets by UTC day: the month's edges differ by a few hours of a day.
    expect(hours / cars).toBeGreaterThan(rates.laborHoursPerCar * 0.93);
    expect(hours / cars).toBeLessThan(rates.laborHoursPerCar * 1.07);
  }, 120_000);
});
