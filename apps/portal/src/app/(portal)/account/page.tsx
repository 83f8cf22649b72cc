import type { Metadata } from 'next';
import { ChangePassword } from './change-password';

export const metadata: Metadata = { title: 'Change password' };

export default function AccountPage() {
  return <ChangePassword />;
}
