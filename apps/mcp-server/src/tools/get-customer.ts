import { customerIdInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { PERSONAL_DATA_RULE, RESOURCE_RULES, freshnessOf, freshnessSchema } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';
import { customerName, customerSummarySchema, membershipLine, membershipProfileOf, membershipProfileSchema, washbookOf, washbookSchema } from './customer-views.js';

const contactSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  birthDate: z.string().nullable(),
  masked: z.boolean().describe('true: phone and email cut down, street, postal code and birth date left out'),
});

export const getCustomer = defineTool({
  name: 'get_customer',
  area: 'resources',
  title: "One customer's profile",
  description:
    "Shows one customer by id (from list_customers): contact details, each membership with its plan, status history, billings (card last four only), tags and vehicles, " +
    'washbooks, and their last washes from the transactions warehouse (newest first, at most 10). ' +
    `${PERSONAL_DATA_RULE} ${RESOURCE_RULES}`,
  inputSchema: z.strictObject({ customerId: customerIdInputSchema.shape.customerId.describe('The id list_customers gives, e.g. "5012:1001"') }),
  outputSchema: z.object({
    customer: customerSummarySchema.extend({ contact: contactSchema, companyName: z.string().nullable(), allowSms: z.boolean().nullable() }),
    memberships: z.array(membershipProfileSchema),
    washbooks: z.array(washbookSchema),
    lastTransactions: z.array(
      z.object({ id: z.string(), number: z.number().int(), siteCode: z.string(), completedAt: z.string(), type: z.string(), total: moneySchema, vehicleLicensePlate: z.string().nullable(), recurringRedemption: z.boolean() }),
    ),
    freshness: freshnessSchema,
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const profile = await resourcesOf(services).getCustomer(input.customerId, resourceReadOptions(context));
    return {
      customer: { ...profile.customer, contact: { ...profile.customer.contact } },
      memberships: profile.memberships.map(membershipProfileOf),
      washbooks: profile.washbooks.map(washbookOf),
      lastTransactions: profile.lastTransactions.map(({ totalCents, ...t }) => ({ ...t, total: moneyOf(totalCents) })),
      freshness: freshnessOf(profile.freshness),
    };
  },
  render: (out) => {
    const { customer, memberships, washbooks, lastTransactions } = out;
    const c = customer.contact;
    const place = [c.address1, c.city, c.state].filter(Boolean).join(', ');
    return [
      out.freshness.note,
      `${customerName(customer)} (${customer.customerId})${customer.isActive ? '' : ', inactive'}: phone ${c.phone ?? '—'}, email ${c.email ?? '—'}${place ? `, ${place}` : ''}${c.masked ? ' (contact details masked)' : ''}.`,
      memberships.length ? `Memberships:\n${memberships.map((m) => `- ${membershipLine(m)}; status history ${m.statuses.map((s) => `${s.status} ${s.at.slice(0, 10)}`).join(' → ') || '—'}`).join('\n')}` : 'No membership.',
      washbooks.length ? `Washbooks:\n${washbooks.map((w) => `- ${w.id}: ${w.name ?? 'washbook'}, ${w.unlimited ? 'unlimited' : `${w.balance ?? 0} washes left`}, ${w.status}`).join('\n')}` : 'No washbook.',
      lastTransactions.length
        ? `Last washes:\n${lastTransactions.map((t) => `- ${t.completedAt} ${t.siteCode} #${t.number} ${t.type} ${t.total.dollars}${t.recurringRedemption ? ' (membership wash)' : ''}`).join('\n')}`
        : 'No transaction of theirs in the transactions warehouse.',
    ].join('\n');
  },
});
