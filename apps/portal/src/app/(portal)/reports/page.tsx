import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { Reports } from './reports';

export const metadata: Metadata = { title: 'Reports' };

export default function ReportsPage() {
  return (
    <Suspense fallback={<Loading label="Loading reports…" />}>
      <Reports />
    </Suspense>
  );
}
