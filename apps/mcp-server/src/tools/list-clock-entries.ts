import { listClockEntriesInputSchema, MAX_CLOCK_RANGE_DAYS } from '@washops/operations/schemas';
import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { RESOURCE_RULES, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';

const shape = listClockEntriesInputSchema.shape;

export const listClockEntries = defineTool({
  name: 'list_clock_entries',
  area: 'resources',
  title: "Employees' time clock",
  description:
    'Lists the shifts employees clocked in a range of days (UTC days, YYYY-MM-DD), per employee and site: clock-in, clock-out, regular and overtime hours and rates; ' +
    'an open shift (no clock-out yet) is flagged. The totals (open shifts, regular and overtime hours) cover the whole range, not only the page. ' +
    `Live answers ask the Data API 14 days at a time per employee: while clock entries are not synced, name an employee (live, the whole chain is refused). ${RESOURCE_RULES}`,
  inputSchema: resourceInput(
    {
      from: shape.from.describe('First day, YYYY-MM-DD (shifts clocked in from then)'),
      to: shape.to.describe(`Last day, YYYY-MM-DD, inclusive (at most ${MAX_CLOCK_RANGE_DAYS} days)`),
      employeeId: shape.employeeId.describe("Only this employee's shifts (the Data API's employee id)"),
      siteCode: shape.siteCode.describe('Only shifts at this site code'),
      ...pageInputShape,
    },
    listClockEntriesInputSchema,
  ),
  outputSchema: z.object({
    openShifts: z.number().int().describe('over the whole range'),
    regularHours: z.number(),
    overtimeHours: z.number(),
    shifts: z.array(
      z.object({
        employeeId: z.number().int(),
        employeeName: z.string().nullable(),
        siteCode: z.string().nullable(),
        clockIn: z.string().nullable(),
        clockOut: z.string().nullable(),
        open: z.boolean().describe('no clock-out yet'),
        regularHours: z.number(),
        overtimeHours: z.number(),
        regularRate: moneySchema,
        overtimeRate: moneySchema,
        wasModified: z.boolean(),
      }),
    ),
    ...pagingShape,
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).listClockEntries(input, resourceReadOptions(context));
    return {
      openShifts: page.openShifts,
      regularHours: page.regularHours,
      overtimeHours: page.overtimeHours,
      shifts: page.rows.map(({ regularRateCents, overtimeRateCents, ...s }) => ({ ...s, regularRate: moneyOf(regularRateCents), overtimeRate: moneyOf(overtimeRateCents) })),
      ...pagingOf(page),
    };
  },
  render: (out) =>
    [
      out.freshness.note,
      `${out.regularHours} regular and ${out.overtimeHours} overtime hours; ${out.openShifts} open shift(s).`,
      ...out.shifts.map(
        (s) => `- ${s.employeeName ?? `employee ${s.employeeId}`} at ${s.siteCode ?? '—'}: ${s.clockIn ?? '—'} to ${s.open ? 'OPEN (not clocked out)' : s.clockOut}, ${s.regularHours} h + ${s.overtimeHours} h overtime`,
      ),
      pageLine(out, out.shifts.length),
    ].join('\n'),
});
