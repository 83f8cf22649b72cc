import type { Metadata } from 'next';
import { BulkChanges } from './bulk-changes';

export const metadata: Metadata = { title: 'Bulk changes' };

export default function BulkChangesPage() {
  return <BulkChanges />;
}
