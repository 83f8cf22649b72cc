import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { PortalHeader } from '../../components/portal-header';
import { SessionProvider, type PortalSessionView } from '../../components/session';
import { WANTED_PATH_HEADER } from '../../navigation';
import { serverCaller } from '../../server/caller';

export const dynamic = 'force-dynamic';

async function currentSession(): Promise<PortalSessionView | null> {
  try {
    const me = await (await serverCaller()).auth.me();
    return { username: me.username, role: me.role };
  } catch (error) {
    // Duck-typed: the error class may come from another copy of @trpc/server in the bundle.
    if ((error as { code?: unknown } | null)?.code === 'UNAUTHORIZED') return null;
    throw error;
  }
}

/** Every portal page: a signed-in user, the header and the navigation. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  // An expired or forged cookie passes the proxy's coarse gate; it ends here.
  if (!session) {
    const wanted = (await headers()).get(WANTED_PATH_HEADER);
    redirect(wanted && wanted !== '/' ? `/sign-in?next=${encodeURIComponent(wanted)}` : '/sign-in');
  }
  return (
    <SessionProvider session={session}>
      <PortalHeader />
      <main className="page">{children}</main>
    </SessionProvider>
  );
}
