'use client';

import type { Employee } from '@washops/operations/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmWriteDialog } from '../../../../components/confirm-write';
import { TemplateSelect } from '../../../../components/field';
import { QueryError } from '../../../../components/query-state';
import { useTRPC } from '../../../../trpc/client';
import { fullName } from '../full-name';
import { useRefetchAfterWrite } from './use-employee-write';

/** Another POS permission template: chosen from the tenant's, confirmed, then the whole matrix is written and read back. */
export function TemplateEditor({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const trpc = useTRPC();
  const refetch = useRefetchAfterWrite();
  const headingId = useId();
  const templates = useQuery(trpc.discovery.permissions.queryOptions({ scope: 'pos' }));
  const [template, setTemplate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const setPermission = useMutation(trpc.employees.setPermission.mutationOptions({ onSettled: () => void refetch() }));
  const who = fullName(employee);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (template === '') {
      setError('Choose a template.');
      return;
    }
    setError(undefined);
    setPermission.reset();
    setConfirming(true);
  }

  const current = employee.permission.custom ? 'a custom set of permissions' : `the template ${employee.permission.template}`;
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>Change the POS permission template</h3>
      {templates.isError ? <QueryError error={templates.error} what="the POS permission templates" onRetry={() => void templates.refetch()} /> : null}
      <TemplateSelect
        label="POS template"
        templates={(templates.data ?? []).filter((t) => t.scope === 'pos')}
        loading={templates.isPending}
        value={template}
        onChange={setTemplate}
        error={error}
        hint={`Now: ${current}. Every permission is set as the template has it.`}
      />
      <div className="actions">
        <button type="submit" className="button button-primary">
          Apply template
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {confirming ? (
        <ConfirmWriteDialog
          title={`Give ${who} the template ${template}?`}
          doneTitle={`${who} has the template ${template}`}
          body={
            <p>
              {who}&apos;s POS permissions change from {current} to exactly those of the template <strong>{template}</strong>.
            </p>
          }
          confirmLabel="Apply template"
          pendingLabel="Applying…"
          write={setPermission}
          onConfirm={() => setPermission.mutate({ key: { employeeId: employee.employeeId }, template })}
          done={(result) => <>The BackOffice confirms that {who} now has the permissions of {result.template}.</>}
          onClose={() => {
            setConfirming(false);
            if (setPermission.isSuccess) onClose();
          }}
        />
      ) : null}
    </form>
  );
}
