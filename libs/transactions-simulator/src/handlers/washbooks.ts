/** `/washbook/account/list` (SC; sign-up dates, at most 6 months) and `/washbook/account/{account_id}/detail`. */
import { WASHBOOKS } from '../chain.js';
import { dollars, vendorDateTime } from '../envelopes.js';
import { json } from '../http.js';
import type { MembershipRecord, WashbookRecord } from '../world/types.js';
import { notFound, PAGE_SIZES, parsePaging, parseUnixRange, RESOURCE_RANGES } from '../validation.js';
import { parseChoice, parseIdentifier, rejectProblems } from '../resource-params.js';
import type { Handler, SimState } from './context.js';
import { criteriaKey, pageReply, rowsOf, selectionMoment, upTo } from './paging.js';
import { recurringDetail } from './recurring.js';
import { accountCustomer, byTimeThenId, itemIdOf } from './render.js';

const STATUSES = ['active', 'inactive'] as const;

export const washbookList: Handler = (state, ctx) => {
  const problems: string[] = [];
  const status = parseChoice(ctx.query, 'accountStatus', STATUSES, 'accountStatusInvalid', problems);
  const customerId = parseIdentifier(ctx.query, 'customerId', 'customerIdMalformed', problems);
  const itemId = parseIdentifier(ctx.query, 'itemId', 'itemIdMalformed', problems);
  const range = parseUnixRange(ctx.query, state.clock.now(), RESOURCE_RANGES.accounts, problems);
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
  rejectProblems(problems);
  const now = state.clock.now();
  const sites = ctx.caller.visible;
  const criteria = criteriaKey(ctx, sites);
  const at = selectionMoment(state, range.endMs);
  const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${range.startMs}|${at}`, () => {
    const rows = state.world
      .washbooks(sites, at, { fromMs: range.startMs, toMs: at })
      .filter(
        (w) =>
          w.signUpMs >= range.startMs &&
          w.signUpMs <= at &&
          (customerId === undefined || w.customerId === customerId) &&
          (itemId === undefined || washbookItemId(w) === itemId),
      );
    return byTimeThenId(rows, (w) => w.signUpMs, (w) => w.id);
  });
  // Whether a book is active depends on now (washes used, cancellation): decided on each request.
  const ordered = upTo(selected, range.endMs, (w) => w.signUpMs).filter(
    (w) => status === undefined || (isActive(current(state, w), now) ? 'active' : 'inactive') === status,
  );
  return pageReply(state, ctx, 'accounts', ordered, page, criteria, (selected) => {
    const w = current(state, selected);
    return {
      id: w.id,
      name: w.name,
      // A string in the spec's own schema; 999 (the "900 range") means unlimited.
      balance: String(w.balanceAt(now)),
      signUpDate: vendorDateTime(w.signUpMs),
      cancelDate: w.cancelMs !== null && w.cancelMs <= now ? vendorDateTime(w.cancelMs) : null,
      billingSiteId: w.siteId,
      customerId: w.customerId,
      status: isActive(w, now) ? 'Active' : 'Inactive',
    };
  });
};

/** The book as of now (lists select books as of their range's end; see `recurring.ts`). */
function current(state: SimState, w: WashbookRecord): WashbookRecord {
  return state.world.washbook(w.id) ?? w;
}

/** "This can represent prepaid accounts that are recurring (monthly, annual) or non-recurring": both ids answer. */
export const washbookGet: Handler = (state, ctx) => {
  const id = ctx.params['account_id'] ?? '';
  const now = state.clock.now();
  const visible = (siteId: number): boolean => ctx.caller.allowed.some((s) => s.siteId === siteId);
  const book = state.world.washbook(id);
  if (book && book.signUpMs <= now && visible(book.siteId)) return json(200, { data: washbookDetail(state, book) });
  const member = state.world.membership(id);
  if (member && member.signUpMs <= now && visible(member.siteId)) return json(200, { data: membershipAsWashbook(state, member) });
  throw notFound('accountNotFound');
};

function washbookDetail(state: SimState, w: WashbookRecord): Record<string, unknown> {
  const now = state.clock.now();
  return {
    id: w.id,
    name: w.name,
    balance: balanceValue(state, w.balanceAt(now)),
    customer: accountCustomer(state.world, w.customerId),
    status: isActive(w, now) ? 'Active' : 'Inactive',
    // Not a recurring account: nothing to bill.
    recurringInfo: { currentBillableAmount: 0, nextBillDate: null, lastBillDate: null, isOnTrial: false, remainingTrialPeriods: 0 },
    tags: [],
    vehicles: [],
  };
}

/** A membership seen through the washbook detail: unlimited washes, its billing as `recurringInfo`. */
function membershipAsWashbook(state: SimState, m: MembershipRecord): Record<string, unknown> {
  const detail = recurringDetail(state, m);
  const active = m.endMs === null || m.endMs > state.clock.now();
  return {
    id: m.id,
    name: m.planName,
    balance: balanceValue(state, UNLIMITED),
    customer: detail['customer'],
    status: active ? 'Active' : 'Inactive',
    recurringInfo: {
      currentBillableAmount: dollars(m.priceCents),
      nextBillDate: active ? detail['nextBillDate'] : null,
      lastBillDate: detail['lastBillDate'],
      isOnTrial: m.isOnTrial,
      remainingTrialPeriods: m.isOnTrial ? 1 : 0,
    },
    tags: detail['tags'],
    vehicles: detail['vehicles'],
  };
}

const UNLIMITED = 999;

/** The detail's balance: a number in the schema ("format: string", example '5.00'); a string under §9.8. */
function balanceValue(state: SimState, washes: number): number | string {
  return state.settings.realism.resourceNumbersAsStrings ? washes.toFixed(2) : washes;
}

function isActive(w: WashbookRecord, now: number): boolean {
  return (w.cancelMs === null || w.cancelMs > now) && w.balanceAt(now) > 0;
}

function washbookItemId(w: WashbookRecord): string | undefined {
  const item = WASHBOOKS.find((b) => b.name === w.name);
  return item ? itemIdOf(item.sku, w.siteId) : undefined;
}
