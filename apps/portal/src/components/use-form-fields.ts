'use client';

import { useMemo, useState } from 'react';
import { textFieldBinder, type TextFieldName } from './field';

/**
 * The state every create form keeps: its values, whether a submit was tried (client errors show only then), and
 * the server's per-field messages. Editing a field clears only that field's server message; the others still hold.
 * `validate` must be a stable function (a module-level one), since the validation is memoized on the values.
 */
export function useFormFields<V extends object, I>(initial: V | (() => V), validate: (values: V) => { input: I; errors: Record<string, string> }) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const validation = useMemo(() => validate(values), [values, validate]);
  const clientErrors = submitted ? validation.errors : {};
  const errorOf = (field: string) => serverErrors[field] ?? clientErrors[field];

  function set<K extends keyof V>(field: K, value: V[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      const { [field as string]: _cleared, ...rest } = current;
      return rest;
    });
  }

  return {
    values,
    set,
    // Text fields hold strings; the binder only ever passes a text field's own string value.
    bind: textFieldBinder(values, (field: TextFieldName<V>, value: string) => set(field, value as V[typeof field]), errorOf),
    errorOf,
    clientErrors,
    serverErrors,
    setServerErrors,
    validation,
    /** Whether a submit was tried and the values still fail validation. */
    showsErrors: submitted && Object.keys(validation.errors).length > 0,
    /** Marks a submit (client errors show from now on); true when the values pass validation. */
    trySubmit(): boolean {
      setSubmitted(true);
      return Object.keys(validation.errors).length === 0;
    },
    /** Back to a blank form, as before the first submit. */
    reset(next: V) {
      setSubmitted(false);
      setValues(next);
    },
  };
}
