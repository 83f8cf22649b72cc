'use client';

import { signInInput } from '@washops/portal-api/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, portalErrorOf } from '../../components/errors';
import { TextField, useFocusFirstInvalid } from '../../components/field';
import { useTRPC } from '../../trpc/client';

export function SignInForm({ next }: { next: string }) {
  const trpc = useTRPC();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      // A full page load, so the server renders the portal with the new session cookie.
      onSuccess: () => window.location.assign(next),
      onError: (error) => {
        setFieldErrors(fieldErrorsOf(error));
        // The disabled button lost the focus; the password is what to type again.
        const password = formRef.current?.elements.namedItem('password');
        if (password instanceof HTMLInputElement) {
          password.focus();
          password.select();
        }
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = signInInput.safeParse({ username: data.get('username'), password: data.get('password') });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      focusFirstInvalid();
      return;
    }
    setFieldErrors({});
    signIn.mutate(parsed.data);
  }

  const formError = signIn.isError && Object.keys(fieldErrors).length === 0 ? portalErrorOf(signIn.error).message : null;
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={signIn.isPending}>
      {formError ? (
        <div role="alert" className="alert alert-error">
          {formError}
        </div>
      ) : null}
      <TextField label="Username" required name="username" autoComplete="username" autoFocus error={fieldErrors['username']} />
      <TextField label="Password" required name="password" type="password" autoComplete="current-password" error={fieldErrors['password']} />
      <button type="submit" className="button button-primary" disabled={signIn.isPending || signIn.isSuccess}>
        {signIn.isPending || signIn.isSuccess ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
