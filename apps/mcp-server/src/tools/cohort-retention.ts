import type { CohortPoint } from '@washops/operations';
import { z } from 'zod';
import { capped, fractionSchema } from '../schemas/reports.js';
import { groupLines, kpiTool, percentOf } from './kpi-tool.js';

/** Cohorts in one answer (each with a row of months). */
const MAX_COHORTS = 500;

const cohort = z.object({
  group: z.string().describe('a site code, a region, or All sites'),
  joinMonth: z.string().describe("the local month of sign-up, its 1st"),
  plan: z.string().describe('the plan as the warehouse holds it (Unknown plan when unread)'),
  members: z.number().int().describe('memberships that joined that month on that plan'),
  months: z
    .array(z.object({ month: z.string(), active: z.number().int().describe("still active at the month's end (or the range's)"), share: fractionSchema.describe('active ÷ members') }))
    .describe('the join month and each later month to the end of the range'),
});

const cohortOf = (row: CohortPoint): z.input<typeof cohort> => ({
  group: row.group,
  joinMonth: row.joinMonth,
  plan: row.plan,
  members: row.members,
  months: row.months.map(({ month, active, share }) => ({ month, active, share })),
});

export const cohortRetention = kpiTool({
  name: 'cohort_retention',
  method: 'memberships',
  title: 'Membership cohort retention grid',
  answers:
    'The membership cohort grid: members by join month and plan, and the share of each cohort still active at the end of every later month up to the range\'s end, ' +
    'per site, BackOffice region or the whole chain. Cohorts are the sign-ups within the range: ask from the first join month to look at (e.g. a year back) to today. ' +
    'Use it for "do members who joined in March stay" or to compare plans; narrow it with sites or region. For churn per month use membership_churn.',
  groupByDescription: 'Per site (default), BackOffice region or the whole chain; day, week or month sum the chosen sites into one chain-wide grid',
  dataShape: {
    cohorts: z.array(cohort).describe(`at most ${MAX_COHORTS}, by group, join month, then plan`),
    cohortsOmitted: z.number().int().describe('cohorts left out: group by region or chain, or narrow the range, for fewer'),
  },
  data: (data) => {
    const cohorts = capped(data.cohorts, MAX_COHORTS);
    return { cohorts: cohorts.rows.map(cohortOf), cohortsOmitted: cohorts.omitted };
  },
  lines: (out) =>
    groupLines(
      out.cohorts,
      null,
      (c) => `${c.group}, ${c.plan}, joined ${c.joinMonth.slice(0, 7)}: ${c.members} members; still active ${c.months.map((m) => `${m.month.slice(0, 7)} ${percentOf(m.share)}`).join(', ')}.`,
    ),
});
