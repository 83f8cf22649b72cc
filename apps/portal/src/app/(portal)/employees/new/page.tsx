import type { Metadata } from 'next';
import { CreateEmployeeForm } from './create-employee-form';

export const metadata: Metadata = { title: 'New employee' };

export default function NewEmployeePage() {
  return <CreateEmployeeForm />;
}
