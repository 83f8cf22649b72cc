import { listMembershipsInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { RESOURCE_RULES, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';
import { membershipLine, membershipOf, membershipSchema } from './customer-views.js';

const shape = listMembershipsInputSchema.shape;

export const listMemberships = defineTool({
  name: 'list_memberships',
  area: 'resources',
  title: 'List memberships (recurring accounts)',
  description:
    'Lists memberships (the Data API\'s recurring accounts), newest sign-up first: plan, status, billing site, amount, sign-up and cancel dates. ' +
    'Filter by customer, status name or billing site; get_membership shows one with its status history and billings; list_membership_status_changes tells who cancelled when. ' +
    RESOURCE_RULES,
  inputSchema: resourceInput(
    {
      customerId: shape.customerId.describe("Only this customer's memberships (an id from list_customers)"),
      status: shape.status.describe('A status name as the vendor spells it, any case: Active, Cancelled, Suspended, Expired, Payment Failed, …'),
      siteCode: shape.siteCode.describe('Only memberships billed at this site code'),
      ...pageInputShape,
    },
    listMembershipsInputSchema,
  ),
  outputSchema: z.object({ memberships: z.array(membershipSchema), ...pagingShape }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).listMemberships(input, resourceReadOptions(context));
    return { memberships: page.rows.map(membershipOf), ...pagingOf(page) };
  },
  render: (out) => [out.freshness.note, ...out.memberships.map((m) => `- ${membershipLine(m)}`), pageLine(out, out.memberships.length)].join('\n'),
});
