import type { ActiveMembersPoint, ChurnPoint } from '@washops/operations';
import { z } from 'zod';
import { capped, fractionSchema } from '../schemas/reports.js';
import { groupLines, kpiTool, percentOf } from './kpi-tool.js';

/** Daily points in one answer: a year of days × many sites would not fit a model's context. */
const MAX_ACTIVE_POINTS = 1000;

const count = (what: string) => z.number().int().describe(what);

export const churnMonthSchema = z.object({
  group: z.string().describe('a site code, a region, or All sites'),
  month: z.string().describe("the month's 1st"),
  from: z.string().describe('the first local day of the month in the range'),
  to: z.string().describe('the last local day of the month in the range'),
  activeAtStart: count('memberships active at the start of from'),
  voluntary: count('of them, cancelled by to (voluntary churn)'),
  involuntary: count('of them, declined billing or suspended by to (involuntary churn)'),
  retained: count('of them, still (or again) active at the end of to'),
  joined: count('sign-ups in the month'),
  activeAtEnd: count('memberships active at the end of to'),
  voluntaryChurn: fractionSchema.describe('voluntary ÷ activeAtStart; null with none at the start'),
  involuntaryChurn: fractionSchema.describe('involuntary ÷ activeAtStart'),
  churn: fractionSchema.describe('(voluntary + involuntary) ÷ activeAtStart'),
  retention: fractionSchema.describe('retained ÷ activeAtStart'),
});

const activePoint = z.object({ group: z.string(), day: z.string(), active: count('memberships active at the end of the local day') });

const monthOf = (row: ChurnPoint): z.input<typeof churnMonthSchema> => ({ ...row });

/** Each group's last day: the active members to quote. */
function latestOf(points: readonly ActiveMembersPoint[]): Array<z.input<typeof activePoint>> {
  const last = new Map<string, ActiveMembersPoint>();
  for (const point of points) {
    const seen = last.get(point.group);
    if (!seen || point.day > seen.day) last.set(point.group, point);
  }
  return [...last.values()].map(({ group, day, active }) => ({ group, day, active }));
}

export const membershipChurn = kpiTool({
  name: 'membership_churn',
  method: 'memberships',
  title: 'Membership churn and retention',
  answers:
    'Membership churn per calendar month on the billing-cycle definition, split voluntary (cancelled) and involuntary (declined billing, suspended), ' +
    'with retention, sign-ups and members active at each month\'s start and end, and active members per day, per site, BackOffice region or the whole chain. ' +
    'Use it for "how many members did we lose" or "what is our retention"; a range of whole months reads best (a month cut by the range counts only its days in it). ' +
    'For the members by join month and plan use cohort_retention; for new memberships sold and conversion use kpi_summary.',
  groupByDescription: 'Per site (default), BackOffice region or the whole chain; day, week or month sum the chosen sites into one chain-wide group (churn is always per month)',
  dataShape: {
    months: z.array(churnMonthSchema).describe('per group, then month'),
    activeMembers: z.array(activePoint).describe('each group\'s members active at the end of its last day in the range: the number to quote'),
    activeByDay: z.array(activePoint).describe(`members active at the end of each day, at most ${MAX_ACTIVE_POINTS}, by group then day`),
    activeByDayOmitted: count('daily points left out of activeByDay: narrow the range or group by region or chain for fewer'),
  },
  data: (data) => {
    const active = capped(data.active, MAX_ACTIVE_POINTS);
    return {
      months: data.churn.map(monthOf),
      activeMembers: latestOf(data.active),
      activeByDay: active.rows.map(({ group, day, active: n }) => ({ group, day, active: n })),
      activeByDayOmitted: active.omitted,
    };
  },
  lines: (out) => [
    ...groupLines(
      out.months,
      null,
      (m) =>
        `${m.group} ${m.month.slice(0, 7)}: ${m.activeAtStart} active at the start, churn ${percentOf(m.churn)} (voluntary ${m.voluntary}, ${percentOf(m.voluntaryChurn)}; involuntary ${m.involuntary}, ${percentOf(m.involuntaryChurn)}), ` +
        `retention ${percentOf(m.retention)}, ${m.joined} joined, ${m.activeAtEnd} active at the end.`,
    ),
    ...out.activeMembers.slice(0, 10).map((a) => `${a.group}: ${a.active} active members at the end of ${a.day}.`),
  ],
});
