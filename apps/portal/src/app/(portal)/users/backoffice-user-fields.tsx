'use client';

import type { BackofficeUserCreated } from '@washops/operations/schemas';
import { useId } from 'react';
import { CheckboxField, TemplateSelect, TextField } from '../../../components/field';
import { Warnings } from '../../../components/query-state';
import { useFormFields } from '../../../components/use-form-fields';
import { emptyBackofficeUserForm, validateBackofficeUserForm } from '../../../forms/backoffice-user-form';

export function useBackofficeUserFields() {
  return useFormFields(emptyBackofficeUserForm, validateBackofficeUserForm);
}

type Fields = Pick<ReturnType<typeof useBackofficeUserFields>, 'values' | 'set' | 'bind' | 'errorOf'>;

function LinkFields({ values, set, bind }: Fields) {
  const linkByName = useId();
  return (
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
          <TextField label="Employee's POS user id" inputMode="numeric" required {...bind('linkPosUserId')} hint="The employee must be active." />
        ) : (
          <TextField label="Employee's email" type="email" required {...bind('linkEmail')} hint="The employee must be active." />
        )}
      </div>
    </>
  );
}

/** Linked to an employee (found by POS user id or email) or standalone with a name. */
export function WhoFields(fields: Fields) {
  const { values, set, bind } = fields;
  const modeName = useId();
  return (
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
        <LinkFields {...fields} />
      ) : (
        <div className="form-grid">
          <TextField label="First name" required {...bind('firstName')} />
          <TextField label="Last name" required {...bind('lastName')} />
        </div>
      )}
    </fieldset>
  );
}

/** Username, email, password and permission template; a typed template name when the tenant lists none. */
export function SignInFields({
  fields,
  templates,
}: {
  fields: Fields;
  templates: { names: ReadonlyArray<{ id: number | string; name: string }>; pending: boolean; listedNone: boolean };
}) {
  const { values, set, bind, errorOf } = fields;
  return (
    <fieldset className="section">
      <legend>Sign-in</legend>
      <div className="form-grid">
        <TextField label="Username" required {...bind('username')} hint="A letter, then 2 to 63 letters, digits or underscores." autoComplete="off" />
        <TextField label="Email" type="email" required {...bind('email')} autoComplete="off" />
        <TextField
          label="Password"
          type="password"
          {...bind('password')}
          hint="At least 8 characters. Leave empty to generate one; it is shown once."
          autoComplete="new-password"
        />
        {templates.listedNone ? (
          <TextField label="Permission" required {...bind('permission')} hint="The tenant lists no Back Office templates yet; type the template's name." />
        ) : (
          <TemplateSelect
            templates={templates.names}
            loading={templates.pending}
            value={values.permission}
            onChange={(name) => set('permission', name)}
            error={errorOf('permission')}
            hint={
              values.applyTemplate
                ? 'Applied to the new user with its sites, and read back.'
                : "Assign this template in the BackOffice's user list afterwards; the portal records it."
            }
          />
        )}
      </div>
      <CheckboxField label="Apply the permission template" checked={values.applyTemplate} onChange={(checked) => set('applyTemplate', checked)} />
    </fieldset>
  );
}

/** What was created, with a generated password shown this once. */
export function CreatedUser({ created, onAnother }: { created: BackofficeUserCreated; onAnother: () => void }) {
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
          <dt>Permission</dt>
          <dd data-testid="template-applied">
            {created.templateApplied
              ? `${created.permission}, applied and read back`
              : `${created.permission}, not applied: assign it by hand in the BackOffice's user list, or apply it from the list on this page`}
          </dd>
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
        <button type="button" className="button button-primary" onClick={onAnother}>
          Create another Back Office user
        </button>
      </div>
    </>
  );
}
