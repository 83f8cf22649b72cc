'use client';

import { useMutation } from '@tanstack/react-query';
import { errorMessageOf } from '../../../../components/errors';
import { useIsAdmin } from '../../../../components/session';
import { useTRPC } from '../../../../trpc/client';
import type { ContactView } from '../views';

function addressText(contact: ContactView): string {
  const street = [contact.address1, contact.address2].filter(Boolean).join(', ');
  const place = [contact.city, [contact.state, contact.postalCode].filter(Boolean).join(' '), contact.country].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(', ') || '—';
}

/**
 * The customer's contact details, masked for everyone at first (street and postal code left out).
 * An admin may reveal one customer's; the service records who revealed whose, never the values.
 */
export function ContactCard({ customerId, contact }: { customerId: string; contact: ContactView }) {
  const isAdmin = useIsAdmin();
  const trpc = useTRPC();
  const reveal = useMutation(trpc.customers.revealContact.mutationOptions());
  const shown = reveal.data ?? contact;
  return (
    <section className="card" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact details</h2>
      <dl className="audit-details">
        <dt>Phone</dt>
        <dd data-testid="contact-phone">{shown.phone ?? '—'}</dd>
        <dt>Email</dt>
        <dd data-testid="contact-email">{shown.email ?? '—'}</dd>
        <dt>Address</dt>
        <dd data-testid="contact-address">{addressText(shown)}</dd>
      </dl>
      {!shown.masked ? (
        reveal.data ? (
          <p className="alert alert-warn" role="status">
            Shown to you unmasked. The reveal is recorded in the Activity log under your name.
          </p>
        ) : null
      ) : isAdmin ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => reveal.mutate({ customerId })} disabled={reveal.isPending}>
            {reveal.isPending ? 'Revealing…' : 'Reveal contact details'}
          </button>
          <span className="muted">Personal data, masked. Revealing it is recorded under your name.</span>
        </div>
      ) : (
        <p className="muted">Masked: contact details are personal data. An admin can reveal them.</p>
      )}
      {reveal.isError ? (
        <p role="alert" className="alert alert-error">
          Could not reveal the contact details. {errorMessageOf(reveal.error)}
        </p>
      ) : null}
    </section>
  );
}
