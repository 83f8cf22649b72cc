'use client';

import { createContext, useContext, type ReactNode } from 'react';

export interface PortalSessionView {
  username: string;
  role: 'admin' | 'viewer';
}

const SessionContext = createContext<PortalSessionView | null>(null);

/** The signed-in user, for showing or hiding controls. The procedures enforce the role regardless. */
export function SessionProvider({ session, children }: { session: PortalSessionView; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): PortalSessionView {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}

export function useIsAdmin(): boolean {
  return useSession().role === 'admin';
}
