/**
 * Gift cards and washbooks, drawn per (site, local sale date) from their own streams: each card or book decides at
 * sale its visits (when it is presented and which ticket it pays), so a day's redemptions are known without the days
 * before them being generated. A gift card pays what it holds on each visit (a credit card pays the rest); a book
 * loses one wash per visit (unlimited books none).
 */
import { GIFT_CARDS, SITES, WASHBOOKS, siteById, type ChainSite } from '../chain.js';
import { buildTransaction } from '../transaction-builder.js';
import { hashString, type Prng } from '@washops/sim-kit';
import { LruCache } from '../lru.js';
import {
  GIFT_CARD_BREAKAGE, GIFT_CARD_MAX_VISITS, GIFT_CARD_SPEND_DAYS, UNLIMITED_WASHBOOK_SHARE, WASHBOOK_USE_DAYS, WASHBOOK_WASHES,
} from './rates.js';
import {
  dateOfOrdinal, drawCount, drawTimeOfDay, expectedSales, kindShare, localMidnight, localMidnightOf, localOrdinal, localParts,
  lowerBound, ordinalOfDate, streamPrng,
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
  /**
   * When it is meant to be presented, and each visit's ticket seed; a gift card stops early once spent (see
   * `CardsAndBooks.visits`). Typed arrays: a cold month draws the cards of the half-year before it.
   */
  plannedAt: Float64Array;
  plannedSeed: Uint32Array;
  /** Gift cards: what each visit paid (its length is the visits that happen), worked out on first need. */
  paidCents?: Int32Array;
}

const PHYSICAL_SITES = SITES.filter((s) => !s.virtual);
const ONLINE_SITES = SITES.filter((s) => s.virtual);

/** Sale days per block of the arrivals index (a gift card's spending window spans about five, a book's seven). */
const ARRIVAL_BLOCK_DAYS = 32;

/** Entries of one index list are numbered below this (a block's visits to one site are a few thousand). */
const ENTRY_SPAN = 2 ** 20;

/** Planned visits at one site, in time order, with the card, its seller's sale day and the visit's place in its plan. */
interface Arrivals {
  at: Float64Array;
  cards: SoldCard[];
  saleDay: Int32Array;
  planned: Uint8Array;
}

export class CardsAndBooks {
  /** Per (kind, site, sale date): every book the chain sold since the world's start is about 16 000. */
  private readonly byDate = new LruCache<string, SoldCard[]>(16_384);
  /** Per (kind, seller, block of sale days); a month over the chain touches about 330 (the half-year before it). */
  private readonly arrivalBlocks = new LruCache<string, Map<number, Arrivals>>(512);

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
    const firstDay = lastDay - (kind === 'gift' ? GIFT_CARD_SPEND_DAYS : WASHBOOK_USE_DAYS) - 1;
    const sellers = kind === 'gift' ? [site, ...ONLINE_SITES] : [site];
    for (const seller of sellers) {
      for (let block = Math.floor(firstDay / ARRIVAL_BLOCK_DAYS); block <= Math.floor(lastDay / ARRIVAL_BLOCK_DAYS); block++) {
        const arrivals = this.arrivals(kind, seller, block).get(site.siteId);
        if (!arrivals) continue;
        for (let i = lowerBound(arrivals.at, fromMs); i < arrivals.at.length && (arrivals.at[i] as number) < toMs; i++) {
          const saleDay = arrivals.saleDay[i] as number;
          if (saleDay < firstDay || saleDay > lastDay) continue;
          const card = arrivals.cards[i] as SoldCard;
          // A gift card stops at the visit that empties it: later planned visits do not happen.
          const planned = arrivals.planned[i] as number;
          if (card.kind === 'gift' && planned >= this.paidOf(card).length) continue;
          out.push({ card, visit: this.visit(card, planned) });
        }
      }
    }
    return out;
  }

  /**
   * The planned visits of what a seller sold within one block of sale days, per site presenting them, in time order:
   * a day's redemptions are found by binary search instead of a scan of every card sold in the months before it.
   */
  private arrivals(kind: 'gift' | 'book', seller: ChainSite, block: number): Map<number, Arrivals> {
    const key = `${kind}|${seller.siteId}|${block}`;
    let bySite = this.arrivalBlocks.get(key);
    if (!bySite) {
      const entries = new Map<number, { at: number[]; cards: SoldCard[]; saleDay: number[]; planned: number[] }>();
      for (let day = block * ARRIVAL_BLOCK_DAYS; day < (block + 1) * ARRIVAL_BLOCK_DAYS; day++) {
        for (const card of this.soldOn(kind, seller, dateOfOrdinal(day))) {
          let list = entries.get(card.redeemSiteId);
          if (!list) entries.set(card.redeemSiteId, (list = { at: [], cards: [], saleDay: [], planned: [] }));
          for (let planned = 0; planned < card.plannedAt.length; planned++) {
            list.at.push(card.plannedAt[planned] as number);
            list.cards.push(card);
            list.saleDay.push(day);
            list.planned.push(planned);
          }
        }
      }
      bySite = new Map();
      for (const [siteId, list] of entries) {
        // Visit times are whole seconds: second × 2^20 + entry sorts natively by time (ties by entry), no comparator.
        const n = list.at.length;
        const order = new Float64Array(n);
        for (let i = 0; i < n; i++) order[i] = Math.floor((list.at[i] as number) / 1000) * ENTRY_SPAN + i;
        order.sort();
        const sorted: Arrivals = { at: new Float64Array(n), cards: new Array<SoldCard>(n), saleDay: new Int32Array(n), planned: new Uint8Array(n) };
        for (let k = 0; k < n; k++) {
          const i = (order[k] as number) % ENTRY_SPAN;
          sorted.at[k] = list.at[i] as number;
          sorted.cards[k] = list.cards[i] as SoldCard;
          sorted.saleDay[k] = list.saleDay[i] as number;
          sorted.planned[k] = list.planned[i] as number;
        }
        bySite.set(siteId, sorted);
      }
      this.arrivalBlocks.set(key, bySite);
    }
    return bySite;
  }

  /** A card's visits: a gift card pays what each ticket owes, up to what it holds, until it is spent. */
  visits(card: SoldCard): Visit[] {
    const count = card.kind === 'gift' ? this.paidOf(card).length : card.plannedAt.length;
    return Array.from({ length: count }, (_, i) => this.visit(card, i));
  }

  /** The card's `i`-th visit (one that happens). */
  private visit(card: SoldCard, i: number): Visit {
    return { at: card.plannedAt[i] as number, planSeed: card.plannedSeed[i] as number, paidCents: card.paidCents?.[i] ?? 0 };
  }

  /** What each visit of a gift card paid: its tickets are built to learn what they owed. */
  private paidOf(card: SoldCard): Int32Array {
    if (card.paidCents) return card.paidCents;
    const redeemSite = siteById.get(card.redeemSiteId) as ChainSite;
    const paid: number[] = [];
    let balance = card.valueCents;
    for (let i = 0; i < card.plannedAt.length && balance > 0; i++) {
      const at = card.plannedAt[i] as number;
      const hour = localParts(redeemSite.timezone, at).hour;
      const link = { giftCardNumber: card.number, giftBalanceCents: balance };
      const ticket = buildTransaction({ seed: this.seed, site: redeemSite, kind: 'giftRedeem', planSeed: card.plannedSeed[i] as number, at, hour, summaryOnly: true, link });
      const paidCents = ticket.tenders.find((t) => t.tenderSubType === 'Giftcard')?.amount ?? 0;
      paid.push(paidCents);
      balance -= paidCents;
    }
    card.paidCents = new Int32Array(paid);
    return card.paidCents;
  }

  /** Parses a gift-card id or book id back to where and when it was sold. */
  find(kind: 'gift' | 'book', id: string): SoldCard | undefined {
    const match = /^(\d{4})(\d{5})(\d{3})$/.exec(id);
    if (!match) return undefined;
    const site = siteById.get(Number(match[1]));
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
      const planned = p.chance(GIFT_CARD_BREAKAGE) ? NO_VISITS : visitTimes(p, redeemSite, soldMs, 21, GIFT_CARD_SPEND_DAYS, GIFT_CARD_MAX_VISITS);
      return { kind: 'gift', id, siteId: site.siteId, redeemSiteId: redeemSite.siteId, tier, soldMs, planSeed, number, valueCents, customer: -1, unlimited: false, ...planned };
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
        number: '', valueCents: WASHBOOKS[tier]!.price, customer, unlimited, ...NO_VISITS,
      };
      Object.assign(book, visitTimes(p, site, soldMs, unlimited ? 6 : 14, WASHBOOK_USE_DAYS, washes));
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

type Planned = Pick<SoldCard, 'plannedAt' | 'plannedSeed'>;
const NO_VISITS: Planned = { plannedAt: new Float64Array(0), plannedSeed: new Uint32Array(0) };

/** Visits on later days, gaps drawn around `meanGapDays`, within `withinDays` of the sale and at most `max` of them. */
function visitTimes(p: Prng, site: ChainSite, soldMs: number, meanGapDays: number, withinDays: number, max: number): Planned {
  const at: number[] = [];
  const seeds: number[] = [];
  const saleDay = localOrdinal(site.timezone, soldMs);
  let day = saleDay;
  while (at.length < max) {
    day += 1 + Math.floor(-Math.log(1 - p.next()) * meanGapDays);
    if (day > saleDay + withinDays) break;
    at.push(localMidnightOf(site.timezone, day) + drawTimeOfDay(p, site));
    seeds.push(seed32(p));
  }
  return { plannedAt: new Float64Array(at), plannedSeed: new Uint32Array(seeds) };
}
