/**
 * Gift cards and washbooks, drawn per (site, local sale date) from their own streams: each card or book decides at
 * sale its visits (when it is presented and which ticket it pays), so a day's redemptions are known without the days
 * before them being generated. A gift card pays what it holds on each visit (a credit card pays the rest); a book
 * loses one wash per visit (unlimited books none).
 */
import { GIFT_CARDS, SITES, WASHBOOKS, type ChainSite } from '../chain.js';
import { buildTransaction } from '../transaction-builder.js';
import { hashString, type Prng } from '@washops/sim-kit';
import { LruCache } from '../lru.js';
import {
  GIFT_CARD_BREAKAGE, GIFT_CARD_MAX_VISITS, GIFT_CARD_SPEND_DAYS, UNLIMITED_WASHBOOK_SHARE, WASHBOOK_USE_DAYS, WASHBOOK_WASHES,
} from './rates.js';
import {
  dateOfOrdinal, drawCount, drawTimeOfDay, expectedSales, kindShare, localMidnight, localMidnightOf, localOrdinal, localParts,
  ordinalOfDate, streamPrng,
} from './rhythm.js';

export interface Visit {
  at: number;
  planSeed: number;
  /** Gift cards: what the card paid on this visit (cents). */
  paidCents: number;
}

export interface SoldCard {
  kind: 'gift' | 'book';
  id: string;
  siteId: number;
  /** Where it is presented: the selling site, or for the online store a site by the card's number. */
  redeemSiteId: number;
  tier: number;
  soldMs: number;
  planSeed: number;
  /** Gift cards: printed number and value; books: the buyer (index into the site's customer pool). */
  number: string;
  valueCents: number;
  customer: number;
  unlimited: boolean;
  /** When it is meant to be presented; a gift card stops early once spent (see `CardsAndBooks.visits`). */
  planned: Array<{ at: number; planSeed: number }>;
  /** Worked out on first need (a gift card's visits build their tickets to learn what the card paid). */
  visits?: Visit[];
}

function plannedWithin(card: SoldCard, fromMs: number, toMs: number): boolean {
  const planned = card.planned;
  return planned.length > 0 && (planned[planned.length - 1] as { at: number }).at >= fromMs && (planned[0] as { at: number }).at < toMs;
}

const PHYSICAL_SITES = SITES.filter((s) => !s.virtual);

export class CardsAndBooks {
  private readonly byDate = new LruCache<string, SoldCard[]>(30_000);

  constructor(private readonly seed: string) {}

  /** Gift cards (`gift`) or washbooks (`book`) sold at a site on a local date, in sale order. */
  soldOn(kind: 'gift' | 'book', site: ChainSite, date: string): SoldCard[] {
    const key = `${kind}|${site.siteId}|${date}`;
    let cards = this.byDate.get(key);
    if (!cards) {
      cards = kind === 'gift' ? this.drawGiftCards(site, date) : this.drawBooks(site, date);
      this.byDate.set(key, cards);
    }
    return cards;
  }

  /** Cards and books sold at a site within inclusive bounds (ms). */
  soldBetween(kind: 'gift' | 'book', site: ChainSite, fromMs: number, toMs: number): SoldCard[] {
    const out: SoldCard[] = [];
    const first = localOrdinal(site.timezone, fromMs);
    const last = localOrdinal(site.timezone, toMs);
    for (let day = first; day <= last; day++) {
      for (const card of this.soldOn(kind, site, dateOfOrdinal(day))) if (card.soldMs >= fromMs && card.soldMs <= toMs) out.push(card);
    }
    return out;
  }

  /** Every card or book presented at a site within [fromMs, toMs), with the visit. */
  visitsAt(kind: 'gift' | 'book', site: ChainSite, fromMs: number, toMs: number): Array<{ card: SoldCard; visit: Visit }> {
    if (site.virtual) return [];
    const out: Array<{ card: SoldCard; visit: Visit }> = [];
    const lastDay = localOrdinal(site.timezone, toMs - 1);
    const days = kind === 'gift' ? GIFT_CARD_SPEND_DAYS : WASHBOOK_USE_DAYS;
    const sellers = kind === 'gift' ? SITES.filter((s) => s === site || s.virtual) : [site];
    for (const seller of sellers) {
      for (let day = lastDay - days - 1; day <= lastDay; day++) {
        for (const card of this.soldOn(kind, seller, dateOfOrdinal(day))) {
          if (card.redeemSiteId !== site.siteId || !plannedWithin(card, fromMs, toMs)) continue;
          for (const visit of this.visits(card)) if (visit.at >= fromMs && visit.at < toMs) out.push({ card, visit });
        }
      }
    }
    return out;
  }

  /** A card's visits: a gift card pays what each ticket owes, up to what it holds, until it is spent. */
  visits(card: SoldCard): Visit[] {
    if (card.visits) return card.visits;
    const visits: Visit[] = [];
    if (card.kind === 'book') {
      for (const { at, planSeed } of card.planned) visits.push({ at, planSeed, paidCents: 0 });
    } else {
      const redeemSite = SITES.find((s) => s.siteId === card.redeemSiteId) as ChainSite;
      let balance = card.valueCents;
      for (const { at, planSeed } of card.planned) {
        const hour = localParts(redeemSite.timezone, at).hour;
        const link = { giftCardNumber: card.number, giftBalanceCents: balance };
        const ticket = buildTransaction({ seed: this.seed, site: redeemSite, kind: 'giftRedeem', planSeed, at, hour, summaryOnly: true, link });
        const paidCents = ticket.tenders.find((t) => t.tenderSubType === 'Giftcard')?.amount ?? 0;
        visits.push({ at, planSeed, paidCents });
        balance -= paidCents;
        if (balance <= 0) break;
      }
    }
    card.visits = visits;
    return visits;
  }

  /** Parses a gift-card id or book id back to where and when it was sold. */
  find(kind: 'gift' | 'book', id: string): SoldCard | undefined {
    const match = /^(\d{4})(\d{5})(\d{3})$/.exec(id);
    if (!match) return undefined;
    const site = SITES.find((s) => s.siteId === Number(match[1]));
    if (!site) return undefined;
    return this.soldOn(kind, site, dateOfOrdinal(Number(match[2])))[Number(match[3])];
  }

  private sales(kind: 'gift' | 'book', site: ChainSite, date: string): { p: Prng; times: number[] } {
    const p = streamPrng(this.seed, kind === 'gift' ? 'giftcards' : 'washbooks', site.siteId, date);
    const mean = expectedSales(this.seed, site, date) * kindShare(site, kind === 'gift' ? 'giftSale' : 'washbookSale');
    const n = mean > 0 ? drawCount(p, mean) : 0;
    const midnight = localMidnight(site.timezone, date);
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(midnight + drawTimeOfDay(p, site));
    return { p, times: times.sort((a, b) => a - b) };
  }

  private drawGiftCards(site: ChainSite, date: string): SoldCard[] {
    const { p, times } = this.sales('gift', site, date);
    return times.map((soldMs, i) => {
      const id = cardId(site, date, i);
      const tier = p.weighted([0, 1, 2], [45, 40, 15]);
      const valueCents = GIFT_CARDS[tier]!.price;
      const number = `GC${String(hashString(`${this.seed}|gc|${id}`)).padStart(10, '0')}`;
      const redeemSite = site.virtual ? PHYSICAL_SITES[hashString(number) % PHYSICAL_SITES.length]! : site;
      const planSeed = seed32(p);
      // A card is spent in a handful of visits; it stops at the one that empties it.
      const planned = p.chance(GIFT_CARD_BREAKAGE) ? [] : visitTimes(p, redeemSite, soldMs, 21, GIFT_CARD_SPEND_DAYS, GIFT_CARD_MAX_VISITS);
      return { kind: 'gift', id, siteId: site.siteId, redeemSiteId: redeemSite.siteId, tier, soldMs, planSeed, number, valueCents, customer: -1, unlimited: false, planned };
    });
  }

  private drawBooks(site: ChainSite, date: string): SoldCard[] {
    if (site.virtual) return [];
    const { p, times } = this.sales('book', site, date);
    return times.map((soldMs, i) => {
      const tier = p.weighted([0, 1, 2, 3], [38, 30, 22, 10]);
      const unlimited = p.chance(UNLIMITED_WASHBOOK_SHARE);
      const washes = unlimited ? Number.MAX_SAFE_INTEGER : p.chance(0.7) ? WASHBOOK_WASHES : p.int(2, WASHBOOK_WASHES - 1);
      const customer = p.int(0, Math.max(site.members, 1) * 2 - 1);
      const book: SoldCard = {
        kind: 'book', id: cardId(site, date, i), siteId: site.siteId, redeemSiteId: site.siteId, tier, soldMs, planSeed: seed32(p),
        number: '', valueCents: WASHBOOKS[tier]!.price, customer, unlimited, planned: [],
      };
      book.planned = visitTimes(p, site, soldMs, unlimited ? 6 : 14, WASHBOOK_USE_DAYS, washes);
      return book;
    });
  }
}

/** `<siteId><sale day since 1970, 5 digits><index, 3 digits>`: parseable back to the day that drew it. */
function cardId(site: ChainSite, date: string, index: number): string {
  return `${site.siteId}${String(ordinalOfDate(date)).padStart(5, '0')}${String(index).padStart(3, '0')}`;
}

function seed32(p: Prng): number {
  return (p.next() * 4294967296) >>> 0;
}

/** Visits on later days, gaps drawn around `meanGapDays`, within `withinDays` of the sale and at most `max` of them. */
function visitTimes(p: Prng, site: ChainSite, soldMs: number, meanGapDays: number, withinDays: number, max: number): Array<{ at: number; planSeed: number }> {
  const out: Array<{ at: number; planSeed: number }> = [];
  const saleDay = localOrdinal(site.timezone, soldMs);
  let day = saleDay;
  while (out.length < max) {
    day += 1 + Math.floor(-Math.log(1 - p.next()) * meanGapDays);
    if (day > saleDay + withinDays) break;
    out.push({ at: localMidnightOf(site.timezone, day) + drawTimeOfDay(p, site), planSeed: seed32(p) });
  }
  return out;
}
