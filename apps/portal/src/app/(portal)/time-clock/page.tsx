import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { TimeClock } from './time-clock';

export const metadata: Metadata = { title: 'Time clock' };

export default function TimeClockPage() {
  return (
    <Suspense fallback={<Loading label="Loading the time clock…" />}>
      <TimeClock />
    </Suspense>
  );
}
