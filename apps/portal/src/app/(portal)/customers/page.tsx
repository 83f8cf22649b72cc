import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { CustomerSearch } from './customer-search';

export const metadata: Metadata = { title: 'Customers' };

export default function CustomersPage() {
  return (
    <Suspense fallback={<Loading label="Loading customers…" />}>
      <CustomerSearch />
    </Suspense>
  );
}
