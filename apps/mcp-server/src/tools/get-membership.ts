import { membershipIdInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { RESOURCE_RULES, freshnessOf, freshnessSchema } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';
import { membershipLine, membershipProfileOf, membershipProfileSchema } from './customer-views.js';

export const getMembership = defineTool({
  name: 'get_membership',
  area: 'resources',
  title: 'One membership in full',
  description:
    'Shows one membership (recurring account) by id, from list_memberships or get_customer: plan, status and its history, every billing with the amount and the card\'s last four digits, ' +
    'tags, vehicles, status changes (who changed it, where) and modifications with their comments. ' +
    RESOURCE_RULES,
  inputSchema: z.strictObject({ membershipId: membershipIdInputSchema.shape.membershipId.describe('The membership id, e.g. "77:1001"') }),
  outputSchema: membershipProfileSchema.extend({ freshness: freshnessSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const { freshness, ...membership } = await resourcesOf(services).getMembership(input.membershipId, resourceReadOptions(context));
    return { ...membershipProfileOf(membership), freshness: freshnessOf(freshness) };
  },
  render: (out) =>
    [
      out.freshness.note,
      membershipLine(out),
      `Status history: ${out.statuses.map((s) => `${s.status} ${s.at.slice(0, 10)}`).join(' → ') || '—'}`,
      out.billings.length ? `Billings:\n${out.billings.map((b) => `- ${b.at.slice(0, 10)} ${b.amount.dollars}, card ending ${b.cardLastFour ?? '—'}`).join('\n')}` : 'No billing.',
      out.statusChanges.length ? `Status changes:\n${out.statusChanges.map((c) => `- ${c.at} ${c.oldStatus ?? '—'} → ${c.newStatus} by ${c.employeeName ?? '—'} at ${c.siteCode ?? '—'}`).join('\n')}` : '',
      out.modifications.length ? `Modifications:\n${out.modifications.map((m) => `- ${m.at} ${m.type}${m.comment ? `: ${m.comment}` : ''}`).join('\n')}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
});
