import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { Memberships } from './memberships';

export const metadata: Metadata = { title: 'Memberships' };

export default function MembershipsPage() {
  return (
    <Suspense fallback={<Loading label="Loading memberships…" />}>
      <Memberships />
    </Suspense>
  );
}
