import type { Metadata } from 'next';
import { MembershipDetail } from './membership-detail';

export const metadata: Metadata = { title: 'Membership' };

type Params = { params: Promise<{ customerId: string; membershipId: string }> };

/** One membership: plan, status history, billing history, vehicles and tags. */
export default async function MembershipPage({ params }: Params) {
  const { customerId, membershipId } = await params;
  return <MembershipDetail customerId={decodeURIComponent(customerId)} membershipId={decodeURIComponent(membershipId)} />;
}
