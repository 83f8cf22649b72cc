import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { ItemsCatalog } from './items-catalog';

export const metadata: Metadata = { title: 'Items' };

export default function ItemsPage() {
  return (
    <Suspense fallback={<Loading label="Loading items…" />}>
      <ItemsCatalog />
    </Suspense>
  );
}
