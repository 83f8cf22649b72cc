'use client';

import type { PortalUserView } from '@washops/portal-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { errorMessageOf } from '../../../../components/errors';
import { Loading, QueryError } from '../../../../components/query-state';
import { useIsAdmin } from '../../../../components/session';
import { useTRPC } from '../../../../trpc/client';
import { AddUserForm } from './add-user-form';
import { sessionsEndedPhrase } from './portal-user-form';
import { DemoteUserDialog, DisableUserDialog, ResetPasswordDialog, type ChangeDone } from './user-dialogs';
import { UsersTable, type RowAction } from './users-table';

export function PortalUsers() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Portal users</h1>
          <p className="muted">Who may sign in to this portal: admins make changes, viewers only read.</p>
        </div>
      </div>
      {isAdmin ? <PortalUsersAdmin /> : <p className="alert alert-warn">Only an admin can manage portal users. You are signed in as a viewer.</p>}
    </>
  );
}

type DialogAction = Extract<RowAction, 'demote' | 'reset' | 'disable'>;

/** Promoting and enabling go straight through (nothing is lost); the other changes ask first, in a dialog. */
function useDirectChanges(onDone: (done: ChangeDone) => void) {
  const trpc = useTRPC();
  const [issue, setIssue] = useState<{ username: string; message: string } | null>(null);
  const promote = useMutation(
    trpc.portalUsers.setRole.mutationOptions({
      onSuccess: ({ user, sessionsEnded }) => onDone({ user, message: `${user.username} is now an admin. ${sessionsEndedPhrase(sessionsEnded)}` }),
      onError: (error, input) => setIssue({ username: input.username, message: errorMessageOf(error) }),
    }),
  );
  const enable = useMutation(
    trpc.portalUsers.enable.mutationOptions({
      onSuccess: ({ user }) => onDone({ user, message: `${user.username} is enabled and may sign in again.` }),
      onError: (error, input) => setIssue({ username: input.username, message: errorMessageOf(error) }),
    }),
  );
  const pending: { username: string; action: RowAction } | null = promote.isPending
    ? { username: promote.variables.username, action: 'promote' }
    : enable.isPending
      ? { username: enable.variables.username, action: 'enable' }
      : null;
  return {
    pending,
    issue,
    clearIssue: () => setIssue(null),
    promote: (username: string) => promote.mutate({ username, role: 'admin' }),
    enable: (username: string) => enable.mutate({ username }),
  };
}

function PortalUsersAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.portalUsers.list.queryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ action: DialogAction; user: PortalUserView } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.portalUsers.list.queryKey() });
  function done({ user, message }: ChangeDone) {
    // A change to oneself (disabled, made a viewer) ended this very session: on to the sign-in page.
    if (user.isYou && (user.disabled || user.role !== 'admin')) {
      window.location.assign('/sign-in');
      return;
    }
    setNotice(message);
    void refresh();
  }
  const direct = useDirectChanges(done);

  function act(action: RowAction, user: PortalUserView) {
    direct.clearIssue();
    setNotice(null);
    if (action === 'promote') direct.promote(user.username);
    else if (action === 'enable') direct.enable(user.username);
    else setDialog({ action, user });
  }

  const sorted = useMemo(() => [...(users.data ?? [])].sort((a, b) => a.username.localeCompare(b.username)), [users.data]);
  const dialogProps = dialog && {
    user: dialog.user,
    onDone: done,
    onClose: () => setDialog(null),
    fallbackFocus: () => noticeRef.current,
  };

  return (
    <>
      <AddUserForm onAdded={() => void refresh()} />
      <section aria-labelledby="portal-users-list">
        <h2 id="portal-users-list">Users</h2>
        <p ref={noticeRef} tabIndex={-1} role="status" aria-live="polite" className={notice ? 'alert alert-ok' : undefined}>
          {notice}
        </p>
        {users.isPending ? <Loading label="Loading portal users…" /> : null}
        {users.isError ? <QueryError error={users.error} what="the portal users" onRetry={() => void users.refetch()} /> : null}
        {users.data ? <UsersTable users={sorted} pending={direct.pending} issue={direct.issue} onAction={act} /> : null}
      </section>
      {dialogProps && dialog.action === 'disable' ? <DisableUserDialog {...dialogProps} /> : null}
      {dialogProps && dialog.action === 'demote' ? <DemoteUserDialog {...dialogProps} /> : null}
      {dialogProps && dialog.action === 'reset' ? <ResetPasswordDialog {...dialogProps} /> : null}
    </>
  );
}
