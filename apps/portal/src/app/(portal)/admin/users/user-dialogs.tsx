'use client';

import type { PortalUserView } from '@washops/portal-api';
import { useMutation } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { errorMessageOf, fieldErrorsOf } from '../../../../components/errors';
import { useFocusFirstInvalid } from '../../../../components/field';
import { ModalDialog } from '../../../../components/modal-dialog';
import { useFormFields } from '../../../../components/use-form-fields';
import { useTRPC } from '../../../../trpc/client';
import { GeneratedPassword } from './generated-password';
import { PasswordChoice } from './password-choice';
import { emptyResetPasswordForm, sessionsEndedPhrase, validateResetPasswordForm } from './portal-user-form';

/** What a dialog tells the page when a change went through. */
export interface ChangeDone {
  user: PortalUserView;
  message: string;
}

interface DialogProps {
  user: PortalUserView;
  onDone: (done: ChangeDone) => void;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null | undefined;
}

function Refusal({ error }: { error: unknown }) {
  return (
    <div role="alert" className="alert alert-error">
      {errorMessageOf(error)}
    </div>
  );
}

/** Asks before disabling: the user is signed out at once and can no longer sign in. */
export function DisableUserDialog({ user, onDone, onClose, fallbackFocus }: DialogProps) {
  const trpc = useTRPC();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const disable = useMutation(
    trpc.portalUsers.disable.mutationOptions({
      onSuccess: (result) => {
        onDone({ user: result.user, message: `${result.user.username} is disabled. ${sessionsEndedPhrase(result.sessionsEnded)}` });
        dialogRef.current?.close();
      },
    }),
  );
  const body = user.isYou
    ? 'This is you: you are signed out at once and can no longer sign in, until another admin enables you again.'
    : `${user.username} is signed out at once and can no longer sign in, until an admin enables them again.`;
  return (
    <ModalDialog dialogRef={dialogRef} title={`Disable ${user.username}?`} body={<p>{body}</p>} busy={disable.isPending} onClose={onClose} fallbackFocus={fallbackFocus}>
      {disable.isError ? <Refusal error={disable.error} /> : null}
      <div className="actions">
        <button type="button" className="button button-danger" disabled={disable.isPending} onClick={() => disable.mutate({ username: user.username })}>
          {disable.isPending ? 'Disabling…' : 'Disable user'}
        </button>
        <button type="button" className="button" disabled={disable.isPending} onClick={() => dialogRef.current?.close()} data-autofocus>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}

/** Asks before making an admin a viewer: their sessions end, and they may no longer make changes. */
export function DemoteUserDialog({ user, onDone, onClose, fallbackFocus }: DialogProps) {
  const trpc = useTRPC();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const demote = useMutation(
    trpc.portalUsers.setRole.mutationOptions({
      onSuccess: (result) => {
        onDone({ user: result.user, message: `${result.user.username} is now a viewer. ${sessionsEndedPhrase(result.sessionsEnded)}` });
        dialogRef.current?.close();
      },
    }),
  );
  const body = user.isYou
    ? 'This is you: you may no longer make changes or manage portal users, and you are signed out of every session at once.'
    : `${user.username} may no longer make changes or manage portal users. Their sessions end at once; they sign in again as a viewer.`;
  return (
    <ModalDialog dialogRef={dialogRef} title={`Make ${user.username} a viewer?`} body={<p>{body}</p>} busy={demote.isPending} onClose={onClose} fallbackFocus={fallbackFocus}>
      {demote.isError ? <Refusal error={demote.error} /> : null}
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={demote.isPending}
          onClick={() => demote.mutate({ username: user.username, role: 'viewer' })}
        >
          {demote.isPending ? 'Changing…' : 'Make viewer'}
        </button>
        <button type="button" className="button" disabled={demote.isPending} onClick={() => dialogRef.current?.close()} data-autofocus>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}

/** A new password, set or generated (then shown once, here); the user's sessions end. */
export function ResetPasswordDialog({ user, onDone, onClose, fallbackFocus }: DialogProps) {
  const trpc = useTRPC();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const fields = useFormFields(() => emptyResetPasswordForm(user.username), validateResetPasswordForm);
  const { values, set, bind, serverErrors, setServerErrors, validation, trySubmit } = fields;
  const reset = useMutation(
    trpc.portalUsers.resetPassword.mutationOptions({
      onSuccess: (result) => onDone({ user: result.user, message: `The password of ${result.user.username} is reset. ${sessionsEndedPhrase(result.sessionsEnded)}` }),
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        // The username is not a field here: a refusal about it (an unknown user) goes above the form.
        delete fieldErrors['username'];
        setServerErrors(fieldErrors);
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
    reset.mutate(validation.input);
  }

  const close = () => dialogRef.current?.close();
  if (reset.isSuccess) {
    const { user: changed, generatedPassword, sessionsEnded } = reset.data;
    return (
      <ModalDialog
        dialogRef={dialogRef}
        title={`Password of ${changed.username} reset`}
        body={
          <p role="status" className="alert alert-ok">
            {generatedPassword ? 'Hand the new password over securely.' : 'They sign in with the password you set.'} {sessionsEndedPhrase(sessionsEnded)}
          </p>
        }
        busy={false}
        onClose={onClose}
        fallbackFocus={fallbackFocus}
      >
        {generatedPassword ? <GeneratedPassword username={changed.username} password={generatedPassword} /> : null}
        <div className="actions">
          <button type="button" className="button button-primary" onClick={close} autoFocus>
            Close
          </button>
        </div>
      </ModalDialog>
    );
  }

  const unfielded = reset.isError && Object.keys(serverErrors).length === 0;
  return (
    <ModalDialog
      dialogRef={dialogRef}
      title={`Reset the password of ${user.username}`}
      body={<p>{user.username} is signed out everywhere at once and signs in again with the new password.</p>}
      busy={reset.isPending}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      {unfielded ? <Refusal error={reset.error} /> : null}
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={reset.isPending}>
        <PasswordChoice legend="New password" values={values} onChoice={(choice) => set('passwordChoice', choice)} bind={bind} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={reset.isPending}>
            {reset.isPending ? 'Resetting…' : 'Reset password'}
          </button>
          <button type="button" className="button" disabled={reset.isPending} onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
