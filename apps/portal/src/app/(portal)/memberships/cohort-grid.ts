import type { CohortPoint } from '@washops/operations';
import { heatStep } from '../reports/chart-data';

// The cohort grid as the page draws it, from the numbers' cohorts: pure, so it is tested without a browser.

export interface CohortCell {
  /** The calendar month (its 1st) the cell counts at the end of. */
  month: string;
  active: number;
  /** Of the cohort's members; `null` for a cohort of none. */
  share: number | null;
}

export interface CohortRow {
  joinMonth: string;
  /** The plan's name, or `null` when the row sums every plan. */
  plan: string | null;
  members: number;
  /** `cells[n]`: `n` months after the join month; a month past the range's end has none. */
  cells: Array<CohortCell | null>;
}

export interface CohortGrid {
  rows: CohortRow[];
  /** Columns: 0 (the join month) to the largest offset any row reaches. */
  offsets: number[];
}

/** Months from `from` to `month`, both `YYYY-MM-…` (`2026-11-01` after `2026-09-01` is 2). */
export function monthsAfter(from: string, month: string): number {
  const year = (day: string) => Number(day.slice(0, 4));
  const monthOf = (day: string) => Number(day.slice(5, 7));
  return (year(month) - year(from)) * 12 + monthOf(month) - monthOf(from);
}

/** The plans the cohorts name, alphabetically. */
export function plansOf(cohorts: readonly CohortPoint[]): string[] {
  return [...new Set(cohorts.map((cohort) => cohort.plan))].sort((a, b) => a.localeCompare(b));
}

/**
 * One row per join month: every plan summed when `plan` is empty, else that plan's cohort only. Each cell
 * stands at its months since joining, whatever order the answer gives them in.
 */
export function cohortGridOf(cohorts: readonly CohortPoint[], plan: string): CohortGrid {
  const byMonth = new Map<string, { members: number; active: Map<number, { month: string; active: number }> }>();
  for (const cohort of cohorts) {
    if (plan && cohort.plan !== plan) continue;
    const row = byMonth.get(cohort.joinMonth) ?? { members: 0, active: new Map() };
    row.members += cohort.members;
    for (const cell of cohort.months) {
      const offset = monthsAfter(cohort.joinMonth, cell.month);
      if (offset < 0) continue;
      const sum = row.active.get(offset) ?? { month: cell.month, active: 0 };
      sum.active += cell.active;
      row.active.set(offset, sum);
    }
    byMonth.set(cohort.joinMonth, row);
  }
  const width = Math.max(0, ...[...byMonth.values()].flatMap((row) => [...row.active.keys()].map((offset) => offset + 1)));
  const offsets = Array.from({ length: width }, (_, offset) => offset);
  const rows = [...byMonth.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([joinMonth, row]) => ({
      joinMonth,
      plan: plan || null,
      members: row.members,
      cells: offsets.map((offset) => {
        const cell = row.active.get(offset);
        return cell ? { ...cell, share: row.members === 0 ? null : cell.active / row.members } : null;
      }),
    }));
  return { rows, offsets };
}

/** The heat map's step of a share: the reports' heat steps over 0–100 %, none for no share. */
export function shareStep(share: number | null): number {
  return share === null ? 0 : heatStep(share, 1);
}

/** A column's heading: `Join month` for 0, then `Month 1`, `Month 2`… */
export function offsetLabel(offset: number): string {
  return offset === 0 ? 'Join month' : `Month ${offset}`;
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2026-11-01` → `Nov 2026`. */
export function monthLabel(month: string): string {
  const time = Date.parse(`${month.slice(0, 7)}-01T00:00:00Z`);
  return Number.isNaN(time) ? month : monthYear.format(time);
}
