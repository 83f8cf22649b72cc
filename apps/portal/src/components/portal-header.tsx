'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTRPC } from '../trpc/client';
import { useSession } from './session';

/** The portal's sections; some only for admins (the procedures refuse viewers regardless). */
const sections: ReadonlyArray<{ href: string; label: string; adminOnly?: true }> = [
  { href: '/today', label: 'Today' },
  { href: '/employees', label: 'Employees' },
  { href: '/users', label: 'Back Office users' },
  { href: '/transactions', label: 'Transactions' },
  { href: '/reports', label: 'Reports' },
  { href: '/labor', label: 'Labor' },
  { href: '/customers', label: 'Customers' },
  { href: '/memberships', label: 'Memberships' },
  { href: '/items', label: 'Items' },
  { href: '/time-clock', label: 'Time clock' },
  { href: '/gift-cards', label: 'Gift cards' },
  { href: '/sync', label: 'Data sync' },
  { href: '/activity', label: 'Activity' },
  { href: '/bulk', label: 'Bulk changes', adminOnly: true },
  { href: '/admin/users', label: 'Portal users', adminOnly: true },
];

function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function PortalHeader() {
  const session = useSession();
  const pathname = usePathname();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const signOut = useMutation(
    trpc.auth.signOut.mutationOptions({
      // A query still loading (a dashboard's numbers) would come back unauthorized and send the page to sign in
      // again with itself as the destination: signing out drops them first.
      onMutate: () => queryClient.cancelQueries(),
      onSettled: () => window.location.assign('/sign-in'),
    }),
  );
  return (
    <header className="portal-header">
      <div className="portal-header-inner">
        <Link href="/today" className="brand">
          WashOps
        </Link>
        <nav aria-label="Main">
          <ul>
            {sections
              .filter((section) => !section.adminOnly || session.role === 'admin')
              .map((section) => (
                <li key={section.href}>
                  <Link href={section.href} aria-current={isCurrent(pathname, section.href) ? 'page' : undefined}>
                    {section.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <div className="signed-in">
          <span>
            {session.username} <span className={`role role-${session.role}`}>{session.role}</span>
          </span>
          <Link href="/account" className="button-link" aria-current={isCurrent(pathname, '/account') ? 'page' : undefined}>
            Change password
          </Link>
          <button type="button" className="button button-link" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </div>
    </header>
  );
}
