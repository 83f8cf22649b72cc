/** `GET /customer` (SC) and `GET /customer/{customer_id}`. */
import { calendarDate, isoDateTime, optionalString, vendorDateTime } from '../envelopes.js';
import { json } from '../http.js';
import type { CustomerRecord } from '../world/types.js';
import { notFound, PAGE_SIZES, parsePaging } from '../validation.js';
import { nationalDigits, parseChoice, parseCustomerDates, parseEntityId, parsePhoneNumber, rejectProblems } from '../resource-params.js';
import type { Handler, SimState } from './context.js';
import { criteriaKey, pageReply, rowsOf, selectionMoment } from './paging.js';
import { byTimeThenId, nullLive } from './render.js';

const STATUSES = ['active', 'inactive'] as const;

/** The sandbox's documented missing customer (§9.13); no site 999 exists, so production answers 404 for it too. */
const SANDBOX_MISSING_CUSTOMER = '999:999';

export const customerList: Handler = (state, ctx) => {
  const problems: string[] = [];
  const status = parseChoice(ctx.query, 'status', STATUSES, 'customerStatusInvalid', problems);
  const phone = parsePhoneNumber(ctx.query, problems);
  const { createdFromMs, modifiedToMs } = parseCustomerDates(ctx.query, state.clock.now(), problems);
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
  rejectProblems(problems);
  const firstName = ctx.query['firstName']?.trim().toLowerCase();
  const lastName = ctx.query['lastName']?.trim().toLowerCase();
  const sites = ctx.caller.visible;
  const criteria = criteriaKey(ctx, sites);
  const now = state.clock.now();
  // Selected as of the day's end (a chain has a few hundred thousand customers), then seen as of now: a record as of
  // now is the day-end one without later creations and without a modification not yet made.
  const at = selectionMoment(state, now);
  const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${at}`, () => {
    const rows = state.world.customers(sites, at, createdFromMs).filter(
      (c) =>
        (status === undefined || c.isActive === (status === 'active')) &&
        (!firstName || c.firstName.toLowerCase().startsWith(firstName)) &&
        (!lastName || c.lastName.toLowerCase().startsWith(lastName)) &&
        (phone === undefined || (c.phone !== null && nationalDigits(c.phone) === phone)) &&
        (createdFromMs === undefined || c.createdMs >= createdFromMs),
    );
    return byTimeThenId(rows, (c) => c.createdMs, (c) => c.customerId);
  });
  const rows: CustomerRecord[] = [];
  for (const selectedRow of selected) {
    if (selectedRow.createdMs > now) break; // in creation order
    const c = selectedRow.modifiedMs !== null && selectedRow.modifiedMs > now ? { ...selectedRow, modifiedMs: null } : selectedRow;
    // "Those who have not been modified are also included."
    if (modifiedToMs === undefined || c.modifiedMs === null || c.modifiedMs <= modifiedToMs) rows.push(c);
  }
  return pageReply(state, ctx, 'customers', rows, page, criteria, (c) => customerListItem(state, c));
};

export const customerGet: Handler = (state, ctx) => {
  const id = parseEntityId(ctx.params['customer_id'] ?? '', 'customerPathMalformed');
  if (id === SANDBOX_MISSING_CUSTOMER) throw notFound('customerNotFound');
  const customer = state.world.customer(id);
  if (!customer || customer.createdMs > state.clock.now() || !ctx.caller.allowed.some((s) => s.siteId === customer.siteId)) {
    throw notFound('customerNotFound');
  }
  return json(200, { data: customerObject(state, customer) });
};

function customerListItem(state: SimState, c: CustomerRecord): Record<string, unknown> {
  return {
    customerId: c.customerId,
    firstName: c.firstName,
    lastName: c.lastName,
    phoneNumber: optionalString(c.phone, state.settings.realism),
    customerNumber: optionalString(c.number, state.settings.realism),
    isActive: c.isActive,
    createdDate: vendorDateTime(c.createdMs),
    // §9.7: null live for records never modified; the spec's shape has a date, so the creation date stands in.
    modifiedDate:
      c.modifiedMs !== null ? vendorDateTime(c.modifiedMs) : state.settings.realism.nullLiveFields ? null : vendorDateTime(c.createdMs),
  };
}

function customerObject(state: SimState, c: CustomerRecord): Record<string, unknown> {
  const address = c.address;
  return {
    id: c.customerId,
    number: c.number,
    firstName: c.firstName,
    lastName: c.lastName,
    // The world keeps no company or loyalty programme; the spec's shape has strings, live sends null (§9.7).
    companyName: nullLive(state, 'companyName', c.customerId) ? null : '',
    loyaltyNumber: nullLive(state, 'loyaltyNumber', c.customerId) ? null : c.number,
    address: {
      address1: address?.address1 ?? null,
      address2: address?.address2 ?? null,
      city: address?.city ?? null,
      state: address?.state ?? null,
      country: address?.country ?? null,
      postalCode: address?.postalCode ?? null,
    },
    phone: optionalString(c.phone, state.settings.realism),
    email: optionalString(c.email, state.settings.realism),
    birthDate: c.birthDate === null ? null : calendarDate(Date.parse(c.birthDate)),
    isActive: c.isActive,
    allowSms: c.allowSms,
    // Opted in when they signed up, if they allow SMS at all.
    recurringSmsSignupDate: c.allowSms ? isoDateTime(c.createdMs) : null,
    loyaltySmsSignupDate: null,
    modifyDate: isoDateTime(c.modifiedMs ?? c.createdMs),
  };
}
