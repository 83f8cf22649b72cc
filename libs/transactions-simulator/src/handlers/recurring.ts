/**
 * The recurring accounts (memberships): `/recurring/account/list`, `/{id}/detail`, `/details/list`, `/status-list`
 * (1-hour cache) and `/modifications`. Lists filter on the sign-up date; statuses are as of the range's end.
 */
import { PLANS } from '../chain.js';
import { calendarDate, dollars, dollarText, isoDateTime, vendorDateTime } from '../envelopes.js';
import { json } from '../http.js';
import type { MembershipRecord, StatusEvent } from '../world/types.js';
import { notFound, PAGE_SIZES, parsePaging, parseUnixRange, RESOURCE_RANGES } from '../validation.js';
import { parseCode, parseIdentifier, rejectProblems, selectSiteList } from '../resource-params.js';
import type { Ctx, Handler, SimState } from './context.js';
import { cachedReply, criteriaKey, pageReply, rowsOf, selectionMoment, upTo } from './paging.js';
import { accountCustomer, byTimeThenId, itemIdOf, siteCodeOf, statusName } from './render.js';

/** `/recurring/account/status-list` is cached for 1 hour (§1 "Server-side caching"). */
const STATUS_LIST_CACHE_TTL_MS = 60 * 60_000;
const STATUS_CODES = 15;
/** The `modifications` filter 1–7 (the spec's enum; its description names nine). */
const MODIFICATION_TYPES = [
  'Tag Added',
  'Tags Removed',
  'Billing Amount Change',
  'Vehicle Plate Changed',
  'Tag Enabled',
  'Tag Disabled',
  'Account Status Changed',
] as const;
const ACTIVE = 1;
const SUSPENDED = 5;
const CANCELLED = 7;
/** The price added at the next bill for each tag beyond the first. */
const ADDITIONAL_TAG_CENTS = 1000;
/** How long a suspension lasts (the world records when it started, not until when). */
const SUSPENSION_MS = 30 * 86_400_000;
/** Who changes statuses when no employee did: the billing software ("employees can be considered as software services"). */
const BILLING_SERVICE = 'Recurring Billing Service';

export const recurringList: Handler = (state, ctx) => {
  const problems: string[] = [];
  const status = parseCode(ctx.query, 'recurringAccountStatus', STATUS_CODES, 'recurringStatusInvalid', problems);
  const customerId = parseIdentifier(ctx.query, 'customerId', 'customerIdMalformed', problems);
  const itemId = parseIdentifier(ctx.query, 'itemId', 'itemIdMalformed', problems);
  const range = parseUnixRange(ctx.query, state.clock.now(), RESOURCE_RANGES.accounts, problems);
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
  rejectProblems(problems);
  const sites = ctx.caller.visible;
  const criteria = criteriaKey(ctx, sites);
  const at = selectionMoment(state, range.endMs);
  const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${range.startMs}|${at}`, () =>
    signedUpWithin(state, sites, range.startMs, at).filter(
      (m) => (customerId === undefined || m.customerId === customerId) && (itemId === undefined || planItemId(m) === itemId),
    ),
  );
  const rows = upTo(selected, range.endMs, (m) => m.signUpMs).filter((m) => status === undefined || statusAt(m, range.endMs).status === status);
  return pageReply(state, ctx, 'accounts', rows, page, criteria, (m) => {
    const code = statusAt(m, range.endMs).status;
    return {
      id: m.id,
      name: m.planName,
      balance: null,
      signUpDate: vendorDateTime(m.signUpMs),
      // "This field is dynamic based on date entered": cancelled by the end of the range.
      cancelDate: m.endMs !== null && m.endMs <= range.endMs ? vendorDateTime(m.endMs) : null,
      billingSiteId: m.siteId,
      customerId: m.customerId,
      status: code,
      statusName: statusName(code),
      billingSiteCode: siteCodeOf(m.siteId),
    };
  });
};

export const recurringGet: Handler = (state, ctx) => {
  const m = state.world.membership(ctx.params['account_id'] ?? '');
  if (!m || m.signUpMs > state.clock.now() || !ctx.caller.allowed.some((s) => s.siteId === m.siteId)) throw notFound('accountNotFound');
  return json(200, { data: recurringDetail(state, m) });
};

export const recurringDetailsList: Handler = (state, ctx) => {
  const problems: string[] = [];
  const status = parseCode(ctx.query, 'recurringAccountStatus', STATUS_CODES, 'recurringStatusInvalid', problems);
  const range = parseUnixRange(ctx.query, state.clock.now(), RESOURCE_RANGES.accountDetails, problems);
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
  rejectProblems(problems);
  const sites = ctx.caller.visible;
  const criteria = criteriaKey(ctx, sites);
  const at = selectionMoment(state, range.endMs);
  const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${range.startMs}|${at}`, () => signedUpWithin(state, sites, range.startMs, at));
  const rows = upTo(selected, range.endMs, (m) => m.signUpMs).filter((m) => status === undefined || statusAt(m, range.endMs).status === status);
  return pageReply(state, ctx, 'accounts', rows, page, criteria, (m) => recurringDetail(state, current(state, m)));
};

export const recurringStatusList: Handler = (state, ctx) =>
  cachedReply(state, ctx, STATUS_LIST_CACHE_TTL_MS, () => {
    const problems: string[] = [];
    const status = parseCode(ctx.query, 'recurringAccountStatus', STATUS_CODES, 'recurringStatusInvalid', problems);
    const range = parseUnixRange(ctx.query, state.clock.now(), RESOURCE_RANGES.statusChanges, problems);
    const page = parsePaging(ctx.query, problems, PAGE_SIZES.statusList);
    rejectProblems(problems);
    const sites = ctx.caller.visible;
    const criteria = criteriaKey(ctx, sites);
    const at = selectionMoment(state, range.endMs);
    const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${range.startMs}|${at}`, () => {
      const changes: Array<{ m: MembershipRecord; from: StatusEvent; to: StatusEvent }> = [];
      for (const m of state.world.membershipsChangedWithin(sites, at, { fromMs: range.startMs, toMs: at }, 'status')) {
        m.statuses.forEach((to, i) => {
          const from = m.statuses[i - 1];
          if (from && to.atMs >= range.startMs && to.atMs <= at && (status === undefined || to.status === status)) changes.push({ m, from, to });
        });
      }
      return byTimeThenId(changes, (c) => c.to.atMs, (c) => c.m.id);
    });
    const ordered = upTo(selected, range.endMs, (c) => c.to.atMs);
    return pageReply(state, ctx, 'accounts', ordered, page, criteria, ({ m, from, to }) => ({
      washbook_account_id: m.id,
      recurring_id: recurringIdOf(m),
      old_status: statusListName(from.status),
      new_status: statusListName(to.status),
      status_date: isoDateTime(to.atMs),
      employee_name: to.employeeName ?? BILLING_SERVICE,
      site_code: to.siteCode,
    }));
  });

export const recurringModifications: Handler = (state, ctx) => {
  const problems: string[] = [];
  const type = parseCode(ctx.query, 'modifications', MODIFICATION_TYPES.length, 'modificationInvalid', problems);
  const range = parseUnixRange(ctx.query, state.clock.now(), RESOURCE_RANGES.accounts, problems);
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
  const sites = selectSiteList(ctx.query['sites'], ctx.caller.visible);
  rejectProblems(problems);
  const typeName = type === undefined ? undefined : MODIFICATION_TYPES[type - 1];
  const criteria = criteriaKey(ctx, sites);
  // Filtered on the modification's date (the endpoint's summary), not the sign-up date its description repeats.
  const at = selectionMoment(state, range.endMs);
  const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${range.startMs}|${at}`, () => {
    const rows = state.world
      .membershipsChangedWithin(sites, at, { fromMs: range.startMs, toMs: at }, 'modification')
      .map((m) => ({
        m,
        mods: m.modifications.filter((x) => x.atMs >= range.startMs && x.atMs <= at && (typeName === undefined || x.name === typeName)),
      }))
      .filter((r) => r.mods.length > 0);
    return byTimeThenId(rows, (r) => r.mods[0]!.atMs, (r) => r.m.id);
  });
  // Accounts in order of their first modification in the range: those modified by the range's end lead.
  const ordered = upTo(selected, range.endMs, (r) => r.mods[0]!.atMs).map((r) => ({ m: r.m, mods: r.mods.filter((x) => x.atMs <= range.endMs) }));
  const live = state.settings.realism.liveModificationKeys;
  return pageReply(state, ctx, 'accounts', ordered, page, criteria, ({ m, mods }) => ({
    ...recurringDetail(state, current(state, m)),
    modifications: mods.map((x) =>
      live
        ? { name: x.name, date: vendorDateTime(x.atMs), comment: x.comment }
        : { modificationType: x.name, modificationDate: vendorDateTime(x.atMs), modificationComment: x.comment },
    ),
  }));
};

/**
 * The account as of now. Lists select accounts as of their range's end (the world's records then hold only what had
 * happened by that moment); a detail shows everything up to now.
 */
function current(state: SimState, m: MembershipRecord): MembershipRecord {
  return state.world.membership(m.id) ?? m;
}

/** Accounts signed up within the bounds, as of `toMs`, in sign-up order. */
function signedUpWithin(state: SimState, sites: Ctx['caller']['visible'], fromMs: number, toMs: number): MembershipRecord[] {
  const rows = state.world.memberships(sites, toMs, { fromMs, toMs }).filter((m) => m.signUpMs >= fromMs && m.signUpMs <= toMs);
  return byTimeThenId(rows, (m) => m.signUpMs, (m) => m.id);
}

/** The account's status at a moment: its last status event by then. */
function statusAt(m: MembershipRecord, atMs: number): StatusEvent {
  let current: StatusEvent = m.statuses[0] ?? { status: ACTIVE, atMs: m.signUpMs, employeeName: null, siteCode: siteCodeOf(m.siteId) };
  for (const s of m.statuses) if (s.atMs <= atMs) current = s;
  return current;
}

/** The status-list's enum spells 15 "Unknown error" (the others' "Unknown error error"). */
function statusListName(code: number): string {
  return code === 15 ? 'Unknown error' : statusName(code);
}

function planItemId(m: MembershipRecord): string | undefined {
  const plan = PLANS[m.planIndex];
  return plan ? itemIdOf(plan.sku, m.siteId) : undefined;
}

/** The status list's "alternative unique identifier": the account's record number in the recurring table. */
function recurringIdOf(m: MembershipRecord): string {
  const [record, site] = m.id.split(':');
  return `${Number(record) + 1}:${site}`;
}

/** `RecurringAccountDetailObject`, as of now. */
export function recurringDetail(state: SimState, m: MembershipRecord): Record<string, unknown> {
  const now = state.clock.now();
  const asText = state.settings.realism.resourceNumbersAsStrings;
  const money = (cents: number): number | string => (asText ? dollarText(cents) : dollars(cents));
  const current = statusAt(m, now);
  const billed = m.billings.filter((b) => b.approved && b.atMs <= now);
  const last = billed[billed.length - 1];
  const nextBillMs = addMonth(last?.atMs ?? m.signUpMs);
  const recurringStatuses = m.statuses
    .filter((s) => s.atMs <= now && (s.status === ACTIVE || s.status === SUSPENDED || s.status === CANCELLED))
    .map((s) => ({ status: s.status === ACTIVE ? 'Active' : s.status === SUSPENDED ? 'Suspended' : 'Canceled', date: isoDateTime(s.atMs) }));
  return {
    id: m.id,
    isOnTrial: m.isOnTrial,
    trialAmount: money(m.trialAmountCents ?? 0),
    billingSiteCode: siteCodeOf(m.siteId),
    creationSiteCode: siteCodeOf(m.siteId),
    nextBillDate: calendarDate(nextBillMs),
    tags: m.tags.map((t) => ({ id: t.id, number: t.number, enabled: t.enabled })),
    vehicles: m.vehicles.map((v) => ({ id: v.id, plate: v.plate })),
    lastBillDate: last ? calendarDate(last.atMs) : null,
    billingAmount: last ? money(last.amountCents) : null,
    isSuspended: current.status === SUSPENDED,
    suspendedUntil: current.status === SUSPENDED ? calendarDate(current.atMs + SUSPENSION_MS) : null,
    currentRecurringStatusName: statusName(current.status),
    planName: m.planName,
    customer: accountCustomer(state.world, m.customerId),
    recurringStatuses,
    // Successful charges only, as the spec's RecurringBilling says; the card as the API masks it.
    recurringBillings: billed.map((b) => ({
      amountCharged: money(b.amountCents),
      date: isoDateTime(b.atMs),
      lastFourCC: `XXXXXXXXXXXX${b.cardLastFour}`,
      creditCardExpirationDate: b.cardExpiry,
    })),
    additionalTagPrice: m.tags.length > 1 ? dollars(ADDITIONAL_TAG_CENTS * (m.tags.length - 1)) : null,
  };
}

function addMonth(ms: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
}
