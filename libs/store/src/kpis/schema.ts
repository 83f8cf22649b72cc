import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// The operator's numbers' rollup (README, "The operator's numbers"): per site-day counts of cars by kind and the
// money the numbers divide, rewritten by `replaceSiteDay` in the transaction that writes the site-day's rows. What
// the report rollups already hold (transactions, revenue, recurring sales and payments, membership revenue) is read
// from `wh_report_days`, not kept twice.

const count = (name: string) => integer(name).notNull();
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const kpiDays = pgTable(
  'wh_kpi_days',
  {
    siteCode: text('site_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Sales and rewashes with a Wash line that is not voided. */
    cars: count('cars'),
    /** Of the cars: member redemptions, the wash included in a membership sign-up, prepaid redemptions (prepaid wash, washbook, gift card), fleet charges, the rest (retail). */
    memberCars: count('member_cars'),
    planSaleCars: count('plan_sale_cars'),
    prepaidCars: count('prepaid_cars'),
    fleetCars: count('fleet_cars'),
    retailCars: count('retail_cars'),
    /** Retail cars whose ticket totals 0. */
    freeCars: count('free_cars'),
    retailRevenueCents: cents('retail_revenue_cents'),
    /** Member redemptions (any ticket flagged `isRecurringRedemption`) and their totals. */
    redemptions: count('redemptions'),
    redemptionRevenueCents: cents('redemption_revenue_cents'),
    /** Totals of the tickets flagged `isRecurringSale` (new memberships). */
    newMembershipRevenueCents: cents('new_membership_revenue_cents'),
  },
  (t) => [primaryKey({ name: 'wh_kpi_days_pkey', columns: [t.siteCode, t.day] }), index('wh_kpi_days_day_idx').on(t.day)],
);
