import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { Labor } from './labor';

export const metadata: Metadata = { title: 'Labor' };

export default function LaborPage() {
  return (
    <Suspense fallback={<Loading label="Loading labor…" />}>
      <Labor />
    </Suspense>
  );
}
