import type { Metadata } from 'next';
import { TransactionDetail } from './detail';

export const metadata: Metadata = { title: 'Transaction' };

function decoded(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TransactionDetail transId={decoded(id)} />;
}
