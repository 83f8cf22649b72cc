import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/query-state';
import { DigestPreviewPage } from './digest-preview';

export const metadata: Metadata = { title: 'Daily digest' };

export default function DigestPage() {
  return (
    <Suspense fallback={<Loading label="Loading the digest…" />}>
      <DigestPreviewPage />
    </Suspense>
  );
}
