import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { Activity } from './activity';

export const metadata: Metadata = { title: 'Activity' };

export default function ActivityPage() {
  return (
    <Suspense fallback={<Loading label="Loading activity…" />}>
      <Activity />
    </Suspense>
  );
}
