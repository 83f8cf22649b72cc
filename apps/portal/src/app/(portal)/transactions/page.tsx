import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { Explorer } from './explorer';

export const metadata: Metadata = { title: 'Transactions' };

export default function TransactionsPage() {
  return (
    <Suspense fallback={<Loading label="Loading transactions…" />}>
      <Explorer />
    </Suspense>
  );
}
