import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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

const hours = (name: string) => doublePrecision(name).notNull();

// The rollups of the resources the numbers read (README, "The operator's numbers"): per site and local day, rewritten
// by the resources' `completeWindow` in the transaction that writes the window's rows, so a month or a year is read
// as a few thousand sums rather than every shift and offer.

/** Clock entries by the local day of their clock-in at their site (an entry with no site or clock-in is in none). */
export const kpiLaborDays = pgTable(
  'wh_kpi_labor_days',
  {
    siteCode: text('site_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shifts: count('shifts'),
    regularHours: hours('regular_hours'),
    overtimeHours: hours('overtime_hours'),
    /** Each shift's hours × rates rounded to the cent, then summed. */
    laborCostCents: cents('labor_cost_cents'),
    openShifts: count('open_shifts'),
    modifiedPunches: count('modified_punches'),
  },
  (t) => [primaryKey({ name: 'wh_kpi_labor_days_pkey', columns: [t.siteCode, t.day] })],
);

/** Sales outcomes (membership offers) by the local day of their time at the site `wh_sites` gives their site id. */
export const kpiAdvisorDays = pgTable(
  'wh_kpi_advisor_days',
  {
    siteCode: text('site_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    employeeId: text('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
    offers: count('offers'),
    conversions: count('conversions'),
  },
  (t) => [primaryKey({ name: 'wh_kpi_advisor_days_pkey', columns: [t.siteCode, t.day, t.employeeId] })],
);

/**
 * Each membership's spells of activity (sign-up or reactivation to the next exit), in its site's local days, as
 * `historyOf` reads them from the account, its statuses and the status-change list; rewritten for the accounts a
 * window writes. Active on a day's end: `started <= day < ended`. Months are the days' months (their 1st).
 */
export const kpiMemberSpells = pgTable(
  'wh_kpi_member_spells',
  {
    membershipId: text('membership_id').notNull(),
    /** 0 for the spell that starts at sign-up. */
    position: integer('position').notNull(),
    siteCode: text('site_code').notNull(),
    plan: text('plan').notNull(),
    joinMonth: date('join_month', { mode: 'string' }).notNull(),
    started: date('started', { mode: 'string' }).notNull(),
    startedMonth: date('started_month', { mode: 'string' }).notNull(),
    /** The exit's day and why (`voluntary`, `involuntary`); null while active. */
    ended: date('ended', { mode: 'string' }),
    endedMonth: date('ended_month', { mode: 'string' }),
    exit: text('exit'),
  },
  (t) => [
    primaryKey({ name: 'wh_kpi_member_spells_pkey', columns: [t.membershipId, t.position] }),
    index('wh_kpi_member_spells_started_idx').on(t.siteCode, t.started),
    index('wh_kpi_member_spells_ended_idx').on(t.siteCode, t.ended),
    index('wh_kpi_member_spells_cohort_idx').on(t.siteCode, t.joinMonth),
  ],
);

/** Per site and local day, how many spells started and ended: the active members at a day's end are the sum to it. */
export const kpiMemberDays = pgTable(
  'wh_kpi_member_days',
  {
    siteCode: text('site_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    activations: count('activations'),
    exits: count('exits'),
  },
  (t) => [primaryKey({ name: 'wh_kpi_member_days_pkey', columns: [t.siteCode, t.day] })],
);
