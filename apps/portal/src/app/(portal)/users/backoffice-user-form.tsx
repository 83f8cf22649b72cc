'use client';

import type { BackofficeUserCreated } from '@washops/operations/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, portalErrorOf, withFormError } from '../../../components/errors';
import { useFocusFirstInvalid } from '../../../components/field';
import { QueryError } from '../../../components/query-state';
import { useIsAdmin } from '../../../components/session';
import { SitesChoice } from '../../../components/sites-choice';
import { backofficeUserFieldOf, emptyBackofficeUserForm } from '../../../forms/backoffice-user-form';
import { useTRPC } from '../../../trpc/client';
import { CreatedUser, SignInFields, useBackofficeUserFields, WhoFields } from './backoffice-user-fields';

/** The create form for admins; viewers are told why there is none. */
export function BackofficeUserForm() {
  const isAdmin = useIsAdmin();
  return (
    <section aria-labelledby="new-backoffice-user">
      <h2 id="new-backoffice-user">New Back Office user</h2>
      {isAdmin ? <AdminForm /> : <p className="alert alert-warn">Only an admin can create Back Office users. You are signed in as a viewer.</p>}
    </section>
  );
}

function AdminForm() {
  const trpc = useTRPC();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const fields = useBackofficeUserFields();
  const { values, set, errorOf, clientErrors, serverErrors, setServerErrors, validation, trySubmit, reset } = fields;
  const [created, setCreated] = useState<BackofficeUserCreated | null>(null);

  const templates = useQuery(trpc.discovery.permissions.queryOptions({ scope: 'backoffice' }));
  const sites = useQuery(trpc.discovery.sites.queryOptions());
  const create = useMutation(
    trpc.backofficeUsers.create.mutationOptions({
      onSuccess: setCreated,
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error, backofficeUserFieldOf);
        // An employee that cannot be found is a problem of the link field.
        if (portalErrorOf(error).code === 'NOT_FOUND' && values.mode === 'linked') {
          fieldErrors[values.linkBy === 'posUserId' ? 'linkPosUserId' : 'linkEmail'] = portalErrorOf(error).message;
        }
        // Nothing to show at a field: the whole answer goes above the form.
        setServerErrors(withFormError(error, fieldErrors));
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
    const another = () => {
      setCreated(null);
      reset(emptyBackofficeUserForm);
      create.reset();
    };
    return <CreatedUser created={created} onAnother={another} />;
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
        <WhoFields {...fields} />
        <SignInFields
          fields={fields}
          templates={{ names: backofficeTemplates, pending: templates.isPending, listedNone: templates.isSuccess && backofficeTemplates.length === 0 }}
        />
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
