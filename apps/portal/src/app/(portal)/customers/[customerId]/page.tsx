import type { Metadata } from 'next';
import { CustomerProfile } from './customer-profile';

export const metadata: Metadata = { title: 'Customer' };

type Params = { params: Promise<{ customerId: string }> };

/** One customer: contact details (masked unless an admin reveals them), memberships, washbooks and last washes. */
export default async function CustomerPage({ params }: Params) {
  return <CustomerProfile customerId={decodeURIComponent((await params).customerId)} />;
}
