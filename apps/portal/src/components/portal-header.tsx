'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTRPC } from '../trpc/client';
import { useSession } from './session';

/** The portal's sections. */
const sections = [
  { href: '/employees', label: 'Employees' },
  { href: '/users', label: 'Back Office users' },
  { href: '/transactions', label: 'Transactions' },
] as const;

export function PortalHeader() {
  const session = useSession();
  const pathname = usePathname();
  const trpc = useTRPC();
  const signOut = useMutation(trpc.auth.signOut.mutationOptions({ onSettled: () => window.location.assign('/sign-in') }));
  return (
    <header className="portal-header">
      <div className="portal-header-inner">
        <Link href="/employees" className="brand">
          WashOps
        </Link>
        <nav aria-label="Main">
          <ul>
            {sections.map((section) => {
              const current = pathname === section.href || pathname.startsWith(`${section.href}/`);
              return (
                <li key={section.href}>
                  <Link href={section.href} aria-current={current ? 'page' : undefined}>
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="signed-in">
          <span>
            {session.username} <span className={`role role-${session.role}`}>{session.role}</span>
          </span>
          <button type="button" className="button button-link" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </div>
    </header>
  );
}
