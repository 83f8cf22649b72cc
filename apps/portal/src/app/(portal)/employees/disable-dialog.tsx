'use client';

import type { EmployeeSummary } from '@washops/operations/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { errorMessageOf } from '../../../components/errors';
import { Warnings } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';
import { fullName } from './full-name';

/**
 * Asks before disabling, names the employee, then shows the verified result from the BackOffice.
 * `onClose` learns whether the employee was disabled: the button that opened the dialog may be gone.
 */
export function DisableDialog({
  employee,
  onClose,
}: {
  employee: Pick<EmployeeSummary, 'firstName' | 'lastName' | 'posUserId'>;
  onClose: (disabled: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const disable = useMutation(
    trpc.employees.disable.mutationOptions({
      // Also after a failure: a write that could not be verified may still have happened. The roster and the employee's page both show it.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.employees.pathKey() }),
    }),
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const who = fullName(employee);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => onClose(disable.isSuccess)}
      onCancel={(event) => {
        if (disable.isPending) event.preventDefault();
      }}
    >
      {disable.isSuccess ? (
        <>
          <h2 id={titleId}>{who} is disabled</h2>
          <div id={bodyId} role="status" className="alert alert-ok">
            The BackOffice confirms that {who} is no longer active.
            <dl className="result">
              <dt>Employee id</dt>
              <dd>{disable.data.employeeId}</dd>
              <dt>POS user id</dt>
              <dd>{disable.data.posUserId ?? employee.posUserId}</dd>
              <dt>Disabled at</dt>
              <dd>
                <time dateTime={disable.data.disabledAt}>{new Date(disable.data.disabledAt).toLocaleString()}</time>
              </dd>
            </dl>
          </div>
          <Warnings warnings={disable.data.warnings} />
          <div className="actions">
            <button type="button" className="button button-primary" onClick={() => dialogRef.current?.close()} autoFocus>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id={titleId}>Disable {who}?</h2>
          <p id={bodyId}>
            {who} (POS user id {employee.posUserId}) will no longer be able to sign in at the POS. A linked Back Office user
            is not changed.
          </p>
          {disable.isError ? (
            <div role="alert" className="alert alert-error">
              {errorMessageOf(disable.error)}
            </div>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button button-danger"
              disabled={disable.isPending}
              onClick={() => employee.posUserId !== null && disable.mutate({ posUserId: employee.posUserId })}
            >
              {disable.isPending ? 'Disabling…' : 'Disable employee'}
            </button>
            <button type="button" className="button" disabled={disable.isPending} onClick={() => dialogRef.current?.close()} autoFocus>
              Cancel
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
