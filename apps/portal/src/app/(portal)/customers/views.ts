import type { AppRouter } from '@washops/portal-api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type CustomerRow = Outputs['customers']['search']['rows'][number];
export type CustomerView = Outputs['customers']['get'];
export type MembershipView = Outputs['customers']['membership'];
export type ContactView = Outputs['customers']['revealContact'];

/** A customer's name as the pages show it; their number when the vendor has no name. */
export function customerName(customer: { firstName: string | null; lastName: string | null; number: string | null; customerId: string }): string {
  const name = [customer.firstName, customer.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name || `Customer ${customer.number ?? customer.customerId}`;
}

// Vendor date-times are kept as UTC instants; days (sign-up, billing) read as the UTC day the vendor sent.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function dayText(iso: string | null | undefined): string {
  return iso ? dayFormat.format(new Date(iso)) : '—';
}

/** An instant in the browser's time. */
export function timeText(iso: string | null | undefined): string {
  return iso ? timeFormat.format(new Date(iso)) : '—';
}

/** Only the last four digits are ever kept: shown after a masked number. */
export function cardText(lastFour: string | null): string {
  return lastFour ? `•••• ${lastFour}` : '—';
}
