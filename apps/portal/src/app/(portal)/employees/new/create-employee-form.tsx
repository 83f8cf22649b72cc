'use client';

import { emailSchema, phoneSchema, posUserIdSchema } from '@washops/backoffice-client/schemas';
import type { EmployeeCreated } from '@washops/backoffice-client';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { availabilityView } from '../../../../components/availability';
import { errorMessageOf, fieldErrorsOf } from '../../../../components/errors';
import { CheckboxField, CheckboxGroup, TemplateSelect, TextField, useFocusFirstInvalid } from '../../../../components/field';
import { useFormFields } from '../../../../components/use-form-fields';
import { Loading, QueryError, Warnings } from '../../../../components/query-state';
import { useIsAdmin } from '../../../../components/session';
import { SitesChoice } from '../../../../components/sites-choice';
import { useDebounced } from '../../../../components/use-debounced';
import { emptyEmployeeForm, validateEmployeeForm, wholeNumber } from '../../../../forms/employee-form';
import { useTRPC } from '../../../../trpc/client';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The value when it passes the field's own schema, else null (nothing to check yet). */
function validOrNull<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch {
    return null;
  }
}

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

function AdminCreateEmployeeForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const { values, set, bind, errorOf, serverErrors, setServerErrors, validation, showsErrors, trySubmit, reset } = useFormFields(
    () => emptyEmployeeForm(today()),
    validateEmployeeForm,
  );
  const [created, setCreated] = useState<EmployeeCreated | null>(null);

  const sites = useQuery(trpc.discovery.sites.queryOptions());
  const departments = useQuery(trpc.discovery.departments.queryOptions());
  const permissions = useQuery(trpc.discovery.permissions.queryOptions({ scope: 'pos' }));

  // Availability checks as the admin types: only values that pass the field's schema are asked about.
  const posCandidate = validOrNull(() => posUserIdSchema.parse(wholeNumber(values.posUserId)));
  const emailCandidate = validOrNull(() => emailSchema.parse(values.email).toLowerCase());
  const phoneCandidate = validOrNull(() => phoneSchema.parse(values.phone));
  const posSettled = useDebounced(posCandidate);
  const emailSettled = useDebounced(emailCandidate);
  const phoneSettled = useDebounced(phoneCandidate);
  const posCheck = useQuery(
    trpc.employees.isPosUserIdAvailable.queryOptions(posSettled !== null && posSettled === posCandidate ? { posUserId: posSettled } : skipToken),
  );
  const emailCheck = useQuery(
    trpc.employees.isEmailAvailable.queryOptions(emailSettled !== null && emailSettled === emailCandidate ? { email: emailSettled } : skipToken),
  );
  const phoneCheck = useQuery(
    trpc.employees.isPhoneAvailable.queryOptions(phoneSettled !== null && phoneSettled === phoneCandidate ? { phone: phoneSettled } : skipToken),
  );
  const posAvailability = availabilityView(posCandidate, posSettled, posCheck, 'POS user id');
  const emailAvailability = availabilityView(emailCandidate, emailSettled, emailCheck, 'email');
  const phoneAvailability = availabilityView(phoneCandidate, phoneSettled, phoneCheck, 'phone number');

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
    if (posAvailability.takenError || emailAvailability.takenError || phoneAvailability.takenError) {
      focusFirstInvalid();
      return;
    }
    setServerErrors({});
    create.mutate(validation.input);
  }

  if (created) {
    return (
      <CreatedResult
        created={created}
        name={`${values.firstName.trim()} ${values.lastName.trim()}`}
        onAnother={() => {
          setCreated(null);
          reset(emptyEmployeeForm(today()));
          create.reset();
        }}
      />
    );
  }

  const discoveryError = sites.error ?? departments.error ?? permissions.error;
  const fieldServerMessages = new Set(Object.values(serverErrors));
  const formError = create.isError && Object.keys(fieldErrorsOf(create.error)).length === 0 ? errorMessageOf(create.error) : null;
  const posTemplates = (permissions.data ?? []).filter((p) => p.scope === 'pos');

  return (
    <>
      <div className="page-head">
        <div>
          <h1>New employee</h1>
          <p className="muted">Creates the employee in the BackOffice, applies the POS permission template and, if asked, a Back Office user.</p>
        </div>
        <Link href="/employees">Back to the roster</Link>
      </div>
      {discoveryError ? <QueryError error={discoveryError} what="the tenant's sites, departments and templates" /> : null}
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
      {fieldServerMessages.size > 0 && create.isError ? (
        <div role="alert" className="alert alert-error">
          The BackOffice refused the employee: {[...fieldServerMessages].join(' ')}
        </div>
      ) : null}
      <form ref={formRef} className="card" onSubmit={submit} noValidate aria-busy={create.isPending}>
        <fieldset className="section">
          <legend>Person</legend>
          <div className="form-grid">
            <TextField label="First name" required {...bind('firstName')} autoComplete="off" />
            <TextField label="Last name" required {...bind('lastName')} autoComplete="off" />
            <TextField
              label="Email"
              type="email"
              required
              {...bind('email')}
              error={errorOf('email') ?? emailAvailability.takenError}
              status={emailAvailability.status}
              autoComplete="off"
            />
            <TextField
              label="Phone"
              type="tel"
              required
              {...bind('phone')}
              error={errorOf('phone') ?? phoneAvailability.takenError}
              status={phoneAvailability.status}
              hint="9 or 10 digits; spaces and symbols are ignored."
              autoComplete="off"
            />
          </div>
        </fieldset>

        <fieldset className="section">
          <legend>POS</legend>
          <div className="form-grid">
            <TextField
              label="POS user id"
              inputMode="numeric"
              required
              {...bind('posUserId')}
              error={errorOf('posUserId') ?? posAvailability.takenError}
              status={posAvailability.status}
            />
            <TextField
              label="POS PIN"
              inputMode="numeric"
              {...bind('posPin')}
              hint="5 digits. Leave empty to generate one."
              autoComplete="off"
            />
            <TemplateSelect
              templates={posTemplates}
              loading={permissions.isPending}
              value={values.permission}
              onChange={(name) => set('permission', name)}
              error={errorOf('permission')}
              hint="The POS permission template."
            />
          </div>
        </fieldset>

        <fieldset className="section">
          <legend>Work</legend>
          <div className="form-grid">
            <TextField label="Wage rate (USD per hour)" inputMode="decimal" required {...bind('wageRate')} />
            <TextField
              label="Overtime wage rate (USD per hour)"
              inputMode="decimal"
              {...bind('overtimeWageRate')}
              hint="Leave empty for 1.5 × the wage rate."
            />
            <TextField label="Start date" type="date" required {...bind('startDate')} />
          </div>
          {departments.isPending ? (
            <Loading label="Loading departments…" />
          ) : (
            <CheckboxGroup
              legend="Departments"
              options={(departments.data ?? []).map((d) => ({ value: d.name, label: d.name }))}
              selected={values.departments}
              onChange={(next) => set('departments', next)}
              error={errorOf('departments')}
            />
          )}
          <SitesChoice
            allSitesLabel="Available at all sites"
            allSites={values.allSites}
            onAllSitesChange={(all) => set('allSites', all)}
            sites={sites}
            selected={values.sites}
            onChange={(next) => set('sites', next)}
            error={errorOf('availableSites')}
            hint="The first site chosen is where wages are attributed."
          />
        </fieldset>

        <fieldset className="section">
          <legend>Optional details</legend>
          <div className="form-grid">
            <TextField label="Payroll employee id" {...bind('payrollEmployeeId')} />
            <TextField label="Emergency contact name" {...bind('emergencyContactName')} />
            <TextField
              label="Emergency contact phone"
              type="tel"
              {...bind('emergencyContactPhone')}
            />
          </div>
        </fieldset>

        <fieldset className="section">
          <legend>Back Office</legend>
          <CheckboxField
            label="Also create a Back Office user linked to this employee"
            checked={values.requiresBackoffice}
            onChange={(checked) => set('requiresBackoffice', checked)}
          />
          {values.requiresBackoffice ? (
            <div className="form-grid">
              <TextField
                label="Back Office username"
                required
                {...bind('backofficeUsername')}
                autoComplete="off"
              />
              <TextField
                label="Back Office password"
                type="password"
                {...bind('backofficePassword')}
                hint="At least 8 characters. Leave empty to generate one; it is shown once."
                autoComplete="new-password"
              />
            </div>
          ) : null}
        </fieldset>

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

function CreatedResult({ created, name, onAnother }: { created: EmployeeCreated; name: string; onAnother: () => void }) {
  return (
    <>
      <h1>Employee created</h1>
      <div role="status" className="alert alert-ok">
        <strong>{name}</strong> was created in the BackOffice.
        <dl className="result">
          <dt>Employee id</dt>
          <dd>{created.employeeId}</dd>
          <dt>POS user id</dt>
          <dd>{created.posUserId}</dd>
          <dt>POS PIN</dt>
          <dd>
            <span className="secret" data-testid="pos-pin">
              {created.posPin}
            </span>
          </dd>
          <dt>Permission</dt>
          <dd>{created.permission}</dd>
          <dt>Wage site</dt>
          <dd>{created.wageSite}</dd>
          {created.backofficeUser ? (
            <>
              <dt>Back Office user</dt>
              <dd>
                {created.backofficeUser.username} (user id {created.backofficeUser.userId})
              </dd>
              {created.backofficeUser.generatedPassword ? (
                <>
                  <dt>Back Office password</dt>
                  <dd>
                    <span className="secret" data-testid="backoffice-password">
                      {created.backofficeUser.generatedPassword}
                    </span>{' '}
                    — shown only now; hand it over
                    securely.
                  </dd>
                </>
              ) : null}
            </>
          ) : null}
        </dl>
        Give the PIN to the employee; they sign in at the POS with it.
      </div>
      <Warnings warnings={created.warnings} />
      <div className="actions">
        <Link href="/employees" className="button button-primary">
          Back to the roster
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          Create another employee
        </button>
      </div>
    </>
  );
}
