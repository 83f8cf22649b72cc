import type { Metadata } from 'next';
import { BackofficeUserForm } from './backoffice-user-form';

export const metadata: Metadata = { title: 'Back Office users' };

export default function BackofficeUsersPage() {
  return <BackofficeUserForm />;
}
