import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { Today } from './today';

export const metadata: Metadata = { title: 'Today' };

export default function TodayPage() {
  return (
    <Suspense fallback={<Loading label="Loading the dashboard…" />}>
      <Today />
    </Suspense>
  );
}
