'use client';

import type { BackofficeUser } from '@washops/operations/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmWriteDialog } from '../../../components/confirm-write';
import { SelectField, TemplateSelect } from '../../../components/field';
import { Loading, QueryError } from '../../../components/query-state';
import { useIsAdmin } from '../../../components/session';
import { useTRPC } from '../../../trpc/client';

const nameOf = (user: BackofficeUser) => `${user.firstName} ${user.lastName}`.trim() || '—';

function UsersTable({ users, captionId }: { users: readonly BackofficeUser[]; captionId: string }) {
  return (
    <div className="table-wrap">
      <table aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.userId}>
              <th scope="row">{user.username}</th>
              <td>{nameOf(user)}</td>
              <td>{user.email || '—'}</td>
              <td>
                <span className={`badge ${user.active ? 'badge-active' : 'badge-disabled'}`}>{user.active ? 'Active' : 'Disabled'}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A Back Office template for one user: chosen, confirmed, then written and read back; its accessible sites stay. */
function ApplyTemplateForm({ users }: { users: readonly BackofficeUser[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const templates = useQuery(trpc.discovery.permissions.queryOptions({ scope: 'backoffice' }));
  const [username, setUsername] = useState('');
  const [template, setTemplate] = useState('');
  const [errors, setErrors] = useState<{ username?: string; template?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const apply = useMutation(
    trpc.backofficeUsers.applyTemplate.mutationOptions({
      onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.backofficeUsers.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.audit.pathKey() })]),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { ...(username === '' ? { username: 'Choose a user.' } : {}), ...(template === '' ? { template: 'Choose a template.' } : {}) };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    apply.reset();
    setConfirming(true);
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>Apply a template</h3>
      {templates.isError ? <QueryError error={templates.error} what="the Back Office permission templates" onRetry={() => void templates.refetch()} /> : null}
      <div className="form-grid">
        <SelectField label="User" required value={username} onChange={(event) => setUsername(event.target.value)} error={errors.username}>
          <option value="">Choose a user</option>
          {users.map((user) => (
            <option key={user.userId} value={user.username}>
              {user.username} ({nameOf(user)})
            </option>
          ))}
        </SelectField>
        <TemplateSelect
          label="Template"
          templates={(templates.data ?? []).filter((t) => t.scope === 'backoffice')}
          loading={templates.isPending}
          value={template}
          onChange={setTemplate}
          error={errors.template}
          hint="Every Back Office permission is set as the template has it; the user's accessible sites stay as they are."
        />
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary">
          Apply template
        </button>
      </div>
      {confirming ? (
        <ConfirmWriteDialog
          title={`Give ${username} the template ${template}?`}
          doneTitle={`${username} has the template ${template}`}
          body={
            <p>
              The Back Office permissions of <strong>{username}</strong> become exactly those of the template <strong>{template}</strong>. The sites
              they may access do not change.
            </p>
          }
          confirmLabel="Apply template"
          pendingLabel="Applying…"
          write={apply}
          onConfirm={() => apply.mutate({ key: { username }, template })}
          done={(result) => (
            <>
              The BackOffice confirms that {result.username} now has the permissions of {result.template}.
              <dl className="result">
                <dt>Accessible sites</dt>
                <dd>{result.accessibleSites === 'all' ? 'All sites' : result.accessibleSites.join(', ')}</dd>
              </dl>
            </>
          )}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </form>
  );
}

/** The BackOffice's `/user` list; admins may give a user a template. */
export function BackofficeUserList() {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const headingId = useId();
  const users = useQuery(trpc.backofficeUsers.list.queryOptions());
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Users</h2>
      {users.isPending ? <Loading label="Loading Back Office users…" /> : null}
      {users.isError ? <QueryError error={users.error} what="the Back Office users" onRetry={() => void users.refetch()} /> : null}
      {users.data ? (
        <>
          <p className="count">
            {users.data.length} {users.data.length === 1 ? 'user' : 'users'}
          </p>
          {isAdmin && users.data.length > 0 ? <ApplyTemplateForm users={users.data} /> : null}
          {users.data.length === 0 ? <div className="table-wrap empty">No Back Office users yet.</div> : <UsersTable users={users.data} captionId={headingId} />}
        </>
      ) : null}
    </section>
  );
}
