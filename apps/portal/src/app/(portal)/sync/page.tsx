import type { Metadata } from 'next';
import { DataSync } from './data-sync';

export const metadata: Metadata = { title: 'Data sync' };

export default function DataSyncPage() {
  return <DataSync />;
}
