import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StoreDb } from '../connection.js';
import { whMemberships, whMembershipStatuses, whStatusChanges } from '../dataapi/schema.js';
import { rowsOf } from '../query-rows.js';
import { addDays, daysBetween, localDay } from '../warehouse/zones.js';
import { lastDayOfMonth, monthOf, monthsBetween } from './local-time.js';
import { kpiMemberSpells } from './schema.js';
import { siteZones } from './site-days.js';
import type { ActiveMembersRow, ChurnRow, CohortRow, MembershipKpis } from './types.js';

// Members from the membership warehouse (README, "The operator's numbers"): an account is active from its sign-up
// until a status other than Active, and again from a later Active (a reactivated account). Its statuses come from
// the status-change list and the account's detail, and its cancel date from the account list. Each account's history
// is kept as spells in local days (`wh_kpi_member_spells`), rewritten with the window that writes its rows, and the
// numbers are sums over the spells.

type Exit = 'voluntary' | 'involuntary';
/** Status names that end an account by the member's choice; every other name but Active ends it involuntarily. */
const VOLUNTARY = new Set(['cancelled', 'canceled', 'expired']);
export const UNKNOWN_PLAN = 'Unknown plan';

export function exitOf(status: string): Exit | null {
  const name = status.trim().toLowerCase();
  if (name === 'active') return null;
  return VOLUNTARY.has(name) ? 'voluntary' : 'involuntary';
}

/** One account's life: when it became active or stopped (and why), oldest first, each a change of state. */
export interface MemberHistory {
  id: string;
  siteCode: string;
  plan: string;
  signUpAt: number;
  changes: Array<{ at: number; exit: Exit | null }>;
}

/** The changes of state from sign-up, statuses and cancel date (a status repeating the current state is no change). */
export function historyOf(member: { id: string; siteCode: string; plan: string; signUpAt: number; cancelAt: number | null }, statuses: ReadonlyArray<{ at: number; status: string }>): MemberHistory {
  const events = [...statuses].filter((s) => s.at >= member.signUpAt).sort((a, b) => a.at - b.at);
  const hasExit = events.some((s) => exitOf(s.status) !== null && (member.cancelAt === null || s.at <= member.cancelAt));
  if (member.cancelAt !== null && !hasExit) events.push({ at: member.cancelAt, status: 'Cancelled' });
  events.sort((a, b) => a.at - b.at);
  const changes: MemberHistory['changes'] = [{ at: member.signUpAt, exit: null }];
  for (const event of events) {
    const exit = exitOf(event.status);
    const active = changes[changes.length - 1]?.exit === null;
    if ((exit === null) !== active) changes.push({ at: event.at, exit });
  }
  return { id: member.id, siteCode: member.siteCode, plan: member.plan, signUpAt: member.signUpAt, changes };
}

/** The accounts `where` picks (with a sign-up and a site), each with every status it has. */
async function loadHistories(db: StoreDb, where: SQL): Promise<MemberHistory[]> {
  const m = whMemberships;
  const site = sql<string>`coalesce(${m.billingSiteCode}, ${m.creationSiteCode})`;
  const picked: SQL = and(where, isNotNull(m.signUpAt), sql`${site} is not null`) as SQL;
  const ids = db.select({ id: m.id }).from(m).where(picked);
  // A status change names its account twice (`washbook_account_id`, `recurring_id` kept as `membership_id`); the
  // simulator puts the account's id in the first and another number in the second, so the first wins when it names a
  // membership the warehouse holds.
  const c = whStatusChanges;
  const named = alias(whMemberships, 'named');
  const changeOf = sql<string>`coalesce(${named.id}, ${c.membershipId})`;
  // One after the other: this runs inside a window's transaction, on one connection.
  const members = await db.select({ id: m.id, siteCode: site, plan: m.planName, signUpAt: m.signUpAt, cancelAt: m.cancelAt }).from(m).where(picked);
  const statuses = await db
    .select({ id: whMembershipStatuses.membershipId, status: whMembershipStatuses.status, at: whMembershipStatuses.at })
    .from(whMembershipStatuses)
    .where(inArray(whMembershipStatuses.membershipId, ids));
  const changes = await db.select({ id: changeOf, status: c.newStatus, at: c.at }).from(c).leftJoin(named, eq(named.id, c.washbookAccountId)).where(inArray(changeOf, ids));
  // The detail names only Active, Canceled and Suspended (a declined account there reads "Canceled"): where the
  // status-change list has the same instant, its name wins.
  const statusesOf = new Map<string, Array<{ at: number; status: string }>>();
  for (const s of changes) {
    const list = statusesOf.get(s.id) ?? [];
    list.push({ at: s.at.getTime(), status: s.status });
    statusesOf.set(s.id, list);
  }
  for (const s of statuses) {
    const list = statusesOf.get(s.id) ?? [];
    if (!list.some((c) => c.at === s.at.getTime())) list.push({ at: s.at.getTime(), status: s.status });
    statusesOf.set(s.id, list);
  }
  return members.map((member) =>
    historyOf(
      { id: member.id, siteCode: member.siteCode, plan: member.plan ?? UNKNOWN_PLAN, signUpAt: (member.signUpAt as Date).getTime(), cancelAt: member.cancelAt?.getTime() ?? null },
      statusesOf.get(member.id) ?? [],
    ),
  );
}

/** An account's spells in its site's local days. */
function spellsOf(history: MemberHistory, zone: string): Array<typeof kpiMemberSpells.$inferInsert> {
  const day = (at: number) => localDay(new Date(at), zone);
  const base = { membershipId: history.id, siteCode: history.siteCode, plan: history.plan, joinMonth: monthOf(day(history.signUpAt)) };
  const out: Array<typeof kpiMemberSpells.$inferInsert> = [];
  for (const change of history.changes) {
    if (change.exit === null) {
      const started = day(change.at);
      out.push({ ...base, position: out.length, started, startedMonth: monthOf(started), ended: null, endedMonth: null, exit: null });
    } else {
      const spell = out[out.length - 1] as typeof kpiMemberSpells.$inferInsert;
      spell.ended = day(change.at);
      spell.endedMonth = monthOf(spell.ended);
      spell.exit = change.exit;
    }
  }
  return out;
}

/** One writer at a time rewrites spells: two windows may name one account (its list row, its status changes). */
const SPELLS_LOCK_KEY = 1_467_011_412;
const IDS_PER_STATEMENT = 1_000;

async function writeSpells(tx: StoreDb, histories: readonly MemberHistory[]): Promise<Array<typeof kpiMemberSpells.$inferInsert>> {
  const zones = await siteZones(tx, [...new Set(histories.map((h) => h.siteCode))]);
  const rows = histories.flatMap((h) => spellsOf(h, zones.get(h.siteCode) as string));
  for (let i = 0; i < rows.length; i += IDS_PER_STATEMENT) await tx.insert(kpiMemberSpells).values(rows.slice(i, i + IDS_PER_STATEMENT));
  return rows;
}

type SpellDays = { siteCode: string; started: string; ended?: string | null };

/** Recounts `wh_kpi_member_days` on the days spells started or ended, from the spells as they now are. */
async function refreshMemberDays(tx: StoreDb, spells: readonly SpellDays[]): Promise<void> {
  const keys = new Map<string, { siteCode: string; day: string }>();
  for (const spell of spells) {
    for (const day of [spell.started, spell.ended]) if (day) keys.set(`${spell.siteCode}\u0000${day}`, { siteCode: spell.siteCode, day });
  }
  const all = [...keys.values()];
  for (let i = 0; i < all.length; i += IDS_PER_STATEMENT) {
    const batch = all.slice(i, i + IDS_PER_STATEMENT);
    const table = sql`unnest(${sql.param(batch.map((k) => k.siteCode))}::text[], ${sql.param(batch.map((k) => k.day))}::date[]) as k(site_code, day)`;
    await tx.execute(sql`delete from wh_kpi_member_days d using ${table} where d.site_code = k.site_code and d.day = k.day`);
    await tx.execute(sql`insert into wh_kpi_member_days (site_code, day, activations, exits)
select site_code, day, activations, exits from (
  select k.site_code, k.day,
    (select count(*) from wh_kpi_member_spells s where s.site_code = k.site_code and s.started = k.day) as activations,
    (select count(*) from wh_kpi_member_spells s where s.site_code = k.site_code and s.ended = k.day) as exits
  from ${table}
) c where activations > 0 or exits > 0`);
  }
}

/**
 * Rewrites the spells of the accounts `ids` and of those whose status changes they now claim (inside the caller's
 * transaction, after the window's rows are written).
 */
export async function refreshMemberSpells(tx: StoreDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${SPELLS_LOCK_KEY}::int)`);
  const c = whStatusChanges;
  const all = new Set(ids);
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    // A change first kept under its `membership_id` moves to the account its `washbook_account_id` names once that is stored.
    const claimed = await tx.select({ id: c.membershipId }).from(c).where(inArray(c.washbookAccountId, ids.slice(i, i + IDS_PER_STATEMENT)));
    for (const row of claimed) all.add(row.id);
  }
  const list = [...all];
  const touched: SpellDays[] = [];
  for (let i = 0; i < list.length; i += IDS_PER_STATEMENT) {
    const batch = list.slice(i, i + IDS_PER_STATEMENT);
    const s = kpiMemberSpells;
    touched.push(...(await tx.delete(s).where(inArray(s.membershipId, batch)).returning({ siteCode: s.siteCode, started: s.started, ended: s.ended })));
    touched.push(...(await writeSpells(tx, await loadHistories(tx, inArray(whMemberships.id, batch)))));
  }
  await refreshMemberDays(tx, touched);
}

/** Rebuilds the spells of whole sites (every account when omitted): a site's zone changed, or rows were loaded in bulk. */
export async function rebuildMemberSpells(tx: StoreDb, siteCodes?: readonly string[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SPELLS_LOCK_KEY}::int)`);
  const m = whMemberships;
  const ofSites = (column: SQL) => (siteCodes ? sql`${column} = any(${sql.param([...siteCodes])}::text[])` : sql`true`);
  await tx.execute(sql`delete from wh_kpi_member_spells where ${ofSites(sql`site_code`)}`);
  await tx.execute(sql`delete from wh_kpi_member_days where ${ofSites(sql`site_code`)}`);
  await writeSpells(tx, await loadHistories(tx, ofSites(sql`coalesce(${m.billingSiteCode}, ${m.creationSiteCode})`)));
  await tx.execute(sql`insert into wh_kpi_member_days (site_code, day, activations, exits)
select site_code, day, sum(activations), sum(exits) from (
  select site_code, started as day, 1 as activations, 0 as exits from wh_kpi_member_spells where ${ofSites(sql`site_code`)}
  union all
  select site_code, ended, 0, 1 from wh_kpi_member_spells where ended is not null and ${ofSites(sql`site_code`)}
) d group by site_code, day`);
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** Active members per site-day, churn per site-month and the cohort grid, for the scope, from the spells. */
export async function membershipKpis(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }): Promise<MembershipKpis> {
  const sites = sql.param([...scope.siteCodes]);
  const before = addDays(scope.from, -1);
  const months = monthsBetween(scope.from, scope.to);
  // Each month of the scope, clipped to it.
  const pieces = months.map((month) => {
    const last = lastDayOfMonth(month);
    return { month, from: month < scope.from ? scope.from : month, to: last > scope.to ? scope.to : last };
  });
  const [changes, signUps, exits, cohortChanges, cohortMembers] = await Promise.all([
    // Activations less exits per day; everything before the scope folds into its eve.
    db.execute(sql`select site_code, day::text as day, sum(delta) as delta from (
  select site_code, greatest(day, ${before}::date) as day, activations - exits as delta from wh_kpi_member_days where site_code = any(${sites}::text[]) and day <= ${scope.to}::date
) d group by site_code, day`),
    db.execute(sql`select site_code, started_month::text as month, count(*) as n from wh_kpi_member_spells
where site_code = any(${sites}::text[]) and position = 0 and started between ${scope.from}::date and ${scope.to}::date group by site_code, started_month`),
    // Exits of spells active when their month (in the scope) began, and whether the account was active again at its end.
    db.execute(sql`select s.site_code, s.ended_month::text as month, s.exit, count(*) as n,
  count(*) filter (where exists (select 1 from wh_kpi_member_spells b where b.membership_id = s.membership_id and b.position > s.position and b.started <= p.last and (b.ended is null or b.ended > p.last))) as back
from wh_kpi_member_spells s
join unnest(${sql.param(pieces.map((p) => p.month))}::date[], ${sql.param(pieces.map((p) => p.from))}::date[], ${sql.param(pieces.map((p) => p.to))}::date[]) as p(month, first, last) on s.ended_month = p.month
where s.site_code = any(${sites}::text[]) and s.ended between ${scope.from}::date and ${scope.to}::date and s.started < p.first
group by s.site_code, s.ended_month, s.exit`),
    // A cohort's members active at a month's end: spells started by then, less those ended by then.
    db.execute(sql`select site_code, join_month::text as join_month, plan, month::text as month, sum(delta) as delta from (
  select site_code, join_month, plan, started_month as month, 1 as delta from wh_kpi_member_spells
  where site_code = any(${sites}::text[]) and join_month between ${months[0]}::date and ${months[months.length - 1]}::date and started <= ${scope.to}::date
  union all
  select site_code, join_month, plan, ended_month, -1 from wh_kpi_member_spells
  where site_code = any(${sites}::text[]) and join_month between ${months[0]}::date and ${months[months.length - 1]}::date and ended <= ${scope.to}::date
) c group by site_code, join_month, plan, month`),
    db.execute(sql`select site_code, join_month::text as join_month, plan, count(*) as n from wh_kpi_member_spells
where site_code = any(${sites}::text[]) and position = 0 and join_month between ${months[0]}::date and ${months[months.length - 1]}::date and started <= ${scope.to}::date
group by site_code, join_month, plan`),
  ]);
  const deltaOf = new Map(rowsOf<{ site_code: string; day: string; delta: string | number }>(changes).map((r) => [`${r.site_code}\u0000${r.day}`, num(r.delta)]));
  const signUpsOf = new Map(rowsOf<{ site_code: string; month: string; n: string | number }>(signUps).map((r) => [`${r.site_code}\u0000${r.month}`, num(r.n)]));
  const exitRows = rowsOf<{ site_code: string; month: string; exit: Exit; n: string | number; back: string | number }>(exits);
  const cohortDeltas = new Map(rowsOf<{ site_code: string; join_month: string; plan: string; month: string; delta: string | number }>(cohortChanges).map((r) => [`${r.site_code}\u0000${r.join_month}\u0000${r.plan}\u0000${r.month}`, num(r.delta)]));
  const cohortRows = rowsOf<{ site_code: string; join_month: string; plan: string; n: string | number }>(cohortMembers);

  const activeByDay: ActiveMembersRow[] = [];
  const churn: ChurnRow[] = [];
  const cohorts: CohortRow[] = [];
  const days = daysBetween(scope.from, scope.to);
  for (const siteCode of [...scope.siteCodes].sort()) {
    const activeAtEndOf = new Map<string, number>();
    let active = deltaOf.get(`${siteCode}\u0000${before}`) ?? 0;
    activeAtEndOf.set(before, active);
    for (const day of days) {
      active += deltaOf.get(`${siteCode}\u0000${day}`) ?? 0;
      activeAtEndOf.set(day, active);
      activeByDay.push({ siteCode, day, active });
    }
    for (const piece of pieces) {
      const activeAtStart = activeAtEndOf.get(addDays(piece.from, -1)) as number;
      const mine = exitRows.filter((r) => r.site_code === siteCode && r.month === piece.month);
      const exitsOf = (exit: Exit) => mine.filter((r) => r.exit === exit).reduce((n, r) => n + num(r.n), 0);
      const lost = mine.reduce((n, r) => n + num(r.n) - num(r.back), 0);
      churn.push({
        siteCode,
        month: piece.month,
        from: piece.from,
        to: piece.to,
        activeAtStart,
        voluntary: exitsOf('voluntary'),
        involuntary: exitsOf('involuntary'),
        retained: activeAtStart - lost,
        joined: signUpsOf.get(`${siteCode}\u0000${piece.month}`) ?? 0,
        activeAtEnd: activeAtEndOf.get(piece.to) as number,
      });
    }
    const grid = cohortRows
      .filter((r) => r.site_code === siteCode)
      .map((r): CohortRow => {
        let running = 0;
        const later = months.filter((month) => month >= r.join_month);
        const active = later.map((month) => ({ month, active: (running += cohortDeltas.get(`${siteCode}\u0000${r.join_month}\u0000${r.plan}\u0000${month}`) ?? 0) }));
        return { siteCode, joinMonth: r.join_month, plan: r.plan, members: num(r.n), active };
      });
    cohorts.push(...grid.sort((a, b) => a.joinMonth.localeCompare(b.joinMonth) || a.plan.localeCompare(b.plan)));
  }
  return { activeByDay, churn, cohorts };
}
