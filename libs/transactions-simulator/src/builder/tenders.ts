/** How a ticket is paid: one or two tenders per tender kind, with the cosmetic card digits drawn last. */
import type { Prng } from '@washops/sim-kit';
import type { BuiltTender, TenderKind, TransactionLink, TransactionStatus } from './types.js';

const BRANDS = ['Visa', 'MasterCard', 'Discover', 'Amex'] as const;
const BRAND_WEIGHTS = [52, 26, 8, 14];

function cardTender(p: Prng, summaryOnly: boolean, tender: string, subType: string, amount: number, at: number, minYears: number): BuiltTender {
  if (summaryOnly) return simpleTender(tender, subType, amount)[0]!;
  const year = new Date(at).getUTCFullYear() + p.int(minYears, 4);
  const month = String(p.int(1, 12)).padStart(2, '0');
  return {
    tender,
    tenderSubType: subType,
    amount,
    change: 0,
    total: amount,
    referenceNumber: p.digits(11),
    creditCardLastFour: p.digits(4),
    creditCardExpirationDate: `${year}-${month}`,
  };
}

function simpleTender(tender: string, tenderSubType: string | null, owed: number): BuiltTender[] {
  return [
    {
      tender,
      tenderSubType,
      amount: owed,
      change: 0,
      total: owed,
      referenceNumber: null,
      creditCardLastFour: null,
      creditCardExpirationDate: null,
    },
  ];
}

/**
 * With `summaryOnly`, cosmetic digits (card numbers, references) are left out: they are drawn last and change no amount.
 * A `link` fixes the card on file of a member billing and the gift card (and the balance it holds) of a redemption.
 */
export function buildTenders(p: Prng, kind: TenderKind, owed: number, at: number, status: TransactionStatus, summaryOnly: boolean, link?: TransactionLink): BuiltTender[] {
  const digits = (n: number): string => (summaryOnly ? '' : p.digits(n));
  const base = {
    referenceNumber: null,
    creditCardLastFour: null,
    creditCardExpirationDate: null,
  };
  if (kind === 'none') return [];
  if (status === 'Voided') return [{ tender: 'Void', tenderSubType: null, amount: 0, change: 0, total: 0, ...base }];
  switch (kind) {
    case 'cash': {
      if (owed <= 0) return simpleTender('Cash', null, owed);
      const step = p.weighted([1, 100, 500, 1000, 2000], [25, 20, 25, 15, 15]);
      const amount = Math.ceil(owed / step) * step;
      // A few customers wave off their change: the API's total then runs above the ticket (contract §2.3).
      const keepsChange = amount > owed && p.chance(0.05);
      const change = keepsChange ? 0 : owed - amount;
      return [{ tender: 'Cash', tenderSubType: null, amount, change, total: amount + change, ...base }];
    }
    case 'check':
      return [{ tender: 'Check', tenderSubType: null, amount: owed, change: 0, total: owed, ...base, referenceNumber: digits(4) }];
    case 'credit':
      return [cardTender(p, summaryOnly, 'Credit', p.weighted(BRANDS, BRAND_WEIGHTS), owed, at, 1)];
    case 'cardOnFile': {
      const tender = cardTender(p, summaryOnly, 'Credit', p.weighted(BRANDS, BRAND_WEIGHTS), owed, at, 0);
      if (!summaryOnly && link?.cardLastFour) Object.assign(tender, { creditCardLastFour: link.cardLastFour, creditCardExpirationDate: link.cardExpiry ?? null });
      return [tender];
    }
    case 'debit':
      return [cardTender(p, summaryOnly, 'Debit', 'Debit', owed, at, 1)];
    case 'fleet':
      return [cardTender(p, summaryOnly, 'Fleet', 'Voyager', owed, at, 1)];
    case 'thirdParty':
      return [{ ...simpleTender('Prepaid 3rd Party', '3rd Party Interface', owed)[0]!, referenceNumber: digits(12) }];
    case 'coupon':
      return [{ ...simpleTender('Coupon', 'Code', owed)[0]!, referenceNumber: digits(8) }];
    case 'memberRfid':
      return simpleTender('Prepaid', 'RFID Recurring', owed);
    case 'memberLpr':
      return simpleTender('Prepaid', 'LPR', owed);
    case 'prepaidWash':
      return [{ ...simpleTender('Prepaid Wash', 'Code', owed)[0]!, referenceNumber: digits(8) }];
    case 'washbook':
      return simpleTender('Prepaid', 'Washbook', owed);
    case 'giftcard': {
      // A card that runs out mid-ticket pays what it holds, a credit card the rest. Alone, a quarter of cards run out.
      const balance = link?.giftBalanceCents;
      const split = balance !== undefined ? balance < owed : owed > 500 && p.chance(0.25);
      const onCard = balance !== undefined ? Math.min(owed, balance) : split ? p.int(1, Math.floor(owed / 100) - 1) * 100 : owed;
      const reference = link?.giftCardNumber ?? (summaryOnly ? null : `GC${digits(10)}`);
      const gift = { ...simpleTender('Prepaid', 'Giftcard', onCard)[0]!, referenceNumber: reference };
      if (!split) return [gift];
      return [gift, cardTender(p, summaryOnly, 'Credit', p.weighted(BRANDS, BRAND_WEIGHTS), owed - onCard, at, 1)];
    }
    case 'houseRfid':
      return simpleTender('Paid On Account', 'House Account RFID', owed);
    case 'houseCard':
      return simpleTender('Paid On Account', 'House Account Card', owed);
  }
}
