'use client';

import { formatUsd } from '@washops/client-core';
import type { Employee } from '@washops/operations/schemas';
import { currentWage, earliestEffectiveDate } from '@washops/portal-api/schemas';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { ConfirmWriteDialog } from '../../../../components/confirm-write';
import { fieldErrorsOf } from '../../../../components/errors';
import { TextField, useFocusFirstInvalid } from '../../../../components/field';
import { useFormFields } from '../../../../components/use-form-fields';
import { emptyWageForm, formatIsoDate, validateWageForm, type WageFormValues, type WageSummary } from '../../../../forms/employee-profile-form';
import { useTRPC } from '../../../../trpc/client';
import { fullName } from '../full-name';
import { useRefetchAfterWrite } from './use-employee-write';

const WAGE_FIELD_ALIASES = { 'wage.regularRate': 'regularRate', 'wage.overtimeRate': 'overtimeRate', 'wage.effectiveDate': 'effectiveDate' };

const todayIso = () => new Date().toISOString().slice(0, 10);

/** A new compensation record: the date input cannot go earlier than the BackOffice would apply, and says why. */
export function WageEditor({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const trpc = useTRPC();
  const refetch = useRefetchAfterWrite();
  const headingId = useId();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const history = employee.compensation;
  // The BackOffice copies eligibility from the current record (the one without an end date), as setWage does.
  const overtimeEligible = currentWage(history)?.overtimeEligible ?? false;
  const validate = useCallback((values: WageFormValues) => validateWageForm(history, overtimeEligible, values), [history, overtimeEligible]);
  const { values, bind, trySubmit, validation, setServerErrors, errorOf } = useFormFields(() => emptyWageForm(history, todayIso()), validate);
  const [confirmed, setConfirmed] = useState<{ summary: WageSummary } | null>(null);
  const setWage = useMutation(
    trpc.employees.setWage.mutationOptions({
      onSettled: () => void refetch(),
    }),
  );
  const earliest = earliestEffectiveDate(history);
  const who = fullName(employee);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { summary } = validate(values);
    if (!trySubmit() || !summary) {
      focusFirstInvalid();
      return;
    }
    setServerErrors({});
    setWage.reset();
    setConfirmed({ summary });
  }

  return (
    <form ref={formRef} className="card" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>New wage</h3>
      {errorOf('form') ? (
        <div role="alert" className="alert alert-error">
          {errorOf('form')}
        </div>
      ) : null}
      <div className="form-grid">
        <TextField label="Regular rate (dollars per hour)" required inputMode="decimal" {...bind('regularRate')} />
        <TextField
          label="Overtime rate (dollars per hour)"
          inputMode="decimal"
          {...bind('overtimeRate')}
          hint={overtimeEligible ? 'Empty: 1.5 × the regular rate.' : 'The employee is not overtime-eligible; the rate is kept but not used.'}
        />
        <TextField
          label="Effective date"
          type="date"
          required
          min={earliest ?? undefined}
          {...bind('effectiveDate')}
          hint={
            earliest
              ? `From ${formatIsoDate(earliest)} on: the BackOffice ignores a new wage effective on or before the latest one's date (${formatIsoDate(history[0]?.effectiveDate ?? earliest)}).`
              : undefined
          }
        />
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary">
          Review the new wage
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {confirmed ? (
        <ConfirmWriteDialog
          title={`Give ${who} a new wage?`}
          doneTitle={`${who} has a new wage`}
          body={
            <dl className="result">
              <dt>Regular rate</dt>
              <dd>{confirmed.summary.regular}</dd>
              <dt>Overtime rate</dt>
              <dd>{confirmed.summary.overtime}</dd>
              <dt>Effective</dt>
              <dd>{confirmed.summary.effective}</dd>
            </dl>
          }
          confirmLabel="Add the wage"
          pendingLabel="Adding…"
          write={setWage}
          onConfirm={() =>
            setWage.mutate(
              { key: { employeeId: employee.employeeId }, wage: validation.input },
              { onError: (error) => setServerErrors(fieldErrorsOf(error, WAGE_FIELD_ALIASES)) },
            )
          }
          done={(result) => (
            <>
              The wage history now shows {formatUsd(result.wage.regularRateCents)}/hr from {formatIsoDate(result.wage.effectiveDate)}.
            </>
          )}
          onClose={() => {
            setConfirmed(null);
            if (setWage.isSuccess) onClose();
          }}
        />
      ) : null}
    </form>
  );
}
