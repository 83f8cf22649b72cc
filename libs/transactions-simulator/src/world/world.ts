/**
 * The simulator's one consistent world (`World`): members, customers, gift cards, washbooks, staff, clock entries,
 * sales outcomes and the catalogue, deterministic from the seed and the rates, built lazily per site. The day
 * generator asks it for each (site, UTC day)'s own tickets (`dayEvents`) and for the members who may redeem that day
 * (`activeMembers`), so the transactions agree with it by construction.
 */
import { KNOWN_SITES, WASHBOOKS, siteById, type ChainSite } from '../chain.js';
import { hashString } from '@washops/sim-kit';
import { customerId as customerIdOf } from '../builder/people.js';
import type { Kind, TransactionLink } from '../builder/types.js';
import { LruCache } from '../lru.js';
import { CardsAndBooks, type SoldCard } from './cards-and-books.js';
import { customerAsOf, customerCount, customerRecord, drawCustomer, fleetCustomers, loyaltyPool, signedUpBy } from './customers.js';
import { catalogueOf } from './items.js';
import { Memberships, WORLD_START_DATE, membershipIndex, type MemberModel } from './memberships.js';
import { UNLIMITED_BALANCE, WASHBOOK_WASHES } from './rates.js';
import { DAY_MS, dateOfOrdinal, dayOfMonth, localMidnight, localOrdinal, lowerBound, monthsBetween, ordinalOfDate } from './rhythm.js';
import { clockEntriesOf } from './clock.js';
import { employeeRef, employeesOf } from './staff.js';
import { SalesOutcomes, outcomeCache, type AttendedTicketsOf } from './sales-outcomes.js';
import type {
  ClockEntryRecord, CustomerRecord, EmployeeRecord, GiftCardRecord, ItemRecord, MembershipRecord, SalesOutcomeRecord,
  WashbookRecord, World, WorldRates,
} from './types.js';

/** A ticket the world owns on a (site, UTC day): when, which kind, its plan seed and what it is linked to. */
export interface DayEvent {
  at: number;
  kind: Kind;
  planSeed: number;
  link: TransactionLink;
}

/** What a count-only pass lists in place of each ticket. */
const COUNTED: DayEvent = { at: 0, kind: 'memberSale', planSeed: 0, link: {} };

/** Models are built this far past the latest moment asked for, so a running clock rarely rebuilds them. */
const HORIZON_MARGIN_DAYS = 120;
/** The world reaches this far past the clock; later days have no sign-ups, billings, cards or books (nor customers). */
const FUTURE_DAYS = 366;

interface SharedState {
  members: Memberships;
  models: Map<number, MemberModel>;
  cards: CardsAndBooks;
  events: LruCache<string, DayEvent[]>;
  customerDraws: LruCache<number, DrawnCustomers>;
  outcomes: LruCache<string, SalesOutcomeRecord[]>;
}

/** A site's customers with every modification they will have, by pool index (undefined: no one), and its fleets. */
interface DrawnCustomers {
  pool: Array<CustomerRecord | undefined>;
  fleet: Array<CustomerRecord | undefined>;
}
/** Sites whose customers are kept drawn: every site served, so listing every site's customers again draws none. */
const CUSTOMER_SITES_KEPT = KNOWN_SITES.length;
/**
 * Site-days whose world tickets are kept (a billing day of a large site holds a few hundred): about a bucket cache's
 * worth, since a day's count is kept apart and its tickets are needed again only when its bucket is generated.
 */
const DAY_EVENTS_KEPT = 512;
/** A few seeds at most in one process (tests start many simulators of one seed). */
const shared = new LruCache<string, SharedState>(4);
function sharedState(seed: string, rates: WorldRates): SharedState {
  const key = `${seed}|${rates.conversion}|${rates.voluntaryChurn}|${rates.involuntaryChurn}|${rates.laborHoursPerCar}`;
  let state = shared.get(key);
  if (!state) {
    state = {
      members: new Memberships(seed, rates),
      models: new Map(),
      cards: new CardsAndBooks(seed),
      events: new LruCache(DAY_EVENTS_KEPT),
      customerDraws: new LruCache(CUSTOMER_SITES_KEPT),
      outcomes: outcomeCache(),
    };
    shared.set(key, state);
  }
  return state;
}

export interface WorldOptions {
  seed: string;
  rates: WorldRates;
  /** The simulator's clock: "as of" for the lookups that take no moment. */
  now: () => number;
  /** A site-day's attended tickets (with their cashier), for sales outcomes; the data store provides it. */
  attendedTickets: AttendedTicketsOf;
}

export class SimWorld implements World {
  readonly rates: WorldRates;
  private readonly seed: string;
  private readonly now: () => number;
  private readonly members: Memberships;
  private readonly cards: CardsAndBooks;
  private readonly outcomes: SalesOutcomes;
  private readonly models: Map<number, MemberModel>;
  private readonly events: LruCache<string, DayEvent[]>;
  private readonly customerDraws: LruCache<number, DrawnCustomers>;

  constructor(options: WorldOptions) {
    this.seed = options.seed;
    this.rates = options.rates;
    this.now = options.now;
    // Simulators of one seed and rates share what they build: it depends on nothing else.
    const shared = sharedState(this.seed, this.rates);
    this.members = shared.members;
    this.models = shared.models;
    this.cards = shared.cards;
    this.events = shared.events;
    this.customerDraws = shared.customerDraws;
    this.outcomes = new SalesOutcomes(this.seed, options.attendedTickets, shared.outcomes);
  }

  // ---- What the day generator reads --------------------------------------------------------------------------

  /** The tickets the world owns on a site's UTC day, in time order. */
  dayEvents(site: ChainSite, dayStart: number): DayEvent[] {
    if (dayStart > this.now() + FUTURE_DAYS * DAY_MS) return [];
    const key = `${site.siteId}|${dayStart}`;
    let events = this.events.get(key);
    if (!events) {
      events = this.computeDayEvents(site, dayStart, dayStart + DAY_MS);
      this.events.set(key, events);
    }
    return events;
  }

  /** How many tickets the world owns on a site's UTC day (`dayEvents(...).length`, without working them out). */
  dayEventCount(site: ChainSite, dayStart: number): number {
    if (dayStart > this.now() + FUTURE_DAYS * DAY_MS) return 0;
    return this.events.get(`${site.siteId}|${dayStart}`)?.length ?? this.computeDayEvents(site, dayStart, dayStart + DAY_MS, false).length;
  }

  /** Members active for the whole UTC day (signed up before it, not ended within it): who may redeem a wash. */
  activeMembers(site: ChainSite, dayStart: number): { model: MemberModel; accounts: Int32Array } {
    const model = this.model(site, dayStart + DAY_MS);
    const end = dayStart + DAY_MS;
    const n = signedUpBy(model, dayStart - 1);
    const accounts: number[] = [];
    for (let i = 0; i < n; i++) if ((model.endMs[i] as number) >= end) accounts.push(i);
    return { model, accounts: Int32Array.from(accounts) };
  }

  /** The plan tier of an account at a moment. */
  tierAt(model: MemberModel, account: number, at: number): number {
    return this.members.tierAt(model, account, at);
  }

  // ---- World -------------------------------------------------------------------------------------------------

  customers(sites: readonly ChainSite[], asOfMs: number, createdFromMs?: number): CustomerRecord[] {
    const out: CustomerRecord[] = [];
    for (const site of sites) {
      const model = this.model(site, asOfMs);
      if (createdFromMs !== undefined && createdFromMs >= localMidnight(site.timezone, WORLD_START_DATE)) {
        // The loyalty pool and the fleets are known before the world's start: later customers are the accounts
        // beyond the pool, created at their sign-up (in index order).
        const last = signedUpBy(model, asOfMs);
        for (let customer = Math.max(loyaltyPool(site), signedUpBy(model, createdFromMs - 1)); customer < last; customer++) {
          const record = customerRecord(this.seed, model, customer, asOfMs);
          if (record) out.push(record);
        }
        continue;
      }
      const drawn = this.drawnCustomers(site, model, customerCount(model, asOfMs));
      for (const customer of drawn.pool) {
        const record = customer && customerAsOf(customer, asOfMs);
        if (record) out.push(record);
      }
      for (const customer of drawn.fleet) {
        const record = customer && customerAsOf(customer, asOfMs);
        if (record) out.push(record);
      }
    }
    return out;
  }

  customer(customerId: string, asOfMs = this.now()): CustomerRecord | undefined {
    const match = /^(\d+):(\d+)$/.exec(customerId);
    const site = match ? siteById.get(Number(match[2])) : undefined;
    if (!match || !site) return undefined;
    const customer = Number(match[1]) - Number(customerIdOf(site, 0)!.split(':')[0]);
    return customer < 0 ? undefined : customerRecord(this.seed, this.model(site, asOfMs), customer, asOfMs);
  }

  /** With `signedUp`, only accounts whose sign-up falls within the inclusive bounds (cheap: accounts are in sign-up order). */
  memberships(sites: readonly ChainSite[], asOfMs: number, signedUp?: { fromMs: number; toMs: number }): MembershipRecord[] {
    const out: MembershipRecord[] = [];
    for (const site of sites) {
      const model = this.model(site, asOfMs);
      const last = signedUpBy(model, Math.min(asOfMs, signedUp?.toMs ?? asOfMs));
      const first = signedUp ? signedUpBy(model, signedUp.fromMs - 1) : 0;
      for (let i = first; i < last; i++) out.push(this.members.record(model, i, asOfMs));
    }
    return out;
  }

  membershipsChangedWithin(
    sites: readonly ChainSite[],
    asOfMs: number,
    between: { fromMs: number; toMs: number },
    change: 'status' | 'modification',
  ): MembershipRecord[] {
    const out: MembershipRecord[] = [];
    for (const site of sites) {
      const model = this.model(site, asOfMs);
      const last = signedUpBy(model, asOfMs);
      for (let i = 0; i < last; i++) {
        if (this.members.mayChangeWithin(model, i, between.fromMs, between.toMs, change)) out.push(this.members.record(model, i, asOfMs));
      }
    }
    return out;
  }

  membership(id: string, asOfMs = this.now()): MembershipRecord | undefined {
    const ref = membershipIndex(id);
    const site = ref ? siteById.get(ref.siteId) : undefined;
    if (!ref || !site) return undefined;
    const model = this.model(site, asOfMs);
    return ref.index < signedUpBy(model, asOfMs) ? this.members.record(model, ref.index, asOfMs) : undefined;
  }

  /** Books sold at these sites up to `asOfMs`; with `soldBetween`, only those sold within the inclusive bounds. */
  washbooks(sites: readonly ChainSite[], asOfMs: number, soldBetween?: { fromMs: number; toMs: number }): WashbookRecord[] {
    const out: WashbookRecord[] = [];
    for (const site of sites) {
      const from = soldBetween?.fromMs ?? localMidnight(site.timezone, WORLD_START_DATE);
      for (const book of this.cards.soldBetween('book', site, from, Math.min(asOfMs, soldBetween?.toMs ?? asOfMs))) out.push(this.washbookRecord(site, book));
    }
    return out;
  }

  washbook(id: string, asOfMs = this.now()): WashbookRecord | undefined {
    const book = this.cards.find('book', id);
    const site = book ? siteById.get(book.siteId) : undefined;
    return book && site && book.soldMs <= asOfMs ? this.washbookRecord(site, book) : undefined;
  }

  giftCards(sites: readonly ChainSite[], fromMs: number, toMs: number): GiftCardRecord[] {
    const out: GiftCardRecord[] = [];
    for (const site of sites) {
      for (const card of this.cards.soldBetween('gift', site, fromMs, toMs)) {
        out.push({
          giftcardId: card.id,
          siteId: card.siteId,
          number: card.number,
          valueCents: card.valueCents,
          soldMs: card.soldMs,
          usedCentsAt: (asOfMs) => this.cards.visits(card).reduce((sum, v) => (v.at <= asOfMs ? sum + v.paidCents : sum), 0),
        });
      }
    }
    return out;
  }

  items(site: ChainSite): ItemRecord[] {
    return catalogueOf(site);
  }

  employees(sites: readonly ChainSite[]): EmployeeRecord[] {
    return sites.flatMap((site) => employeesOf(this.seed, site));
  }

  employee(employeeId: number): EmployeeRecord | undefined {
    const { siteId, index } = employeeRef(employeeId);
    const site = siteById.get(siteId);
    return site ? employeesOf(this.seed, site)[index] : undefined;
  }

  clockEntries(employeeId: number, fromMs: number, toMs: number, asOfMs: number): ClockEntryRecord[] {
    const employee = this.employee(employeeId);
    const site = employee ? siteById.get(employee.siteId) : undefined;
    if (!employee || !site) return [];
    return clockEntriesOf(this.seed, site, employee, this.rates.laborHoursPerCar, fromMs, toMs, asOfMs);
  }

  salesOutcomes(sites: readonly ChainSite[], fromMs: number, toMs: number): SalesOutcomeRecord[] {
    const out: SalesOutcomeRecord[] = [];
    for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day <= toMs; day += DAY_MS) {
      for (const site of sites) for (const o of this.outcomes.ofDay(site, day)) if (o.atMs >= fromMs && o.atMs <= toMs) out.push(o);
    }
    return out.sort((a, b) => a.atMs - b.atMs || a.siteId - b.siteId);
  }

  // ---- Inside ------------------------------------------------------------------------------------------------

  /** The site's member model, built far enough to cover `atMs`. */
  private model(site: ChainSite, atMs: number): MemberModel {
    const needed = localOrdinal(site.timezone, Math.min(atMs, this.now() + FUTURE_DAYS * DAY_MS)) + 2;
    let model = this.models.get(site.siteId);
    if (!model || ordinalOfDate(model.horizonDate) < needed) {
      model = this.members.build(site, dateOfOrdinal(needed + HORIZON_MARGIN_DAYS));
      this.models.set(site.siteId, model);
    }
    return model;
  }

  /** The site's customers drawn up to pool index `count` (drawn once, kept per site: a page after the first is cheap). */
  private drawnCustomers(site: ChainSite, model: MemberModel, count: number): DrawnCustomers {
    let drawn = this.customerDraws.get(site.siteId);
    if (!drawn) {
      drawn = { pool: [], fleet: fleetCustomers(site).map((customer) => drawCustomer(this.seed, model, customer)) };
      this.customerDraws.set(site.siteId, drawn);
    }
    for (let customer = drawn.pool.length; customer < count; customer++) drawn.pool.push(drawCustomer(this.seed, model, customer));
    return drawn;
  }

  private washbookRecord(site: ChainSite, book: SoldCard): WashbookRecord {
    return {
      id: book.id,
      customerId: customerIdOf(site, book.customer) as string,
      siteId: site.siteId,
      name: WASHBOOKS[book.tier]!.name,
      balanceAt: (asOfMs) => (book.unlimited ? UNLIMITED_BALANCE : WASHBOOK_WASHES - book.plannedAt.filter((at) => at <= asOfMs).length),
      signUpMs: book.soldMs,
      cancelMs: null,
    };
  }

  /**
   * The site-day's world tickets in time order; with `detailed` false only how many there are (a day's count skips
   * the seeds, links and card draws, which only a generated bucket needs).
   */
  private computeDayEvents(site: ChainSite, start: number, end: number, detailed = true): DayEvent[] {
    const events: DayEvent[] = [];
    const add = (at: number, kind: Kind, planSeed: () => number, link: () => TransactionLink) =>
      events.push(detailed ? { at, kind, planSeed: planSeed(), link: link() } : COUNTED);
    const model = this.model(site, end);
    const seedOf = (...parts: Array<string | number>) => () => hashString(`${this.seed}|${parts.join('|')}`);
    // Sign-ups: one plan sale each, by the account's customer.
    for (let i = Math.max(model.initial, signedUpBy(model, start - 1)); i < model.count && (model.signUpMs[i] as number) < end; i++) {
      add(model.signUpMs[i] as number, 'memberSale', seedOf('sale', site.siteId, i), () => ({ customer: i, tier: model.tier0[i] as number }));
    }
    // Approved monthly billings on the sign-up's day of the month (the month's last day for later days).
    const days = new Set([localOrdinal(site.timezone, start), localOrdinal(site.timezone, end - 1)]);
    for (const day of days) {
      const dom = dayOfMonth(day);
      const monthEnd = dayOfMonth(day + 1) === 1;
      for (let signUpDom = dom; signUpDom <= (monthEnd ? 31 : dom); signUpDom++) {
        for (const i of model.byDayOfMonth[signUpDom] ?? []) {
          const k = monthsBetween(model.signUpDay[i] as number, day);
          if (k < 1) break; // accounts are in sign-up order: the rest signed up this month or later
          if (k > (model.approved[i] as number)) continue;
          const at = this.members.billingAt(model, i, k);
          if (at < start || at >= end) continue;
          add(at, 'memberBilling', seedOf('bill', site.siteId, i, k), () => {
            const card = this.members.cardAt(model, i, k);
            return { customer: i, tier: this.members.tierAt(model, i, at), cardLastFour: card.lastFour, cardExpiry: card.expiry };
          });
        }
      }
    }
    for (let u = lowerBound(model.upgradeAt, start); u < model.upgrades.length && (model.upgradeAt[u] as number) < end; u++) {
      const i = model.upgrades[u] as number;
      add(model.upgradeMs[i] as number, 'memberUpgrade', seedOf('upgrade', site.siteId, i), () => ({ customer: i, tier: (model.tier0[i] as number) + 1 }));
    }
    for (const card of this.cards.soldBetween('gift', site, start, end - 1)) add(card.soldMs, 'giftSale', () => card.planSeed, () => ({ tier: card.tier }));
    for (const { card, visit } of this.cards.visitsAt('gift', site, start, end)) {
      add(visit.at, 'giftRedeem', () => visit.planSeed, () => {
        const before = this.cards.visits(card).reduce((sum, v) => (v.at < visit.at ? sum + v.paidCents : sum), 0);
        return { giftCardNumber: card.number, giftBalanceCents: card.valueCents - before };
      });
    }
    for (const book of this.cards.soldBetween('book', site, start, end - 1)) add(book.soldMs, 'washbookSale', () => book.planSeed, () => ({ customer: book.customer, tier: book.tier }));
    for (const { card, visit } of this.cards.visitsAt('book', site, start, end)) add(visit.at, 'washbookRedeem', () => visit.planSeed, () => ({ customer: card.customer, tier: card.tier }));
    if (!detailed) return events;
    return events.sort((a, b) => a.at - b.at || a.planSeed - b.planSeed);
  }
}

