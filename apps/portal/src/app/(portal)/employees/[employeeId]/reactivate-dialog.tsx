'use client';

import type { Employee } from '@washops/operations/schemas';
import { useMutation } from '@tanstack/react-query';
import { ConfirmWriteDialog } from '../../../../components/confirm-write';
import { useTRPC } from '../../../../trpc/client';
import { fullName } from '../full-name';
import { useRefetchAfterWrite } from './use-employee-write';

/** Asks before re-hiring a disabled employee; the BackOffice's answer is read back before it says so. */
export function ReactivateDialog({ employee, onClose, fallbackFocus }: { employee: Employee; onClose: () => void; fallbackFocus: () => HTMLElement | null | undefined }) {
  const trpc = useTRPC();
  const refetch = useRefetchAfterWrite();
  const reactivate = useMutation(trpc.employees.reactivate.mutationOptions({ onSettled: () => void refetch() }));
  const who = fullName(employee);
  return (
    <ConfirmWriteDialog
      title={`Reactivate ${who}?`}
      doneTitle={`${who} is active again`}
      body={
        <p>
          {who} (POS user id {employee.posUserId ?? 'none'}) becomes active and can sign in at the POS again with their current PIN. Nothing else
          about them changes.
        </p>
      }
      confirmLabel="Reactivate employee"
      pendingLabel="Reactivating…"
      write={reactivate}
      onConfirm={() => reactivate.mutate({ employeeId: employee.employeeId })}
      done={(result) => (
        <>
          The BackOffice confirms that {who} is active.
          <dl className="result">
            <dt>Reactivated at</dt>
            <dd>
              <time dateTime={result.reactivatedAt}>{new Date(result.reactivatedAt).toLocaleString()}</time>
            </dd>
          </dl>
        </>
      )}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  );
}
