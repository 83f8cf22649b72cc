import { and, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StoreDb } from '../connection.js';
import { whMemberships, whMembershipStatuses, whStatusChanges } from '../dataapi/schema.js';
import { daysBetween, localDay, localDayEnd, localDayStart } from '../warehouse/zones.js';
import { lastDayOfMonth, monthOf, monthsBetween } from './local-time.js';
import { siteZones } from './site-days.js';
import type { ActiveMembersRow, ChurnRow, CohortRow, MembershipKpis } from './types.js';

// Members from the membership warehouse (README, "The operator's numbers"): an account is active from its sign-up
// until a status other than Active, and again from a later Active (a reactivated account). Its statuses come from
// the status-change list and the account's detail, and its cancel date from the account list.

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

/** Whether the account is active at instant `at` (ms). */
export function activeAt(history: MemberHistory, at: number): boolean {
  let active = false;
  for (const change of history.changes) {
    if (change.at > at) break;
    active = change.exit === null;
  }
  return active;
}

/** The first exit within [from, to), if any. */
function exitWithin(history: MemberHistory, from: number, to: number): Exit | null {
  for (const change of history.changes) if (change.at >= from && change.at < to && change.exit !== null) return change.exit;
  return null;
}

/** Every account of the scope's sites signed up before its end, with its statuses. */
async function loadHistories(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }, zones: Map<string, string>): Promise<MemberHistory[]> {
  const end = new Date(Math.max(...scope.siteCodes.map((code) => localDayEnd(scope.to, zones.get(code) as string))));
  const m = whMemberships;
  const site = sql<string>`coalesce(${m.billingSiteCode}, ${m.creationSiteCode})`;
  const inScope: SQL = and(inArray(site, scope.siteCodes), isNotNull(m.signUpAt), lt(m.signUpAt, end)) as SQL;
  const ids = db.select({ id: m.id }).from(m).where(inScope);
  // A status change names its account twice (`washbook_account_id`, `recurring_id` kept as `membership_id`); the
  // simulator puts the account's id in the first and another number in the second, so the first wins when it names a
  // membership the warehouse holds.
  const c = whStatusChanges;
  const named = alias(whMemberships, 'named');
  const changeOf = sql<string>`coalesce(${named.id}, ${c.membershipId})`;
  const [members, statuses, changes] = await Promise.all([
    db.select({ id: m.id, siteCode: site, plan: m.planName, signUpAt: m.signUpAt, cancelAt: m.cancelAt }).from(m).where(inScope),
    db.select({ id: whMembershipStatuses.membershipId, status: whMembershipStatuses.status, at: whMembershipStatuses.at }).from(whMembershipStatuses).where(and(inArray(whMembershipStatuses.membershipId, ids), lt(whMembershipStatuses.at, end))),
    db.select({ id: changeOf, status: c.newStatus, at: c.at }).from(c).leftJoin(named, eq(named.id, c.washbookAccountId)).where(and(inArray(changeOf, ids), lt(c.at, end))),
  ]);
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

/** Active members per site-day, churn per site-month and the cohort grid, for the scope. */
export async function membershipKpis(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }): Promise<MembershipKpis> {
  const zones = await siteZones(db, scope.siteCodes);
  const histories = await loadHistories(db, scope, zones);
  const bySite = new Map<string, MemberHistory[]>(scope.siteCodes.map((code) => [code, []]));
  for (const history of histories) bySite.get(history.siteCode)?.push(history);
  const activeByDay: ActiveMembersRow[] = [];
  const churn: ChurnRow[] = [];
  const cohorts: CohortRow[] = [];
  for (const siteCode of [...scope.siteCodes].sort()) {
    const zone = zones.get(siteCode) as string;
    const members = bySite.get(siteCode) ?? [];
    // One sweep over every change in time order, instead of asking each account about each day.
    const deltas = members.flatMap((h) => h.changes.map((c) => [c.at, c.exit === null ? 1 : -1] as const)).sort((a, b) => a[0] - b[0]);
    let next = 0;
    let active = 0;
    for (const day of daysBetween(scope.from, scope.to)) {
      const end = localDayEnd(day, zone) - 1;
      for (; next < deltas.length && (deltas[next] as readonly [number, number])[0] <= end; next += 1) active += (deltas[next] as readonly [number, number])[1];
      activeByDay.push({ siteCode, day, active });
    }
    for (const month of monthsBetween(scope.from, scope.to)) {
      const from = month < scope.from ? scope.from : month;
      const last = lastDayOfMonth(month);
      const to = last > scope.to ? scope.to : last;
      const start = localDayStart(from, zone);
      const end = localDayEnd(to, zone);
      const row: ChurnRow = { siteCode, month, from, to, activeAtStart: 0, voluntary: 0, involuntary: 0, retained: 0, joined: 0, activeAtEnd: 0 };
      for (const h of members) {
        if (h.signUpAt >= start && h.signUpAt < end) row.joined += 1;
        if (activeAt(h, end - 1)) row.activeAtEnd += 1;
        if (!activeAt(h, start - 1)) continue;
        row.activeAtStart += 1;
        const exit = exitWithin(h, start, end);
        if (exit) row[exit] += 1;
        if (activeAt(h, end - 1)) row.retained += 1;
      }
      churn.push(row);
    }
    const grid = new Map<string, CohortRow>();
    const months = monthsBetween(scope.from, scope.to);
    for (const h of members) {
      const joinMonth = monthOf(localDay(new Date(h.signUpAt), zone));
      if (joinMonth < (months[0] as string) || joinMonth > (months[months.length - 1] as string)) continue;
      const key = `${joinMonth}\u0000${h.plan}`;
      let row = grid.get(key);
      if (!row) {
        const later = months.filter((month) => month >= joinMonth);
        grid.set(key, (row = { siteCode, joinMonth, plan: h.plan, members: 0, active: later.map((month) => ({ month, active: 0 })) }));
      }
      row.members += 1;
      for (const cell of row.active) {
        const last = lastDayOfMonth(cell.month);
        if (activeAt(h, localDayEnd(last > scope.to ? scope.to : last, zone) - 1)) cell.active += 1;
      }
    }
    cohorts.push(...[...grid.values()].sort((a, b) => a.joinMonth.localeCompare(b.joinMonth) || a.plan.localeCompare(b.plan)));
  }
  return { activeByDay, churn, cohorts };
}
