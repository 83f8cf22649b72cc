'use client';

import type { Employee, EmployeeUpdated } from '@washops/operations/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { ConfirmWriteDialog } from '../../../../components/confirm-write';
import { fieldErrorsOf } from '../../../../components/errors';
import { CheckboxGroup, TextField, useFocusFirstInvalid } from '../../../../components/field';
import { SitesChoice } from '../../../../components/sites-choice';
import { useFormFields } from '../../../../components/use-form-fields';
import {
  PROFILE_FIELD_ALIASES,
  PROFILE_FIELD_LABELS,
  profileFormOf,
  validateProfileForm,
  type ProfileChange,
  type ProfileFormValues,
} from '../../../../forms/employee-profile-form';
import { useTRPC } from '../../../../trpc/client';
import { fullName } from '../full-name';
import { useRefetchAfterWrite } from './use-employee-write';

function ChangesTable({ rows }: { rows: readonly ProfileChange[] }) {
  return (
    <table>
      <caption className="visually-hidden">The changes</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Now</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field}>
            <th scope="row">{row.label}</th>
            <td>{row.from}</td>
            <td>{row.to}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const labelsOf = (fields: readonly (keyof typeof PROFILE_FIELD_LABELS)[]) => fields.map((field) => PROFILE_FIELD_LABELS[field]).join(', ');

function UpdatedResult({ result }: { result: EmployeeUpdated }) {
  return (
    <>
      The BackOffice has the changes stored, each read back.
      <dl className="result">
        <dt>Changed</dt>
        <dd>{result.changed.length > 0 ? labelsOf(result.changed) : 'nothing'}</dd>
        {result.unchanged.length > 0 ? (
          <>
            <dt>Already so</dt>
            <dd>{labelsOf(result.unchanged)}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

/** The profile, pre-filled; only the fields that differ are sent, after a confirmation listing each old → new. */
export function ProfileEditor({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const trpc = useTRPC();
  const refetch = useRefetchAfterWrite();
  const headingId = useId();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const departments = useQuery(trpc.discovery.departments.queryOptions());
  const sites = useQuery(trpc.discovery.sites.queryOptions());
  const validate = useCallback((values: ProfileFormValues) => {
    const { changes, errors } = validateProfileForm(employee, values);
    return { input: changes, errors };
  }, [employee]);
  const { values, set, bind, errorOf, trySubmit, setServerErrors, validation } = useFormFields(() => profileFormOf(employee), validate);
  const [confirming, setConfirming] = useState<readonly ProfileChange[] | null>(null);
  const update = useMutation(trpc.employees.update.mutationOptions({ onSettled: () => void refetch() }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit()) {
      focusFirstInvalid();
      return;
    }
    setServerErrors({});
    update.reset();
    setConfirming(validateProfileForm(employee, values).rows);
  }

  const who = fullName(employee);
  return (
    <form ref={formRef} className="card" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>Edit the profile</h3>
      {errorOf('form') ? (
        <div role="alert" className="alert alert-error">
          {errorOf('form')}
        </div>
      ) : null}
      <div className="form-grid">
        <TextField label="First name" required {...bind('firstName')} />
        <TextField label="Last name" required {...bind('lastName')} />
        <TextField label="Phone" type="tel" required {...bind('phone')} />
        <TextField label="Email" type="email" required {...bind('email')} />
        <TextField label="Start date" type="date" required {...bind('startDate')} />
        <TextField label="Payroll id" {...bind('payrollEmployeeId')} />
        <TextField label="Emergency contact" {...bind('emergencyContactName')} />
        <TextField label="Emergency contact phone" type="tel" {...bind('emergencyContactPhone')} />
        <TextField label="New POS PIN" inputMode="numeric" autoComplete="off" {...bind('posPin')} hint="Five digits. Empty keeps the current PIN, which the portal never shows." />
      </div>
      <CheckboxGroup
        legend="Departments"
        options={(departments.data ?? []).map((d) => ({ value: d.name, label: d.name }))}
        selected={values.departments}
        onChange={(next) => set('departments', next)}
        error={errorOf('departments')}
        disabled={departments.isPending}
      />
      <SitesChoice
        allSitesLabel="Available at all sites"
        allSites={values.allSites}
        onAllSitesChange={(all) => set('allSites', all)}
        sites={sites}
        selected={values.sites}
        onChange={(next) => set('sites', next)}
        error={errorOf('sites')}
      />
      <div className="actions">
        <button type="submit" className="button button-primary">
          Review changes
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {confirming ? (
        <ConfirmWriteDialog
          title={`Change ${who}?`}
          doneTitle={`${who} is updated`}
          body={
            <>
              <p>
                {confirming.length === 1 ? 'This field changes' : `These ${confirming.length} fields change`}; everything else stays exactly as it is.
              </p>
              <ChangesTable rows={confirming} />
            </>
          }
          confirmLabel="Save changes"
          pendingLabel="Saving…"
          write={update}
          onConfirm={() =>
            update.mutate(
              { key: { employeeId: employee.employeeId }, changes: validation.input },
              { onError: (error) => setServerErrors(fieldErrorsOf(error, PROFILE_FIELD_ALIASES)) },
            )
          }
          done={(result) => <UpdatedResult result={result} />}
          onClose={() => {
            setConfirming(null);
            if (update.isSuccess) onClose();
          }}
        />
      ) : null}
    </form>
  );
}
