import type { CustomerSummary, MembershipProfileView, MembershipView, WashbookView } from '@washops/operations';
import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { dollars, optionalMoney, moneyOrNull } from '../schemas/resources.js';

// The customer and membership rows several tools return (list_customers, get_customer, list_memberships, get_membership).

export const customerSummarySchema = z.object({
  customerId: z.string().describe('the vendor id, <record>:<site>; give it to get_customer'),
  number: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable().describe('masked unless the server allows personal data'),
  isActive: z.boolean(),
  createdAt: z.string().nullable(),
  modifiedAt: z.string().nullable(),
});

export const customerSummaryOf = (c: CustomerSummary): z.input<typeof customerSummarySchema> => ({ ...c });

export const membershipSchema = z.object({
  id: z.string().describe('give it to get_membership'),
  customerId: z.string().nullable(),
  name: z.string().nullable(),
  planName: z.string().nullable(),
  statusName: z.string().nullable(),
  signUpAt: z.string().nullable(),
  cancelAt: z.string().nullable(),
  billingSiteCode: z.string().nullable(),
  creationSiteCode: z.string().nullable(),
  billingAmount: optionalMoney.describe('what each billing charges'),
  isOnTrial: z.boolean().nullable(),
  isSuspended: z.boolean().nullable(),
  nextBillAt: z.string().nullable(),
  lastBillAt: z.string().nullable(),
});

export function membershipOf(m: MembershipView): z.input<typeof membershipSchema> {
  const { billingAmountCents, ...rest } = m;
  return { ...rest, billingAmount: moneyOrNull(billingAmountCents) };
}

export const membershipProfileSchema = membershipSchema.extend({
  statuses: z.array(z.object({ status: z.string(), at: z.string() })).describe('status history, oldest first'),
  billings: z.array(z.object({ amount: moneySchema, at: z.string(), cardLastFour: z.string().nullable().describe('only the last four digits') })),
  tags: z.array(z.object({ number: z.string(), enabled: z.boolean() })),
  vehicles: z.array(z.object({ plate: z.string().nullable() })),
  statusChanges: z.array(z.object({ oldStatus: z.string().nullable(), newStatus: z.string(), at: z.string(), employeeName: z.string().nullable(), siteCode: z.string().nullable() })),
  modifications: z.array(z.object({ type: z.string(), at: z.string(), comment: z.string().nullable() })),
});

export function membershipProfileOf(m: MembershipProfileView): z.input<typeof membershipProfileSchema> {
  const { billings, ...rest } = m;
  return {
    ...membershipOf(rest),
    statuses: m.statuses,
    billings: billings.map((b) => ({ amount: moneyOf(b.amountCents), at: b.at, cardLastFour: b.cardLastFour })),
    tags: m.tags,
    vehicles: m.vehicles,
    statusChanges: m.statusChanges,
    modifications: m.modifications,
  };
}

export const washbookSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  name: z.string().nullable(),
  balance: z.number().int().nullable().describe('washes left; null when unlimited'),
  unlimited: z.boolean(),
  status: z.string(),
  signUpAt: z.string(),
  cancelAt: z.string().nullable(),
  billingSiteId: z.number().int(),
});

export const washbookOf = (w: WashbookView): z.input<typeof washbookSchema> => ({ ...w });

export const customerName = (c: { firstName: string | null; lastName: string | null }) => [c.firstName, c.lastName].filter(Boolean).join(' ') || '(no name)';

export function membershipLine(m: { id: string; planName: string | null; name: string | null; statusName: string | null; signUpAt: string | null; billingAmount: { cents: number } | null }): string {
  const plan = m.planName ?? m.name ?? 'plan unknown';
  return `${m.id}: ${plan}, ${m.statusName ?? 'status unknown'}, since ${m.signUpAt?.slice(0, 10) ?? '—'}, ${dollars(m.billingAmount?.cents ?? null)} a billing`;
}
