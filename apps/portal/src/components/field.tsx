'use client';

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A live status line under the field (availability checks). */
  status?: ReactNode;
  children: (control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean }) => ReactNode;
}

/** Label, control, hint, status and error, tied together for assistive technology. */
export function FieldShell({ label, error, hint, status, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const statusId = status ? `${id}-status` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, statusId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': Boolean(error) })}
      {status ? (
        <p id={statusId} className="field-status" aria-live="polite">
          {status}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  status?: ReactNode;
};

export function TextField({ label, error, hint, status, required, ...input }: TextFieldProps) {
  return (
    <FieldShell label={required ? label : `${label} (optional)`} error={error} hint={hint} status={status}>
      {(control) => <input {...input} {...control} required={required} />}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

export function SelectField({ label, error, hint, required, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={required ? label : `${label} (optional)`} error={error} hint={hint}>
      {(control) => (
        <select {...select} {...control} required={required}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** A group of checkboxes with one legend and one error, e.g. sites or departments. */
export function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  error,
  hint,
  disabled,
}: {
  legend: string;
  options: Array<{ value: string; label: string }>;
  selected: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset
      className={`field checkbox-group${error ? ' field-invalid' : ''}`}
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
      aria-invalid={Boolean(error)}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      <div className="checkbox-list">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) =>
                onChange(event.target.checked ? [...selected, option.value] : selected.filter((v) => v !== option.value))
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
