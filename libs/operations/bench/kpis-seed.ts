import pg from 'pg';

/**
 * A year of the demo chain's warehouse as the numbers read it, written by SQL in a few statements (a year through
 * `replaceSiteDay` would take hours here): 23 sites on Central time, and per site-day what the transactions
 * simulator's demo world gives one (`libs/transactions-simulator/src/chain.ts`, `world/rates.ts`): about 1,565
 * transactions in the rollups `wh_report_days`, `wh_kpi_days`, `wh_report_departments`, `wh_report_tenders`;
 * 16 shifts; 200 membership offers (7 % converted); 5 gift cards and 2 washbooks sold; 8 sign-ups a day on about
 * 3,000 accounts per site with a mean life of 15 months (6.5 % churn a month, 70 % of exits voluntary). Every
 * source's ledger is done over the whole span, as a backfill month by month leaves it. The resources' rollups (labor,
 * advisors, members' spells) are then built by the store (`resources.rebuildKpiRollups`), not written here.
 */
export const SEED = {
  sites: 23,
  firstDay: '2025-07-01',
  lastDay: '2026-06-30',
  transactionsPerSiteDay: 1_565,
  shiftsPerSiteDay: 16,
  employeesPerSite: 20,
  offersPerSiteDay: 200,
  giftCardsPerSiteDay: 5,
  washbooksPerSiteDay: 2,
  membersAtStart: 3_000,
  signUpsPerSiteDay: 8,
  zone: 'America/Chicago',
} as const;

/** How to reach the store's database: its server, or the embedded host's socket in the data folder. */
export type SeedEndpoint = { connectionString: string } | { host: string; port: number; user: string; database: string };

const S = SEED;
// The ledgers cover a margin either side: a local day of the year runs into the next UTC day.
const LEDGER_FROM = '2025-06-01';
const LEDGER_TO = '2026-07-31';
const days = `(select g::date as d from generate_series(date '${S.firstDay}', date '${S.lastDay}', interval '1 day') g) days`;
/** The instant of local time `hours` after midnight of day `d` at the sites. */
const localAt = (d: string, hours: string) => `((${d})::timestamp + (${hours}) * interval '1 hour') at time zone '${S.zone}'`;

const STATEMENTS: Array<[string, string]> = [
  ['seed', `select setseed(0.42)`],
  [
    'sites',
    `insert into wh_sites (site_code, site_id, name, time_zone, region_code)
     select 'K' || lpad(i::text, 2, '0'), 1000 + i, 'Bench site ' || i, '${S.zone}', 'R' || (i % 3 + 1) from generate_series(1, ${S.sites}) i`,
  ],
  [
    'transactions ledger',
    `insert into wh_sync_units (site_code, day, state, records, vendor_total, synced_at)
     select s.site_code, d, 'done', ${S.transactionsPerSiteDay}, ${S.transactionsPerSiteDay}, now() from wh_sites s, ${days}`,
  ],
  [
    'wh_report_days',
    `insert into wh_report_days (site_code, day, transactions, revenue_cents, recurring_sales, recurring_payments, recurring_redemptions, prepaid_sales, prepaid_redemptions, plan_sales, plan_redemptions, v2_known, washes, member_washes, membership_revenue_cents)
     select site_code, d, t, t * 1450, t / 70, t / 25, t * 45 / 100, t / 40, t / 30, t / 70, t * 45 / 100, t, t * 92 / 100, t * 45 / 100, (t / 70 + t / 25) * 2999
     from (select s.site_code, d, (${S.transactionsPerSiteDay} * (0.9 + 0.2 * random()))::int as t from wh_sites s, ${days}) x`,
  ],
  [
    'wh_kpi_days',
    `insert into wh_kpi_days (site_code, day, cars, member_cars, plan_sale_cars, prepaid_cars, fleet_cars, retail_cars, free_cars, retail_revenue_cents, redemptions, redemption_revenue_cents, new_membership_revenue_cents)
     select site_code, day, washes, member_washes, recurring_sales, prepaid_redemptions, washes / 50, washes - member_washes - recurring_sales - prepaid_redemptions - washes / 50, washes / 200,
       (washes - member_washes - recurring_sales - prepaid_redemptions - washes / 50) * 1600, recurring_redemptions, 0, recurring_sales * 2999
     from wh_report_days`,
  ],
  [
    'wh_report_departments',
    `insert into wh_report_departments (site_code, day, department, quantity, transactions, net_cents)
     select r.site_code, r.day, dep, (r.transactions * share)::int, (r.transactions * share)::int, (r.transactions * share * price)::bigint
     from wh_report_days r, (values ('Wash', 0.92, 1500), ('Add On', 0.3, 500), ('Recurring Plan', 0.05, 2999), ('Prepaid Wash', 0.02, 1500), ('WashBook', 0.0013, 12000),
       ('GiftCard', 0.0032, 5000), ('Merchandise', 0.03, 800), ('House Account', 0.01, 1500), ('Vacuum', 0.05, 300)) as dep(dep, share, price)`,
  ],
  [
    'wh_report_tenders',
    `insert into wh_report_tenders (site_code, day, tender, tender_sub_type, count, amount_cents, change_cents)
     select r.site_code, r.day, tender, sub, (r.transactions * share)::int, (r.transactions * share * 1500)::bigint, case when tender = 'Cash' then (r.transactions * share * 120)::bigint else 0 end
     from wh_report_days r, (values ('Cash', null, 0.12), ('Credit', 'Visa', 0.25), ('Credit', 'Mastercard', 0.12), ('Recurring', null, 0.45),
       ('Prepaid', 'Giftcard', 0.02), ('Prepaid', 'Washbook', 0.01), ('Account', 'House Account', 0.01)) as t(tender, sub, share)`,
  ],
  [
    'wh_employees',
    `insert into wh_employees (employee_id, first_name, last_name, active) select e, 'Bench', 'Employee ' || e, true from generate_series(1, ${S.sites * S.employeesPerSite}) e`,
  ],
  [
    'wh_clock_entries',
    `insert into wh_clock_entries (employee_id, window_start, week, clock_in, clock_out, regular_rate_cents, regular_hours, overtime_eligible, overtime_rate_cents, overtime_hours, was_modified, created_in_back_office, site_code)
     select (s.site_id - 1001) * ${S.employeesPerSite} + i % ${S.employeesPerSite} + 1,
       date '${LEDGER_FROM}' + ((d - date '${LEDGER_FROM}') / 14) * 14, to_char(d, 'IYYY-"W"IW'),
       ${localAt('d', '6 + i * 0.75')}, case when d = date '${S.lastDay}' and i = 0 then null else ${localAt('d', '12 + i * 0.75')} end,
       1500, 6, true, 2250, case when i % 10 = 0 then 0.5 else 0 end, random() < 0.05, false, s.site_code
     from wh_sites s, ${days}, generate_series(0, ${S.shiftsPerSiteDay - 1}) i`,
  ],
  [
    'wh_sales_outcomes',
    `insert into wh_sales_outcomes (at, employee_id, employee_name, site_id, site, is_converted, item_id, item_name, item_price_cents, terminal_name)
     select ${localAt('d', `7 + i * ${13 / S.offersPerSiteDay}`)}, e::text, 'Bench Employee ' || e, s.site_id, s.name, random() < 0.07, '200102', 'Deluxe Club', 2999, 'POS' || (1 + i % 2)
     from wh_sites s, ${days}, generate_series(0, ${S.offersPerSiteDay - 1}) i, lateral (select (s.site_id - 1001) * ${S.employeesPerSite} + i % ${S.employeesPerSite} + 1 as e) emp`,
  ],
  [
    'wh_gift_cards',
    `insert into wh_gift_cards (giftcard_id, site_code, sold_at, number, value_cents, used_cents)
     select g, site_code, sold_at, g, value, (value * least(1, random() * 1.2))::bigint
     from (select 'G' || s.site_code || d || '-' || i as g, s.site_code, ${localAt('d', '9 + i')} as sold_at, (array[2500, 5000, 10000])[1 + i % 3] as value
       from wh_sites s, ${days}, generate_series(1, ${S.giftCardsPerSiteDay}) i) x`,
  ],
  [
    'wh_washbooks',
    `insert into wh_washbooks (id, name, balance, unlimited, sign_up_at, billing_site_id, status)
     select 'W' || s.site_code || d || '-' || i, '10 Deluxe Wash Book', case when u then null else floor(random() * 11)::int end, u, ${localAt('d', '10 + i')}, s.site_id, 'Active'
     from wh_sites s, ${days}, generate_series(1, ${S.washbooksPerSiteDay}) i, lateral (select random() < 0.1 as u) book`,
  ],
  [
    'wh_memberships',
    `with drawn as (
       select s.site_id, s.site_code, g, random() as r1, random() as r2, random() as r3 from wh_sites s, generate_series(1, ${S.membersAtStart + S.signUpsPerSiteDay * 365}) g
     ), signed as (
       select *, case when g <= ${S.membersAtStart} then timestamptz '${S.firstDay} 06:00Z' - r1 * interval '730 days'
         else timestamptz '${S.firstDay} 12:00Z' + ((g - ${S.membersAtStart + 1}) / ${S.signUpsPerSiteDay}.0) * interval '1 day' + r1 * interval '10 hours' end as signed_up from drawn
     ), lived as (select *, signed_up + (-ln(1 - r2) * 456) * interval '1 day' as ends from signed)
     insert into wh_memberships (id, name, sign_up_at, cancel_at, billing_site_id, billing_site_code, status, status_name, plan_name, creation_site_code)
     select 'M' || site_id || '-' || g, 'Bench Member', signed_up, case when ends < timestamptz '${S.lastDay} 23:00Z' then ends end, site_id, site_code,
       case when ends < timestamptz '${S.lastDay} 23:00Z' then 2 else 1 end, case when ends < timestamptz '${S.lastDay} 23:00Z' then 'Canceled' else 'Active' end,
       (array['Express Club', 'Deluxe Club', 'Ultimate Club', 'Ceramic Club'])[1 + floor(r3 * 4)::int], site_code
     from lived`,
  ],
  [
    'wh_membership_statuses',
    `insert into wh_membership_statuses (membership_id, position, status, at)
     select id, 0, 'Active', sign_up_at from wh_memberships
     union all select id, 1, case when random() < 0.7 then 'Canceled' else 'Suspended' end, cancel_at from wh_memberships where cancel_at is not null`,
  ],
  [
    'wh_status_changes',
    `insert into wh_status_changes (membership_id, washbook_account_id, old_status, new_status, at, site_code)
     select 'R' || m.id, m.id, 'Active', case when st.status = 'Canceled' then 'Cancelled' else 'Declined' end, m.cancel_at, m.billing_site_code
     from wh_memberships m join wh_membership_statuses st on st.membership_id = m.id and st.position = 1`,
  ],
  [
    'resource ledger',
    `insert into wh_resource_sync (resource, scope, window_start, window_end, state, records, synced_at)
     select r, '', m::date, (m + interval '1 month' - interval '1 day')::date, 'done', 0, now()
       from unnest(array['status-changes', 'sales-outcomes', 'gift-cards']) r, generate_series(date '${LEDGER_FROM}', date '${LEDGER_TO}', interval '1 month') m
     union all select 'memberships', '', w::date, (w + interval '30 days')::date, 'done', 0, now() from generate_series(date '${LEDGER_FROM}', date '${LEDGER_TO}', interval '31 days') w
     union all select 'washbooks', '', w::date, (w + interval '182 days')::date, 'done', 0, now() from generate_series(date '${LEDGER_FROM}', date '${LEDGER_TO}', interval '183 days') w
     union all select 'clock-entries', e::text, w::date, (w + interval '13 days')::date, 'done', 0, now()
       from generate_series(1, ${S.sites * S.employeesPerSite}) e, generate_series(date '${LEDGER_FROM}', date '${LEDGER_TO}', interval '14 days') w
     union all select 'employees', '', current_date, current_date, 'done', ${S.sites * S.employeesPerSite}, now()`,
  ],
  ['analyze', 'analyze'],
];

/** Writes the year; returns the rows each statement wrote, for the printout. */
export async function seedKpiYear(endpoint: SeedEndpoint): Promise<Array<{ name: string; rows: number; ms: number }>> {
  const client = new pg.Client(endpoint);
  await client.connect();
  try {
    const out: Array<{ name: string; rows: number; ms: number }> = [];
    for (const [name, statement] of STATEMENTS) {
      const started = performance.now();
      const result = await client.query(statement).catch((error: unknown) => {
        throw new Error(`seeding ${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      });
      out.push({ name, rows: result.rowCount ?? 0, ms: performance.now() - started });
    }
    return out;
  } finally {
    await client.end();
  }
}
