import type { Metadata } from 'next';
import { Roster } from './roster';

export const metadata: Metadata = { title: 'Employees' };

export default function EmployeesPage() {
  return <Roster />;
}
