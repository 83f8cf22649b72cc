import type { Metadata } from 'next';
import { PortalUsers } from './portal-users';

export const metadata: Metadata = { title: 'Portal users' };

export default function PortalUsersPage() {
  return <PortalUsers />;
}
