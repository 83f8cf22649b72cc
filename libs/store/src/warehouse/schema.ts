import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SYNC_UNIT_STATES } from '../constants.js';

// The transactions warehouse (README, "Transactions warehouse"): money in integer cents, times in
// UTC, each transaction under its site's local day so a site-day is replaced whole.

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** The Data API's site list, with each site's time zone (local days are computed in it). */
export const warehouseSites = pgTable('wh_sites', {
  siteCode: text('site_code').primaryKey(),
  siteId: integer('site_id').notNull(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  regionCode: text('region_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const warehouseTransactions = pgTable(
  'wh_transactions',
  {
    id: text('id').primaryKey(),
    siteCode: text('site_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    type: text('type').notNull(),
    salesDeviceName: text('sales_device_name').notNull(),
    totalCents: cents('total_cents'),
    customerName: text('customer_name'),
    customerId: text('customer_id'),
    vehicleLicensePlate: text('vehicle_license_plate'),
    employeeCashier: text('employee_cashier'),
    employeeGreeter: text('employee_greeter'),
    isRecurringPayment: boolean('is_recurring_payment').notNull(),
    isRecurringRedemption: boolean('is_recurring_redemption').notNull(),
    isRecurringSale: boolean('is_recurring_sale').notNull(),
    isPrepaidRedemption: boolean('is_prepaid_redemption').notNull(),
    isPrepaidSale: boolean('is_prepaid_sale').notNull(),
    isRecurringPlanSale: boolean('is_recurring_plan_sale'),
    isRecurringPlanRedemption: boolean('is_recurring_plan_redemption'),
    transactionStatus: text('transaction_status'),
  },
  (t) => [
    index('wh_transactions_site_day_idx').on(t.siteCode, t.day),
    index('wh_transactions_completed_idx').on(t.completedAt, t.id),
    index('wh_transactions_site_completed_idx').on(t.siteCode, t.completedAt),
  ],
);


export const warehouseTenders = pgTable(
  'wh_tenders',
  {
    transactionId: text('transaction_id').notNull(),
    position: integer('position').notNull(),
    tender: text('tender').notNull(),
    tenderSubType: text('tender_sub_type'),
    amountCents: cents('amount_cents'),
    changeCents: cents('change_cents'),
    totalCents: cents('total_cents'),
    referenceNumber: text('reference_number'),
    cardLastFour: text('card_last_four'),
  },
  (t) => [
    primaryKey({ name: 'wh_tenders_pkey', columns: [t.transactionId, t.position] }),
    foreignKey({ name: 'wh_tenders_transaction_fk', columns: [t.transactionId], foreignColumns: [warehouseTransactions.id] }).onDelete('cascade'),
    check('wh_tenders_card_last_four_check', sql`${t.cardLastFour} is null or ${t.cardLastFour} ~ '^[0-9]{4}$'`),
  ],
);

export const warehouseItems = pgTable(
  'wh_items',
  {
    transactionId: text('transaction_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    sku: text('sku'),
    department: text('department').notNull(),
    quantity: integer('quantity').notNull(),
    grossCents: cents('gross_cents'),
    netCents: cents('net_cents'),
    discountCents: cents('discount_cents'),
    taxCents: cents('tax_cents'),
    additionalFeeCents: cents('additional_fee_cents'),
    isVoided: boolean('is_voided').notNull(),
  },
  (t) => [
    primaryKey({ name: 'wh_items_pkey', columns: [t.transactionId, t.position] }),
    foreignKey({ name: 'wh_items_transaction_fk', columns: [t.transactionId], foreignColumns: [warehouseTransactions.id] }).onDelete('cascade'),
  ],
);

export const warehouseDiscounts = pgTable(
  'wh_discounts',
  {
    transactionId: text('transaction_id').notNull(),
    position: integer('position').notNull(),
    discountName: text('discount_name').notNull(),
    discountSku: text('discount_sku'),
    appliedToItemName: text('applied_to_item_name'),
    amountCents: cents('amount_cents'),
    discountCode: text('discount_code'),
  },
  (t) => [
    primaryKey({ name: 'wh_discounts_pkey', columns: [t.transactionId, t.position] }),
    foreignKey({ name: 'wh_discounts_transaction_fk', columns: [t.transactionId], foreignColumns: [warehouseTransactions.id] }).onDelete('cascade'),
  ],
);

/** The sync ledger: one row per site-day ever asked for. */
export const warehouseSyncUnits = pgTable(
  'wh_sync_units',
  {
    siteCode: text('site_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    state: text('state', { enum: SYNC_UNIT_STATES }).notNull().default('pending'),
    records: integer('records'),
    vendorTotal: integer('vendor_total'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    errorCode: text('error_code'),
    /** When a worker claimed it (`running`); a claim older than the job's expiry is nobody's. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'wh_sync_units_pkey', columns: [t.siteCode, t.day] }),
    check('wh_sync_units_state_check', sql`${t.state} in ('pending', 'running', 'done', 'failed')`),
    index('wh_sync_units_day_idx').on(t.day, t.siteCode),
    index('wh_sync_units_state_idx').on(t.state),
  ],
);

/** One row: whether the sync's workers take new site-days. */
export const warehouseSyncControl = pgTable(
  'wh_sync_control',
  {
    id: integer('id').primaryKey().default(1),
    paused: boolean('paused').notNull().default(false),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (t) => [check('wh_sync_control_single_row', sql`${t.id} = 1`)],
);

/** A Data API request budget shared by every process (one row per API id). */
export const rateBudgets = pgTable('rate_budgets', {
  key: text('key').primaryKey(),
  /** After a 429, nobody sends before this. */
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
});

/**
 * Requests counted against a budget: each holds its place until `windowMs` after it settled (or
 * `hold_until`, when its process died before settling), so no window of the server's clock sees
 * more than the limit, whatever the latency (the client's sliding-log rule, in the database).
 */
export const rateBudgetSlots = pgTable(
  'rate_budget_slots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Taken as settled then if nobody settles it (its process died). */
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_budget_slots_key_idx').on(t.key, t.sentAt)],
);
