'use client';

import type { BackofficeUserCreated } from '@washops/backoffice-client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessageOf, fieldErrorsOf, portalErrorOf } from '../../../components/errors';
import { TemplateSelect, TextField, useFocusFirstInvalid } from '../../../components/field';
import { useFormFields } from '../../../components/use-form-fields';
import { QueryError, Warnings } from '../../../components/query-state';
import { useIsAdmin } from '../../../components/session';
import { SitesChoice } from '../../../components/sites-choice';
import {
  backofficeUserFieldOf,
  emptyBackofficeUserForm,
  validateBackofficeUserForm,
} from '../../../forms/backoffice-user-form';
import { useTRPC } from '../../../trpc/client';

export function BackofficeUserForm() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Back Office users</h1>
          <p className="muted">
            Sign-ins to the vendor&apos;s BackOffice, linked to an employee (by POS user id or email) or standalone.
          </p>
        </div>
      </div>
      {isAdmin ? <AdminForm /> : <p className="alert alert-warn">Only an admin can create Back Office users. You are signed in as a viewer.</p>}
    </>
  );
}

function AdminForm() {
  const trpc = useTRPC();
  const modeName = useId();
  const linkByName = useId();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const { values, set, bind, errorOf, clientErrors, serverErrors, setServerErrors, validation, trySubmit, reset } = useFormFields(
    emptyBackofficeUserForm,
    validateBackofficeUserForm,
  );
  const [created, setCreated] = useState<BackofficeUserCreated | null>(null);

  const templates = useQuery(trpc.discovery.permissions.queryOptions({ scope: 'backoffice' }));
  const sites = useQuery(trpc.discovery.sites.queryOptions());
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: setCreated,
      onError: (error) => {
        const fields = fieldErrorsOf(error, backofficeUserFieldOf);
        // An employee that cannot be found is a problem of the link field.
        if (portalErrorOf(error).code === 'NOT_FOUND' && values.mode === 'linked') {
          fields[values.linkBy === 'posUserId' ? 'linkPosUserId' : 'linkEmail'] = portalErrorOf(error).message;
        }
        // Nothing to show at a field: the whole answer goes above the form.
        if (Object.keys(fields).length === 0) fields['form'] = errorMessageOf(error);
        setServerErrors(fields);
        focusFirstInvalid();
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit()) {
      focusFirstInvalid();
      return;
    }
    setServerErrors({});
    create.mutate(validation.input);
  }

  if (created) {
    return (
      <>
        <div role="status" className="alert alert-ok">
          <strong>Back Office user {created.username} created</strong> ({created.mode === 'linked' ? 'linked to an employee' : 'standalone'}).
          <dl className="result">
            <dt>User id</dt>
            <dd>{created.userId}</dd>
            <dt>Username</dt>
            <dd>{created.username}</dd>
            <dt>Email</dt>
            <dd>{created.email}</dd>
            <dt>Sites</dt>
            <dd>{created.availableSites === 'all' ? 'All sites' : created.availableSites.join(', ')}</dd>
            {created.generatedPassword ? (
              <>
                <dt>Password</dt>
                <dd>
                  <span className="secret" data-testid="generated-password">
                    {created.generatedPassword}
                  </span>
                  <p className="field-hint">Shown only now: copy it and hand it over securely. The portal does not keep it.</p>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
        <Warnings warnings={created.warnings} />
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setCreated(null);
              reset(emptyBackofficeUserForm);
              create.reset();
            }}
          >
            Create another Back Office user
          </button>
        </div>
      </>
    );
  }

  const formLevelIssue = serverErrors['form'] ?? clientErrors['form'];
  const backofficeTemplates = (templates.data ?? []).filter((t) => t.scope === 'backoffice');

  return (
    <>
      {templates.isError ? <QueryError error={templates.error} what="the Back Office permission templates" /> : null}
      {formLevelIssue ? (
        <div role="alert" className="alert alert-error">
          {formLevelIssue}
        </div>
      ) : null}
      <form ref={formRef} className="card" onSubmit={submit} noValidate aria-busy={create.isPending}>
        <fieldset className="section">
          <legend>Who</legend>
          <div className="radio-row field">
            <label className="checkbox">
              <input type="radio" name={modeName} checked={values.mode === 'linked'} onChange={() => set('mode', 'linked')} />
              Linked to an employee
            </label>
            <label className="checkbox">
              <input type="radio" name={modeName} checked={values.mode === 'standalone'} onChange={() => set('mode', 'standalone')} />
              Standalone
            </label>
          </div>
          {values.mode === 'linked' ? (
            <>
              <div className="radio-row field" role="group" aria-label="Find the employee by">
                <label className="checkbox">
                  <input type="radio" name={linkByName} checked={values.linkBy === 'posUserId'} onChange={() => set('linkBy', 'posUserId')} />
                  By POS user id
                </label>
                <label className="checkbox">
                  <input type="radio" name={linkByName} checked={values.linkBy === 'email'} onChange={() => set('linkBy', 'email')} />
                  By email
                </label>
              </div>
              <div className="form-grid">
                {values.linkBy === 'posUserId' ? (
                  <TextField
                    label="Employee's POS user id"
                    inputMode="numeric"
                    required
                    {...bind('linkPosUserId')}
                    hint="The employee must be active."
                  />
                ) : (
                  <TextField
                    label="Employee's email"
                    type="email"
                    required
                    {...bind('linkEmail')}
                    hint="The employee must be active."
                  />
                )}
              </div>
            </>
          ) : (
            <div className="form-grid">
              <TextField label="First name" required {...bind('firstName')} />
              <TextField label="Last name" required {...bind('lastName')} />
            </div>
          )}
        </fieldset>

        <fieldset className="section">
          <legend>Sign-in</legend>
          <div className="form-grid">
            <TextField
              label="Username"
              required
              {...bind('username')}
              hint="A letter, then 2 to 63 letters, digits or underscores."
              autoComplete="off"
            />
            <TextField label="Email" type="email" required {...bind('email')} autoComplete="off" />
            <TextField
              label="Password"
              type="password"
              {...bind('password')}
              hint="At least 8 characters. Leave empty to generate one; it is shown once."
              autoComplete="new-password"
            />
            {templates.isSuccess && backofficeTemplates.length === 0 ? (
              <TextField
                label="Permission"
                required
                {...bind('permission')}
                hint="The tenant lists no Back Office templates yet; type the template's name."
              />
            ) : (
              <TemplateSelect
                templates={backofficeTemplates}
                loading={templates.isPending}
                value={values.permission}
                onChange={(name) => set('permission', name)}
                error={errorOf('permission')}
                hint="Assign this template in the BackOffice's user list afterwards; the portal records it."
              />
            )}
          </div>
        </fieldset>

        <fieldset className="section">
          <legend>Sites</legend>
          <SitesChoice
            allSitesLabel="All sites"
            allSites={values.allSites}
            onAllSitesChange={(all) => set('allSites', all)}
            sites={sites}
            selected={values.sites}
            onChange={(next) => set('sites', next)}
            error={errorOf('sites')}
          />
        </fieldset>

        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Back Office user'}
          </button>
        </div>
      </form>
    </>
  );
}
