'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, withFormError } from '../../../../components/errors';
import { SelectField, TextField, useFocusFirstInvalid } from '../../../../components/field';
import { useFormFields } from '../../../../components/use-form-fields';
import { useTRPC } from '../../../../trpc/client';
import { GeneratedPassword } from './generated-password';
import { PasswordChoice } from './password-choice';
import { emptyAddUserForm, validateAddUserForm, type PortalRoleName } from './portal-user-form';

/** What the last add did: the new user, and the password the portal made up, if it did. */
interface Added {
  username: string;
  role: PortalRoleName;
  generatedPassword: string | null;
}

/** Username, role and a password (set, or generated and shown once). `onAdded` refreshes the list. */
export function AddUserForm({ onAdded }: { onAdded: () => void }) {
  const trpc = useTRPC();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const fields = useFormFields(emptyAddUserForm, validateAddUserForm);
  const { values, set, bind, errorOf, serverErrors, setServerErrors, validation, trySubmit, reset } = fields;
  const [added, setAdded] = useState<Added | null>(null);

  const add = useMutation(
    trpc.portalUsers.add.mutationOptions({
      onSuccess: ({ user, generatedPassword }) => {
        setAdded({ username: user.username, role: user.role, generatedPassword });
        reset(emptyAddUserForm);
        onAdded();
      },
      onError: (error) => {
        setServerErrors(withFormError(error, fieldErrorsOf(error)));
        focusFirstInvalid();
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAdded(null);
    if (!trySubmit()) {
      focusFirstInvalid();
      return;
    }
    setServerErrors({});
    add.mutate(validation.input);
  }

  const formIssue = serverErrors['form'];
  return (
    <section aria-labelledby="add-user-heading">
      <h2 id="add-user-heading">Add user</h2>
      {added ? (
        <div role="status" className="alert alert-ok">
          Added <strong>{added.username}</strong> as {added.role === 'admin' ? 'an admin' : 'a viewer'}.
          {added.generatedPassword ? null : ' They sign in with the password you set.'}
        </div>
      ) : null}
      {added?.generatedPassword ? <GeneratedPassword username={added.username} password={added.generatedPassword} /> : null}
      {formIssue ? (
        <div role="alert" className="alert alert-error">
          {formIssue}
        </div>
      ) : null}
      <form ref={formRef} className="card" onSubmit={submit} noValidate aria-busy={add.isPending}>
        <div className="form-grid">
          <TextField
            label="Username"
            required
            autoComplete="off"
            hint="Letters, digits, dot, dash or underscore; stored in lower case."
            {...bind('username')}
          />
          <SelectField label="Role" required value={values.role} onChange={(event) => set('role', event.target.value as PortalRoleName)} error={errorOf('role')}>
            <option value="viewer">Viewer: reads only</option>
            <option value="admin">Admin: may make changes and manage portal users</option>
          </SelectField>
        </div>
        <PasswordChoice legend="First password" values={values} onChoice={(choice) => set('passwordChoice', choice)} bind={bind} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add user'}
          </button>
        </div>
      </form>
    </section>
  );
}
