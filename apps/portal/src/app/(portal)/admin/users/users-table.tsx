'use client';

import type { PortalUserView } from '@washops/portal-api';
import Link from 'next/link';
import { Fragment } from 'react';

/** What a row's buttons ask for; the page decides which need a confirmation first. */
export type RowAction = 'promote' | 'demote' | 'reset' | 'disable' | 'enable';

/** A date and time in the reader's own locale and time zone. */
function When({ iso, empty }: { iso: string | null; empty: string }) {
  if (!iso) return <span className="muted">{empty}</span>;
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}

function UserRow({
  user,
  columns,
  pendingAction,
  issue,
  onAction,
}: {
  user: PortalUserView;
  columns: number;
  pendingAction: RowAction | null;
  issue: string | null;
  onAction: (action: RowAction, user: PortalUserView) => void;
}) {
  const busy = pendingAction !== null;
  const isAdmin = user.role === 'admin';
  // One button each for the role and the status, whose label flips: the focus stays on it after a change.
  const roleAction: RowAction = isAdmin ? 'demote' : 'promote';
  const statusAction: RowAction = user.disabled ? 'enable' : 'disable';
  return (
    <Fragment>
      <tr>
        <th scope="row">
          {user.username}
          {user.isYou ? <span className="muted"> (you)</span> : null}
        </th>
        <td>{isAdmin ? 'Admin' : 'Viewer'}</td>
        <td>
          <span className={`badge ${user.disabled ? 'badge-disabled' : 'badge-active'}`}>{user.disabled ? 'Disabled' : 'Active'}</span>
        </td>
        <td className="nowrap">
          <When iso={user.lastSignInAt} empty="Never" />
        </td>
        <td className="nowrap">
          <When iso={user.createdAt} empty="—" />
        </td>
        <td className="nowrap">
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            aria-label={`${isAdmin ? 'Make viewer' : 'Make admin'}: ${user.username}`}
            onClick={() => onAction(roleAction, user)}
          >
            {pendingAction === 'promote' ? 'Changing…' : isAdmin ? 'Make viewer' : 'Make admin'}
          </button>{' '}
          {user.isYou ? (
            <Link href="/account" className="button button-small">
              Change your password
            </Link>
          ) : (
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              aria-label={`Reset password: ${user.username}`}
              onClick={() => onAction('reset', user)}
            >
              Reset password
            </button>
          )}{' '}
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            aria-label={`${user.disabled ? 'Enable' : 'Disable'}: ${user.username}`}
            onClick={() => onAction(statusAction, user)}
          >
            {pendingAction === 'enable' ? 'Enabling…' : user.disabled ? 'Enable' : 'Disable'}
          </button>
        </td>
      </tr>
      {issue ? (
        <tr>
          <td colSpan={columns}>
            <div role="alert" className="alert alert-error">
              {issue}
            </div>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

const COLUMNS = ['Username', 'Role', 'Status', 'Last sign-in', 'Created'] as const;

/** Every portal user, with the changes an admin can make per row. */
export function UsersTable({
  users,
  pending,
  issue,
  onAction,
}: {
  users: readonly PortalUserView[];
  pending: { username: string; action: RowAction } | null;
  issue: { username: string; message: string } | null;
  onAction: (action: RowAction, user: PortalUserView) => void;
}) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Portal users</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow
              key={user.username}
              user={user}
              columns={COLUMNS.length + 1}
              pendingAction={pending?.username === user.username ? pending.action : null}
              issue={issue?.username === user.username ? issue.message : null}
              onAction={onAction}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
