import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The Data API's other resources (README, "Transactions warehouse"): keyed by the vendor's ids, money in integer
// cents, times in UTC. Where the vendor gives a record no id, the key is the fields that tell two records apart.

const cents = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });
const syncedAt = () => at('synced_at').notNull().defaultNow();

export const whCustomers = pgTable(
  'wh_customers',
  {
    customerId: text('customer_id').primaryKey(),
    number: text('number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** The phone as the vendor sends it; `phone_digits` is its last ten digits, for search. */
    phone: text('phone'),
    phoneDigits: text('phone_digits'),
    isActive: boolean('is_active').notNull(),
    createdAt: at('created_at'),
    modifiedAt: at('modified_at'),
    // Contact details from the customer's own record (`GET /customer/{id}`); null until it was read.
    email: text('email'),
    companyName: text('company_name'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    postalCode: text('postal_code'),
    birthDate: date('birth_date', { mode: 'string' }),
    allowSms: boolean('allow_sms'),
    detailSyncedAt: at('detail_synced_at'),
    syncedAt: syncedAt(),
  },
  (t) => [index('wh_customers_phone_idx').on(t.phoneDigits), index('wh_customers_name_idx').on(t.lastName, t.firstName)],
);

/** Recurring accounts: the list's summary columns and the detail's, each written by its own source. */
export const whMemberships = pgTable(
  'wh_memberships',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id'),
    name: text('name'),
    signUpAt: at('sign_up_at'),
    cancelAt: at('cancel_at'),
    billingSiteId: integer('billing_site_id'),
    billingSiteCode: text('billing_site_code'),
    status: integer('status'),
    statusName: text('status_name'),
    planName: text('plan_name'),
    creationSiteCode: text('creation_site_code'),
    isOnTrial: boolean('is_on_trial'),
    trialAmountCents: cents('trial_amount_cents'),
    billingAmountCents: cents('billing_amount_cents'),
    additionalTagPriceCents: cents('additional_tag_price_cents'),
    nextBillAt: at('next_bill_at'),
    lastBillAt: at('last_bill_at'),
    isSuspended: boolean('is_suspended'),
    suspendedUntil: at('suspended_until'),
    detailSyncedAt: at('detail_synced_at'),
    syncedAt: syncedAt(),
  },
  (t) => [index('wh_memberships_customer_idx').on(t.customerId), index('wh_memberships_sign_up_idx').on(t.signUpAt)],
);

export const whMembershipStatuses = pgTable(
  'wh_membership_statuses',
  { membershipId: text('membership_id').notNull(), position: integer('position').notNull(), status: text('status').notNull(), at: at('at').notNull() },
  (t) => [primaryKey({ name: 'wh_membership_statuses_pkey', columns: [t.membershipId, t.position] })],
);

export const whMembershipBillings = pgTable(
  'wh_membership_billings',
  {
    membershipId: text('membership_id').notNull(),
    position: integer('position').notNull(),
    amountCents: cents('amount_cents').notNull(),
    at: at('at').notNull(),
    /** Only ever the last four digits. */
    cardLastFour: text('card_last_four'),
    cardExpiry: text('card_expiry'),
  },
  (t) => [
    primaryKey({ name: 'wh_membership_billings_pkey', columns: [t.membershipId, t.position] }),
    check('wh_membership_billings_card_check', sql`${t.cardLastFour} is null or ${t.cardLastFour} ~ '^[0-9]{4}$'`),
  ],
);

/** Tags and vehicles of memberships (washbooks carry them only in their detail, which the sync does not read). */
export const whMembershipTags = pgTable(
  'wh_membership_tags',
  { membershipId: text('membership_id').notNull(), tagId: text('tag_id').notNull(), number: text('number').notNull(), enabled: boolean('enabled').notNull() },
  (t) => [primaryKey({ name: 'wh_membership_tags_pkey', columns: [t.membershipId, t.tagId] })],
);

export const whMembershipVehicles = pgTable(
  'wh_membership_vehicles',
  { membershipId: text('membership_id').notNull(), vehicleId: text('vehicle_id').notNull(), plate: text('plate') },
  (t) => [primaryKey({ name: 'wh_membership_vehicles_pkey', columns: [t.membershipId, t.vehicleId] })],
);

export const whMembershipModifications = pgTable(
  'wh_membership_modifications',
  { membershipId: text('membership_id').notNull(), type: text('type').notNull(), at: at('at').notNull(), comment: text('comment') },
  (t) => [primaryKey({ name: 'wh_membership_modifications_pkey', columns: [t.membershipId, t.at, t.type] }), index('wh_membership_modifications_at_idx').on(t.at)],
);

export const whStatusChanges = pgTable(
  'wh_status_changes',
  {
    membershipId: text('membership_id').notNull(),
    washbookAccountId: text('washbook_account_id'),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    at: at('at').notNull(),
    employeeName: text('employee_name'),
    siteCode: text('site_code'),
  },
  (t) => [primaryKey({ name: 'wh_status_changes_pkey', columns: [t.membershipId, t.at, t.newStatus] }), index('wh_status_changes_at_idx').on(t.at)],
);

export const whWashbooks = pgTable(
  'wh_washbooks',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id'),
    name: text('name'),
    /** Washes left; null when unlimited. */
    balance: integer('balance'),
    unlimited: boolean('unlimited').notNull(),
    signUpAt: at('sign_up_at').notNull(),
    cancelAt: at('cancel_at'),
    billingSiteId: integer('billing_site_id').notNull(),
    status: text('status').notNull(),
    syncedAt: syncedAt(),
  },
  (t) => [index('wh_washbooks_customer_idx').on(t.customerId)],
);

export const whGiftCards = pgTable(
  'wh_gift_cards',
  {
    giftcardId: text('giftcard_id').primaryKey(),
    siteCode: text('site_code'),
    soldAt: at('sold_at'),
    number: text('number').notNull(),
    valueCents: cents('value_cents').notNull(),
    usedCents: cents('used_cents').notNull(),
    syncedAt: syncedAt(),
  },
  (t) => [index('wh_gift_cards_site_idx').on(t.siteCode)],
);

/** The item catalogue (not `wh_items`, which holds the items of transactions). */
export const whCatalogItems = pgTable(
  'wh_catalog_items',
  {
    sku: text('sku').notNull(),
    /** `''` when the vendor names no site. */
    siteLocation: text('site_location').notNull(),
    name: text('name').notNull(),
    departmentName: text('department_name').notNull(),
    priceCents: cents('price_cents').notNull(),
    costCents: cents('cost_cents'),
    isPromptForPrice: boolean('is_prompt_for_price').notNull(),
    syncedAt: syncedAt(),
  },
  (t) => [primaryKey({ name: 'wh_catalog_items_pkey', columns: [t.sku, t.siteLocation] })],
);

export const whEmployees = pgTable('wh_employees', {
  employeeId: integer('employee_id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  // From the employee's own record; null until it was read.
  active: boolean('active'),
  startDate: text('start_date'),
  phone: text('phone'),
  email: text('email'),
  syncedAt: syncedAt(),
});

/**
 * Shifts. The vendor gives them no id: a window's sync replaces the employee's shifts clocked in on its days, and
 * those without a clock-in that a window starting on one of those days brought.
 */
export const whClockEntries = pgTable(
  'wh_clock_entries',
  {
    employeeId: integer('employee_id').notNull(),
    /** The first day of the ledger window that brought it. */
    windowStart: date('window_start', { mode: 'string' }).notNull(),
    week: text('week').notNull(),
    clockIn: at('clock_in'),
    clockOut: at('clock_out'),
    regularRateCents: cents('regular_rate_cents').notNull(),
    regularHours: doublePrecision('regular_hours').notNull(),
    overtimeEligible: boolean('overtime_eligible').notNull(),
    overtimeRateCents: cents('overtime_rate_cents').notNull(),
    overtimeHours: doublePrecision('overtime_hours').notNull(),
    wasModified: boolean('was_modified').notNull(),
    modifiedAt: at('modified_at'),
    createdInBackOffice: boolean('created_in_back_office').notNull(),
    siteCode: text('site_code'),
  },
  (t) => [
    index('wh_clock_entries_employee_idx').on(t.employeeId, t.clockIn),
    index('wh_clock_entries_clock_in_idx').on(t.clockIn),
    // The labor rollup rewrites site-days.
    index('wh_clock_entries_site_idx').on(t.siteCode, t.clockIn),
  ],
);

export const whSalesOutcomes = pgTable(
  'wh_sales_outcomes',
  {
    at: at('at').notNull(),
    employeeId: text('employee_id').notNull(),
    adpId: text('adp_id'),
    employeeName: text('employee_name').notNull(),
    siteId: integer('site_id').notNull(),
    site: text('site').notNull(),
    isConverted: boolean('is_converted').notNull(),
    /** `''` when the vendor names no item. */
    itemId: text('item_id').notNull(),
    itemName: text('item_name'),
    itemPriceCents: cents('item_price_cents'),
    terminalName: text('terminal_name').notNull(),
  },
  // The advisor rollup rewrites site-days.
  (t) => [primaryKey({ name: 'wh_sales_outcomes_pkey', columns: [t.at, t.employeeId, t.siteId, t.itemId, t.terminalName] }), index('wh_sales_outcomes_site_idx').on(t.siteId, t.at)],
);

/** The resources' sync ledger: one row per resource, scope (an employee's id for clock entries, else `''`) and window. */
export const whResourceSync = pgTable(
  'wh_resource_sync',
  {
    resource: text('resource').notNull(),
    scope: text('scope').notNull().default(''),
    /** Inclusive UTC calendar days; a full refresh's window is the day it ran. */
    windowStart: date('window_start', { mode: 'string' }).notNull(),
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['pending', 'running', 'done', 'failed'] }).notNull().default('pending'),
    records: integer('records'),
    vendorTotal: integer('vendor_total'),
    syncedAt: at('synced_at'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    errorCode: text('error_code'),
    claimedAt: at('claimed_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'wh_resource_sync_pkey', columns: [t.resource, t.scope, t.windowStart, t.windowEnd] }),
    check('wh_resource_sync_state_check', sql`${t.state} in ('pending', 'running', 'done', 'failed')`),
    check('wh_resource_sync_window_check', sql`${t.windowEnd} >= ${t.windowStart}`),
    index('wh_resource_sync_state_idx').on(t.state),
  ],
);
