import type { Metadata } from 'next';
import { Exports } from './exports';

export const metadata: Metadata = { title: 'Export transactions' };

export default function ExportPage() {
  return <Exports />;
}
