'use client';

import { useEffect, useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A live status line under the field (availability checks). */
  status?: ReactNode;
  children: (control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean }) => ReactNode;
}

/** Label, control, hint, status and error, tied together for assistive technology. */
function FieldShell({ label, error, hint, status, children }: FieldShellProps) {
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
      <FieldMessages errorId={errorId} error={error} hintId={hintId} hint={hint} />
    </div>
  );
}

/** A field's error and hint, under ids its control names in `aria-describedby`. */
function FieldMessages({ errorId, error, hintId, hint }: { errorId: string | undefined; error: string | undefined; hintId: string | undefined; hint: ReactNode }) {
  return (
    <>
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
    </>
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
      <FieldMessages errorId={errorId} error={error} hintId={hintId} hint={hint} />
    </fieldset>
  );
}

/** One checkbox with its label, e.g. "All sites". */
export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
    </div>
  );
}

/**
 * Focus for a refused submit: `focusFirstInvalid()` asks, and once React has rendered the
 * messages (an effect, after the commit) the first field with an error takes the focus. A group
 * of checkboxes cannot take focus itself; its first box does.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid instanceof HTMLFieldSetElement ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid;
    target?.focus();
  }, [requests]);
  return { formRef, focusFirstInvalid: () => setRequests((n) => n + 1) };
}

/** A permission template select: the tenant's templates of one scope, by name. */
export function TemplateSelect({
  label = 'Permission',
  templates,
  loading,
  value,
  onChange,
  error,
  hint,
}: {
  label?: string;
  templates: ReadonlyArray<{ id: number | string; name: string }>;
  loading: boolean;
  value: string;
  onChange: (name: string) => void;
  error: string | undefined;
  hint: ReactNode;
}) {
  return (
    <SelectField label={label} required value={value} onChange={(event) => onChange(event.target.value)} error={error} disabled={loading} hint={hint}>
      <option value="">{loading ? 'Loading the templates…' : 'Choose a template'}</option>
      {templates.map((template) => (
        <option key={template.id} value={template.name}>
          {template.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The fields of a form's values that hold text. */
export type TextFieldName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** `value`, `onChange` and `error` of a text field, from the form's state: one line per field instead of three. */
export function textFieldBinder<V>(values: V, set: (field: TextFieldName<V>, value: string) => void, errorOf: (field: string) => string | undefined) {
  return (field: TextFieldName<V>) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value),
    error: errorOf(field),
  });
}
