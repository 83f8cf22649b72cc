import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Report rollups (README, "Reports"): per site-day aggregates of the warehouse's rows, rewritten by
// `replaceSiteDay` in the transaction that writes the site-day, so they never disagree with the rows.

const count = (name: string) => integer(name).notNull();
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();
const siteDay = () => ({ siteCode: text('site_code').notNull(), day: date('day', { mode: 'string' }).notNull() });

/** Per site-day totals and membership counters. */
export const reportDays = pgTable(
  'wh_report_days',
  {
    ...siteDay(),
    transactions: count('transactions'),
    revenueCents: cents('revenue_cents'),
    recurringSales: count('recurring_sales'),
    recurringPayments: count('recurring_payments'),
    recurringRedemptions: count('recurring_redemptions'),
    prepaidSales: count('prepaid_sales'),
    prepaidRedemptions: count('prepaid_redemptions'),
    planSales: count('plan_sales'),
    planRedemptions: count('plan_redemptions'),
    v2Known: count('v2_known'),
    washes: count('washes'),
    memberWashes: count('member_washes'),
    membershipRevenueCents: cents('membership_revenue_cents'),
  },
  (t) => [primaryKey({ name: 'wh_report_days_pkey', columns: [t.siteCode, t.day] }), index('wh_report_days_day_idx').on(t.day)],
);

/** Per site-day × mix category (a transaction counts once in each category it is in). */
export const reportMix = pgTable(
  'wh_report_mix',
  { ...siteDay(), category: text('category').notNull(), transactions: count('transactions'), revenueCents: cents('revenue_cents') },
  (t) => [primaryKey({ name: 'wh_report_mix_pkey', columns: [t.siteCode, t.day, t.category] })],
);

/** Per site-day × item department, voided lines left out. */
export const reportDepartments = pgTable(
  'wh_report_departments',
  { ...siteDay(), department: text('department').notNull(), quantity: count('quantity'), transactions: count('transactions'), netCents: cents('net_cents') },
  (t) => [primaryKey({ name: 'wh_report_departments_pkey', columns: [t.siteCode, t.day, t.department] })],
);

/** Per site-day × item (name, department), voided lines left out. */
export const reportItems = pgTable(
  'wh_report_items',
  { ...siteDay(), name: text('name').notNull(), department: text('department').notNull(), quantity: count('quantity'), netCents: cents('net_cents') },
  (t) => [primaryKey({ name: 'wh_report_items_pkey', columns: [t.siteCode, t.day, t.name, t.department] })],
);

/** Per site-day × tender and sub-type (the sub-type may be null, so no primary key). */
export const reportTenders = pgTable(
  'wh_report_tenders',
  {
    ...siteDay(),
    tender: text('tender').notNull(),
    tenderSubType: text('tender_sub_type'),
    count: count('count'),
    amountCents: cents('amount_cents'),
    changeCents: cents('change_cents'),
  },
  (t) => [index('wh_report_tenders_site_day_idx').on(t.siteCode, t.day)],
);

/** Per site-day × the site's local hour of completion (the day of week follows from `day`). */
export const reportHours = pgTable(
  'wh_report_hours',
  { ...siteDay(), hour: integer('hour').notNull(), transactions: count('transactions'), revenueCents: cents('revenue_cents') },
  (t) => [primaryKey({ name: 'wh_report_hours_pkey', columns: [t.siteCode, t.day, t.hour] })],
);

/** Per site-day × employee and role (cashier, greeter). */
export const reportStaff = pgTable(
  'wh_report_staff',
  {
    ...siteDay(),
    employee: text('employee').notNull(),
    role: text('role').notNull(),
    transactions: count('transactions'),
    revenueCents: cents('revenue_cents'),
    membershipSales: count('membership_sales'),
  },
  (t) => [primaryKey({ name: 'wh_report_staff_pkey', columns: [t.siteCode, t.day, t.employee, t.role] })],
);

/** Per site-day × discount name. */
export const reportDiscounts = pgTable(
  'wh_report_discounts',
  { ...siteDay(), discountName: text('discount_name').notNull(), uses: count('uses'), amountCents: cents('amount_cents') },
  (t) => [primaryKey({ name: 'wh_report_discounts_pkey', columns: [t.siteCode, t.day, t.discountName] })],
);
