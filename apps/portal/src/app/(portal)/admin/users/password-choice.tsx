'use client';

import { useId, type ChangeEvent } from 'react';
import { TextField } from '../../../../components/field';
import type { PasswordChoiceValues } from './portal-user-form';

type TextBinding = { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error: string | undefined };

/** "Generate one" (shown once afterwards) or "Set a password", typed twice. */
export function PasswordChoice({
  values,
  onChoice,
  bind,
  legend,
}: {
  values: PasswordChoiceValues;
  onChoice: (choice: PasswordChoiceValues['passwordChoice']) => void;
  bind: (field: 'password' | 'confirmPassword') => TextBinding;
  legend: string;
}) {
  const choiceName = useId();
  return (
    <fieldset className="section">
      <legend>{legend}</legend>
      <div className="radio-row field">
        <label className="checkbox">
          <input type="radio" name={choiceName} checked={values.passwordChoice === 'generate'} onChange={() => onChoice('generate')} />
          Generate one
        </label>
        <label className="checkbox">
          <input type="radio" name={choiceName} checked={values.passwordChoice === 'set'} onChange={() => onChoice('set')} />
          Set a password
        </label>
      </div>
      {values.passwordChoice === 'set' ? (
        <div className="form-grid">
          <TextField label="Password" type="password" required autoComplete="new-password" hint="At least 12 characters." {...bind('password')} />
          <TextField label="Confirm password" type="password" required autoComplete="new-password" {...bind('confirmPassword')} />
        </div>
      ) : (
        <p className="field-hint">The portal makes up a strong password and shows it once, for you to hand over.</p>
      )}
    </fieldset>
  );
}
