'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, withFormError } from '../../../components/errors';
import { TextField, useFocusFirstInvalid } from '../../../components/field';
import { useSession } from '../../../components/session';
import { useFormFields } from '../../../components/use-form-fields';
import { useTRPC } from '../../../trpc/client';
import { emptyChangePasswordForm, validateChangePasswordForm } from './change-password-form';

/** One's own password: the current one, then the new one twice. Every other sign-in of the user ends. */
export function ChangePassword() {
  const { username } = useSession();
  const trpc = useTRPC();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const { bind, serverErrors, setServerErrors, validation, trySubmit, reset } = useFormFields(emptyChangePasswordForm, validateChangePasswordForm);
  const [changed, setChanged] = useState(false);
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        setChanged(true);
        reset(emptyChangePasswordForm);
      },
      onError: (error) => {
        setServerErrors(withFormError(error, fieldErrorsOf(error)));
        focusFirstInvalid();
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChanged(false);
    if (!trySubmit()) {
      focusFirstInvalid();
      return;
    }
    setServerErrors({});
    change.mutate(validation.input);
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Change password</h1>
          <p className="muted">The password {username} signs in to this portal with.</p>
        </div>
      </div>
      {changed ? (
        <div role="status" className="alert alert-ok">
          <strong>Your password is changed.</strong> Every other sign-in of yours was ended; this browser stays signed in.
        </div>
      ) : null}
      {serverErrors['form'] ? (
        <div role="alert" className="alert alert-error">
          {serverErrors['form']}
        </div>
      ) : null}
      <form ref={formRef} className="card" onSubmit={submit} noValidate aria-busy={change.isPending}>
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <TextField label="Current password" type="password" required autoComplete="current-password" {...bind('currentPassword')} />
        <TextField label="New password" type="password" required autoComplete="new-password" hint="At least 12 characters." {...bind('newPassword')} />
        <TextField label="Confirm new password" type="password" required autoComplete="new-password" {...bind('confirmPassword')} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </>
  );
}
