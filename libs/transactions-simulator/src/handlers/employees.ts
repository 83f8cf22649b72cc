/** `GET /employee` (SC), `/employee/{employee_id}` and `/employee/{employee_id}/clock-entries` (weeks, not paged). */
import { calendarDate, dollars, isoDateTime, optionalString } from '../envelopes.js';
import { json } from '../http.js';
import type { ClockEntryRecord, EmployeeRecord } from '../world/types.js';
import { notFound, PAGE_SIZES, parsePaging } from '../validation.js';
import { parseClockEntryDates, rejectProblems } from '../resource-params.js';
import type { Ctx, Handler, SimState } from './context.js';
import { criteriaKey, pageReply } from './paging.js';
import { nullLive, siteCodeOf } from './render.js';

/** The sandbox's documented missing employees (§9.13): `1` for the detail, `2` for clock entries. */
const SANDBOX_MISSING_EMPLOYEE = '1';
const SANDBOX_MISSING_CLOCK_EMPLOYEE = '2';
const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;

/** The spec documents no parameters; the vendor's client sends `limit` and `offset`, and they are honoured here. */
export const employeeList: Handler = (state, ctx) => {
  const problems: string[] = [];
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
  rejectProblems(problems);
  const sites = ctx.caller.visible;
  const rows = [...state.world.employees(sites)].sort((a, b) => a.employeeId - b.employeeId);
  return pageReply(state, ctx, 'employees', rows, page, criteriaKey(ctx, sites), (e) => ({
    firstName: e.firstName,
    lastName: e.lastName,
    employeeId: e.employeeId,
  }));
};

export const employeeGet: Handler = (state, ctx) => {
  const e = findEmployee(state, ctx, SANDBOX_MISSING_EMPLOYEE);
  return json(200, {
    data: {
      employeeId: e.employeeId,
      firstName: e.firstName,
      lastName: e.lastName,
      active: e.active,
      startDate: e.startDate,
      // §9.7: null live; the world records no change of start date, so the start date stands in.
      startDateChange: nullLive(state, 'startDateChange', e.employeeId) ? null : e.startDate,
      phone: optionalString(e.phone, state.settings.realism),
      email: optionalString(e.email, state.settings.realism),
    },
  });
};

/**
 * Clock entries of shifts that started within the days asked (at most 14), grouped in 7-day weeks from the first day.
 * The site-code header does not narrow them (unverified; the vendor's client filters by site itself); the
 * credential's sites do.
 */
export const clockEntries: Handler = (state, ctx) => {
  const e = findEmployee(state, ctx, SANDBOX_MISSING_CLOCK_EMPLOYEE);
  const problems: string[] = [];
  const range = parseClockEntryDates(ctx.query, state.clock.now(), problems);
  rejectProblems(problems);
  const allowed = new Set(ctx.caller.allowed.map((s) => s.siteId));
  const entries = state.world
    .clockEntries(e.employeeId, range.startMs, range.endMs, state.clock.now())
    .filter((c) => allowed.has(c.siteId) && (c.clockInMs ?? c.clockOutMs ?? 0) <= state.clock.now());
  const weeks: Array<{ week: string; entries: ClockEntryRecord[] }> = [];
  for (let from = range.startMs; from <= range.endMs; from += WEEK_DAYS * DAY_MS) {
    const to = Math.min(from + WEEK_DAYS * DAY_MS - 1, range.endMs);
    const inWeek = entries.filter((c) => {
      const at = c.clockInMs ?? c.clockOutMs ?? 0;
      return at >= from && at <= to;
    });
    if (inWeek.length > 0) weeks.push({ week: `${calendarDate(from)} - ${calendarDate(to)}`, entries: inWeek });
  }
  return json(200, {
    data: {
      weeks: weeks.map((w) => ({
        week: w.week,
        weekTotalRegularHours: hours(w.entries.reduce((sum, c) => sum + c.regularHours, 0)),
        weekTotalOverTimeHours: hours(w.entries.reduce((sum, c) => sum + c.overtimeHours, 0)),
        clockEntries: w.entries.map((c) => ({
          clockIn: c.clockInMs === null ? null : isoDateTime(c.clockInMs),
          clockOut: c.clockOutMs === null ? null : isoDateTime(c.clockOutMs),
          regularRate: dollars(c.regularRateCents),
          regularHours: hours(c.regularHours),
          overtimeEligible: c.overtimeEligible,
          overtimeRate: dollars(c.overtimeRateCents),
          overtimeHours: hours(c.overtimeHours),
          wasModified: c.wasModified,
          modificationTimestamp: c.modifiedMs === null ? null : isoDateTime(c.modifiedMs),
          wasCreatedInBackOffice: c.createdInBackOffice,
          siteCode: siteCodeOf(c.siteId),
        })),
      })),
    },
  });
};

/** An employee of the credential's sites (the detail takes no site-code header), or 404. */
function findEmployee(state: SimState, ctx: Ctx, sandboxMissing: string): EmployeeRecord {
  const raw = ctx.params['employee_id'] ?? '';
  if (state.environment === 'sandbox' && raw === sandboxMissing) throw notFound('employeeNotFound');
  const e = /^\d+$/.test(raw) ? state.world.employee(Number(raw)) : undefined;
  if (!e || !ctx.caller.allowed.some((s) => s.siteId === e.siteId)) throw notFound('employeeNotFound');
  return e;
}

/** Hours to two decimals, as time clocks report them. */
function hours(value: number): number {
  return Math.round(value * 100) / 100;
}
