import { inArray, sql, type SQL } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { rowsOf } from '../query-rows.js';
import { warehouseSites } from '../warehouse/schema.js';
import { addDays, daysBetween, localDay, localDayStart } from '../warehouse/zones.js';
import { rebuildMemberSpells } from './memberships.js';
import { siteZones } from './site-days.js';

// The labor and advisor rollups (`wh_kpi_labor_days`, `wh_kpi_advisor_days`): the statements that rewrite a set of
// site-days from the stored clock entries and sales outcomes. A local day's bounds come from the store's zones
// (warehouse/zones.ts) and reach the database as arrays, so the rollups and the reads agree on every day.

/** A site's rows fall between these two instants; its local days from the first's to the last's are rewritten. */
export interface SiteSpan {
  siteCode: string;
  first: Date;
  last: Date;
}

/** The spans of a list of rows (`at` null or site null: in no site-day). */
export function spansOf(rows: Iterable<{ siteCode: string | null; at: Date | null }>): SiteSpan[] {
  const spans = new Map<string, SiteSpan>();
  for (const { siteCode, at } of rows) {
    if (siteCode === null || at === null) continue;
    const span = spans.get(siteCode);
    if (!span) spans.set(siteCode, { siteCode, first: at, last: at });
    else {
      if (at < span.first) span.first = at;
      if (at > span.last) span.last = at;
    }
  }
  return [...spans.values()];
}

interface DayBounds {
  siteCodes: string[];
  days: string[];
  starts: string[];
  ends: string[];
}

/** Every local site-day the spans touch, with the instants it starts and ends (each site's zone). */
async function boundsOf(db: StoreDb, spans: readonly SiteSpan[]): Promise<DayBounds> {
  const zones = await siteZones(db, [...new Set(spans.map((s) => s.siteCode))]);
  const out: DayBounds = { siteCodes: [], days: [], starts: [], ends: [] };
  for (const span of spans) {
    const zone = zones.get(span.siteCode) as string;
    const days = daysBetween(localDay(span.first, zone), localDay(span.last, zone));
    // A day ends where the next starts: one search per day.
    const starts = [...days, addDays(days[days.length - 1] as string, 1)].map((day) => new Date(localDayStart(day, zone)).toISOString());
    for (const [i, day] of days.entries()) {
      out.siteCodes.push(span.siteCode);
      out.days.push(day);
      out.starts.push(starts[i] as string);
      out.ends.push(starts[i + 1] as string);
    }
  }
  return out;
}

const boundsTable = (b: DayBounds): SQL =>
  sql`unnest(${sql.param(b.siteCodes)}::text[], ${sql.param(b.days)}::date[], ${sql.param(b.starts)}::timestamptz[], ${sql.param(b.ends)}::timestamptz[]) as b(site_code, day, starts, ends)`;

/** Bounded batches: a year of a chain is a few thousand site-days, each four array elements. */
const DAYS_PER_STATEMENT = 2_000;

/** Advisory lock namespaces: one writer at a time rewrites a site's days of each rollup. */
const LOCK_KEYS = { wh_kpi_labor_days: 1_467_011_410, wh_kpi_advisor_days: 1_467_011_411 } as const;
type RollupTable = keyof typeof LOCK_KEYS;

/**
 * Two windows' transactions may touch one site-day (two employees' shifts, two months' outcomes at a month's edge):
 * the second waits for the first to commit, then reads its rows too, instead of missing them or colliding on the
 * rollup's key. Sites are locked in one order, so two writers cannot wait on each other.
 */
async function lockSites(db: StoreDb, table: RollupTable, siteCodes: readonly string[]): Promise<void> {
  const sites = [...new Set(siteCodes)].sort();
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS[table]}::int, hashtext(code)) from unnest(${sql.param(sites)}::text[]) as code`);
}

async function rewrite(db: StoreDb, spans: readonly SiteSpan[], table: RollupTable, insert: (bounds: SQL) => SQL): Promise<void> {
  if (spans.length === 0) return;
  await lockSites(db, table, spans.map((s) => s.siteCode));
  const all = await boundsOf(db, spans);
  for (let i = 0; i < all.days.length; i += DAYS_PER_STATEMENT) {
    const slice = (list: string[]) => list.slice(i, i + DAYS_PER_STATEMENT);
    const bounds: DayBounds = { siteCodes: slice(all.siteCodes), days: slice(all.days), starts: slice(all.starts), ends: slice(all.ends) };
    await db.execute(sql`delete from ${sql.identifier(table)} d using ${boundsTable(bounds)} where d.site_code = b.site_code and d.day = b.day`);
    await db.execute(insert(boundsTable(bounds)));
  }
}

/**
 * Rewrites the labor rollup of the spans' site-days from `wh_clock_entries` (inside the caller's transaction). A
 * shift's cost rounds half up to the cent as the numbers always did (`floor(x + 0.5)`, JavaScript's `Math.round`).
 */
export function refreshLaborDays(tx: StoreDb, spans: readonly SiteSpan[]): Promise<void> {
  return rewrite(
    tx,
    spans,
    'wh_kpi_labor_days',
    (bounds) => sql`insert into wh_kpi_labor_days (site_code, day, shifts, regular_hours, overtime_hours, labor_cost_cents, open_shifts, modified_punches)
select b.site_code, b.day, count(*), sum(c.regular_hours), sum(c.overtime_hours),
  sum(floor(c.regular_hours * c.regular_rate_cents + c.overtime_hours * c.overtime_rate_cents + 0.5)),
  count(*) filter (where c.clock_out is null), count(*) filter (where c.was_modified)
from ${bounds}
join wh_clock_entries c on c.site_code = b.site_code and c.clock_in >= b.starts and c.clock_in < b.ends
group by b.site_code, b.day`,
  );
}

/** Rewrites the advisor rollup of the spans' site-days from `wh_sales_outcomes` (inside the caller's transaction). */
export function refreshAdvisorDays(tx: StoreDb, spans: readonly SiteSpan[]): Promise<void> {
  return rewrite(
    tx,
    spans,
    'wh_kpi_advisor_days',
    (bounds) => sql`insert into wh_kpi_advisor_days (site_code, day, employee_id, employee_name, offers, conversions)
select b.site_code, b.day, o.employee_id, max(o.employee_name), count(*), count(*) filter (where o.is_converted)
from ${bounds}
join wh_sites s on s.site_code = b.site_code
join wh_sales_outcomes o on o.site_id = s.site_id and o.at >= b.starts and o.at < b.ends
group by b.site_code, b.day, o.employee_id`,
  );
}

/** Each listed site's code by its id (a sales outcome names its site by id). */
export async function siteCodesById(db: StoreDb, siteIds: readonly number[]): Promise<Map<number, string>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db.select({ siteId: warehouseSites.siteId, siteCode: warehouseSites.siteCode }).from(warehouseSites).where(inArray(warehouseSites.siteId, [...siteIds]));
  return new Map(rows.map((r) => [r.siteId, r.siteCode]));
}

interface SpanRow {
  site_code: string;
  first: Date | string;
  last: Date | string;
}

const toSpans = (rows: SpanRow[]): SiteSpan[] => rows.map((r) => ({ siteCode: r.site_code, first: new Date(r.first), last: new Date(r.last) }));

/**
 * Rebuilds the resources' rollups (labor, advisors, members' spells) of whole sites (a site whose zone or id changed, the backfill of rows stored before the
 * rollups existed); every site the warehouse or the clock entries name when `siteCodes` is omitted.
 */
export async function rebuildResourceRollups(tx: StoreDb, siteCodes?: readonly string[]): Promise<void> {
  await rebuildMemberSpells(tx, siteCodes);
  const codes =
    siteCodes ??
    rowsOf<{ site_code: string }>(await tx.execute(sql`select site_code from wh_sites union select distinct site_code from wh_clock_entries where site_code is not null`)).map(
      (r) => r.site_code,
    );
  if (codes.length === 0) return;
  await lockSites(tx, 'wh_kpi_labor_days', codes);
  await lockSites(tx, 'wh_kpi_advisor_days', codes);
  const list = sql.param([...codes]);
  await tx.execute(sql`delete from wh_kpi_labor_days where site_code = any(${list}::text[])`);
  await tx.execute(sql`delete from wh_kpi_advisor_days where site_code = any(${list}::text[])`);
  const labor = rowsOf<SpanRow>(
    await tx.execute(
      sql`select site_code, min(clock_in) as first, max(clock_in) as last from wh_clock_entries where site_code = any(${list}::text[]) and clock_in is not null group by site_code`,
    ),
  );
  const offers = rowsOf<SpanRow>(
    await tx.execute(
      sql`select s.site_code, min(o.at) as first, max(o.at) as last from wh_sales_outcomes o join wh_sites s on s.site_id = o.site_id where s.site_code = any(${list}::text[]) group by s.site_code`,
    ),
  );
  await refreshLaborDays(tx, toSpans(labor));
  await refreshAdvisorDays(tx, toSpans(offers));
}
