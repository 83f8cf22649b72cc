import { listStatusChangesInputSchema, MAX_RESOURCE_RANGE_DAYS } from '@washops/operations/schemas';
import { z } from 'zod';
import { RESOURCE_RULES, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';

const shape = listStatusChangesInputSchema.shape;

export const listMembershipStatusChanges = defineTool({
  name: 'list_membership_status_changes',
  area: 'resources',
  title: 'Membership status changes',
  description:
    'Lists the status changes of memberships in a range of days, oldest first: old and new status (Active, Cancelled, Suspended, Payment Failed, …), when, by which employee and at which site. ' +
    'Answers "who cancelled last month and why" with get_membership for the comments. Days are UTC days, YYYY-MM-DD. ' +
    RESOURCE_RULES,
  inputSchema: resourceInput(
    {
      from: shape.from.describe('First day, YYYY-MM-DD'),
      to: shape.to.describe(`Last day, YYYY-MM-DD, inclusive (at most ${MAX_RESOURCE_RANGE_DAYS} days)`),
      siteCode: shape.siteCode.describe('Only changes made at this site code'),
      ...pageInputShape,
    },
    listStatusChangesInputSchema,
  ),
  outputSchema: z.object({
    changes: z.array(
      z.object({
        membershipId: z.string(),
        washbookAccountId: z.string().nullable(),
        oldStatus: z.string().nullable(),
        newStatus: z.string(),
        at: z.string(),
        employeeName: z.string().nullable(),
        siteCode: z.string().nullable(),
      }),
    ),
    ...pagingShape,
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).listMembershipStatusChanges(input, resourceReadOptions(context));
    return { changes: page.rows, ...pagingOf(page) };
  },
  render: (out) =>
    [
      out.freshness.note,
      ...out.changes.map((c) => `- ${c.at} membership ${c.membershipId}: ${c.oldStatus ?? '—'} → ${c.newStatus} by ${c.employeeName ?? '—'} at ${c.siteCode ?? '—'}`),
      pageLine(out, out.changes.length),
    ].join('\n'),
});
