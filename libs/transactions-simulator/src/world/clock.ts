/**
 * Clock entries of one employee: the shifts of `staff.ts`, weeks running Friday to Thursday (as the vendor's example
 * week "2021-01-08 - 2021-01-14"), hours past 40 in a week paid as overtime at 1.5×, a shift running at `asOfMs` open.
 */
import type { ChainSite } from '../chain.js';
import { HOUR_MS, dateOfOrdinal, localParts, ordinalOfDate, weekdayOf } from './rhythm.js';
import { shiftsOn } from './staff.js';
import type { ClockEntryRecord, EmployeeRecord } from './types.js';

/** 5 = Friday (0 = Sunday). */
export const WEEK_STARTS_ON = 5;
const REGULAR_HOURS_PER_WEEK = 40;
const OVERTIME_FACTOR = 1.5;

export function clockEntriesOf(
  seed: string,
  site: ChainSite,
  employee: EmployeeRecord,
  laborHoursPerCar: number,
  fromMs: number,
  toMs: number,
  asOfMs: number,
): ClockEntryRecord[] {
  const index = (employee.employeeId % 100) - 1;
  const firstDay = ordinalOfDate(localParts(site.timezone, fromMs).date);
  // Overtime counts from the start of the week, so the week's earlier shifts are worked out too.
  const weekStart = firstDay - ((weekdayOf(dateOfOrdinal(firstDay)) - WEEK_STARTS_ON + 7) % 7);
  const lastDay = ordinalOfDate(localParts(site.timezone, Math.min(toMs, asOfMs)).date);
  const out: ClockEntryRecord[] = [];
  let weekHours = 0;
  for (let day = weekStart; day <= lastDay; day++) {
    const date = dateOfOrdinal(day);
    if (weekdayOf(date) === WEEK_STARTS_ON) weekHours = 0;
    for (const s of shiftsOn(seed, site, date, laborHoursPerCar)) {
      if (s.employee !== index || s.clockInMs > asOfMs) continue;
      const open = s.clockOutMs > asOfMs;
      const hours = ((open ? asOfMs : s.clockOutMs) - s.clockInMs) / HOUR_MS;
      const regular = Math.max(0, Math.min(hours, REGULAR_HOURS_PER_WEEK - weekHours));
      weekHours += hours;
      if (s.clockInMs < fromMs || s.clockInMs > toMs) continue;
      out.push({
        employeeId: employee.employeeId,
        siteId: site.siteId,
        clockInMs: s.clockInMs,
        clockOutMs: open ? null : s.clockOutMs,
        regularHours: round2(regular),
        overtimeHours: round2(hours - regular),
        regularRateCents: employee.rateCents,
        overtimeRateCents: Math.round(employee.rateCents * OVERTIME_FACTOR),
        overtimeEligible: true,
        wasModified: s.wasModified && (s.modifiedMs as number) <= asOfMs,
        modifiedMs: s.wasModified && (s.modifiedMs as number) <= asOfMs ? s.modifiedMs : null,
        createdInBackOffice: s.createdInBackOffice,
      });
    }
  }
  return out;
}

function round2(hours: number): number {
  return Math.round(hours * 100) / 100;
}

