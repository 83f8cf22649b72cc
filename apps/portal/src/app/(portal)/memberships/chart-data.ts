import type { ActiveMembersPoint, ChurnPoint, ReportTable } from '@washops/operations';
import { monthLabel, offsetLabel, type CohortGrid } from './cohort-grid';

// What the Memberships page's charts and tables show, from the numbers' answer: pure, so it is tested without a browser.

/** Active members at the end of each day, every group of the answer summed, oldest day first. */
export function activeByDayOf(active: readonly ActiveMembersPoint[]): Array<{ day: string; active: number }> {
  const byDay = new Map<string, number>();
  for (const point of active) byDay.set(point.day, (byDay.get(point.day) ?? 0) + point.active);
  return [...byDay.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([day, count]) => ({ day, active: count }));
}

/** Churn per month as a table: the counts, then the rates of those active at the month's start. */
export function churnTableOf(churn: readonly ChurnPoint[]): ReportTable {
  return {
    columns: [
      { key: 'month', label: 'Month', kind: 'text' },
      { key: 'activeAtStart', label: 'Active at start', kind: 'count' },
      { key: 'voluntary', label: 'Cancelled', kind: 'count' },
      { key: 'involuntary', label: 'Declined or suspended', kind: 'count' },
      { key: 'voluntaryChurn', label: 'Voluntary churn', kind: 'percent' },
      { key: 'involuntaryChurn', label: 'Involuntary churn', kind: 'percent' },
      { key: 'churn', label: 'Churn', kind: 'percent' },
      { key: 'retention', label: 'Retention', kind: 'percent' },
      { key: 'joined', label: 'Joined', kind: 'count' },
      { key: 'activeAtEnd', label: 'Active at end', kind: 'count' },
    ],
    rows: churn.map((row) => ({
      month: monthLabel(row.month),
      activeAtStart: row.activeAtStart,
      voluntary: row.voluntary,
      involuntary: row.involuntary,
      voluntaryChurn: row.voluntaryChurn,
      involuntaryChurn: row.involuntaryChurn,
      churn: row.churn,
      retention: row.retention,
      joined: row.joined,
      activeAtEnd: row.activeAtEnd,
    })),
  };
}

/** The cohort grid as a plain table: a row per join month (and plan), its members, then the share active per month since joining. */
export function cohortTableOf(grid: CohortGrid): ReportTable {
  const plan = grid.rows.some((row) => row.plan !== null);
  return {
    columns: [
      { key: 'joinMonth', label: 'Joined', kind: 'text' },
      ...(plan ? [{ key: 'plan', label: 'Plan', kind: 'text' as const }] : []),
      { key: 'members', label: 'Members', kind: 'count' },
      ...grid.offsets.map((offset) => ({ key: `m${offset}`, label: offsetLabel(offset), kind: 'percent' as const })),
    ],
    rows: grid.rows.map((row) => ({
      joinMonth: monthLabel(row.joinMonth),
      ...(plan ? { plan: row.plan } : {}),
      members: row.members,
      // A month past the range's end is left empty; a cohort of none shows no share.
      ...Object.fromEntries(grid.offsets.map((offset) => [`m${offset}`, row.cells[offset]?.share ?? null])),
    })),
  };
}
