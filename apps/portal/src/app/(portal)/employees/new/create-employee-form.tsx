'use client';

import type { EmployeeCreated } from '@washops/operations/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { errorMessageOf, fieldErrorsOf } from '../../../../components/errors';
import { useFocusFirstInvalid } from '../../../../components/field';
import { QueryError } from '../../../../components/query-state';
import { useIsAdmin } from '../../../../components/session';
import { emptyEmployeeForm } from '../../../../forms/employee-form';
import { useTRPC } from '../../../../trpc/client';
import { CreatedResult } from './created-result';
import { BackofficeFields, OptionalFields, PersonFields, PosFields, today, useEmployeeFields, WorkFields } from './employee-fields';
import { useAvailability } from './use-availability';

export function CreateEmployeeForm() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) {
    return (
      <>
        <h1>New employee</h1>
        <p className="alert alert-warn">Only an admin can create employees. You are signed in as a viewer.</p>
        <Link href="/employees">Back to the roster</Link>
      </>
    );
  }
  return <AdminCreateEmployeeForm />;
}

/** The messages above the form: its own failure, fields to fix, and what the BackOffice refused. */
function FormAlerts({ formError, showsErrors, refused }: { formError: string | null; showsErrors: boolean; refused: string[] }) {
  return (
    <>
      {formError ? (
        <div role="alert" className="alert alert-error">
          {formError}
        </div>
      ) : null}
      {showsErrors ? (
        <div role="alert" className="alert alert-error">
          Some fields need attention; see the messages below them.
        </div>
      ) : null}
      {refused.length > 0 ? (
        <div role="alert" className="alert alert-error">
          The BackOffice refused the employee: {refused.join(' ')}
        </div>
      ) : null}
    </>
  );
}

function useTenantChoices() {
  const trpc = useTRPC();
  const sites = useQuery(trpc.discovery.sites.queryOptions());
  const departments = useQuery(trpc.discovery.departments.queryOptions());
  const permissions = useQuery(trpc.discovery.permissions.queryOptions({ scope: 'pos' }));
  const posTemplates = (permissions.data ?? []).filter((p) => p.scope === 'pos');
  return { sites, departments, permissions, posTemplates, error: sites.error ?? departments.error ?? permissions.error };
}

function AdminCreateEmployeeForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const fields = useEmployeeFields();
  const { values, serverErrors, setServerErrors, validation, showsErrors, trySubmit, reset } = fields;
  const [created, setCreated] = useState<EmployeeCreated | null>(null);
  const choices = useTenantChoices();
  const availability = useAvailability(values);

  const create = useMutation(
    trpc.employees.create.mutationOptions({
      onSuccess: setCreated,
      onError: (error) => {
        setServerErrors(fieldErrorsOf(error));
        // The disabled submit button dropped the focus; take it to the field the server refused.
        focusFirstInvalid();
      },
      // Also after a failure: a later step may fail after the employee exists (the message says which).
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.employees.pathKey() }),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit()) {
      focusFirstInvalid();
      return;
    }
    if (availability.pos.takenError || availability.email.takenError || availability.phone.takenError) {
      focusFirstInvalid();
      return;
    }
    setServerErrors({});
    create.mutate(validation.input);
  }

  if (created) {
    const another = () => {
      setCreated(null);
      reset(emptyEmployeeForm(today()));
      create.reset();
    };
    return <CreatedResult created={created} name={`${values.firstName.trim()} ${values.lastName.trim()}`} onAnother={another} />;
  }

  const formError = create.isError && Object.keys(fieldErrorsOf(create.error)).length === 0 ? errorMessageOf(create.error) : null;
  const refused = create.isError ? [...new Set(Object.values(serverErrors))] : [];

  return (
    <>
      <div className="page-head">
        <div>
          <h1>New employee</h1>
          <p className="muted">Creates the employee in the BackOffice, applies the POS permission template and, if asked, a Back Office user.</p>
        </div>
        <Link href="/employees">Back to the roster</Link>
      </div>
      {choices.error ? <QueryError error={choices.error} what="the tenant's sites, departments and templates" /> : null}
      <FormAlerts formError={formError} showsErrors={showsErrors} refused={refused} />
      <form ref={formRef} className="card" onSubmit={submit} noValidate aria-busy={create.isPending}>
        <PersonFields fields={fields} availability={availability} />
        <PosFields fields={fields} availability={availability} templates={{ names: choices.posTemplates, pending: choices.permissions.isPending }} />
        <WorkFields fields={fields} departments={{ names: choices.departments.data ?? [], pending: choices.departments.isPending }} sites={choices.sites} />
        <OptionalFields fields={fields} />
        <BackofficeFields fields={fields} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create employee'}
          </button>
          <Link href="/employees">Cancel</Link>
        </div>
      </form>
    </>
  );
}
