'use client';

import { CheckboxField, CheckboxGroup, TemplateSelect, TextField } from '../../../../components/field';
import { Loading } from '../../../../components/query-state';
import { SitesChoice } from '../../../../components/sites-choice';
import { useFormFields } from '../../../../components/use-form-fields';
import { emptyEmployeeForm, validateEmployeeForm } from '../../../../forms/employee-form';
import type { Availability } from './use-availability';

export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function useEmployeeFields() {
  return useFormFields(() => emptyEmployeeForm(today()), validateEmployeeForm);
}

type Fields = Pick<ReturnType<typeof useEmployeeFields>, 'values' | 'set' | 'bind' | 'errorOf'>;

export function PersonFields({ fields: { bind, errorOf }, availability }: { fields: Fields; availability: Availability }) {
  return (
    <fieldset className="section">
      <legend>Person</legend>
      <div className="form-grid">
        <TextField label="First name" required {...bind('firstName')} autoComplete="off" />
        <TextField label="Last name" required {...bind('lastName')} autoComplete="off" />
        <TextField
          label="Email"
          type="email"
          required
          {...bind('email')}
          error={errorOf('email') ?? availability.email.takenError}
          status={availability.email.status}
          autoComplete="off"
        />
        <TextField
          label="Phone"
          type="tel"
          required
          {...bind('phone')}
          error={errorOf('phone') ?? availability.phone.takenError}
          status={availability.phone.status}
          hint="9 or 10 digits; spaces and symbols are ignored."
          autoComplete="off"
        />
      </div>
    </fieldset>
  );
}

export function PosFields({
  fields: { values, set, bind, errorOf },
  availability,
  templates,
}: {
  fields: Fields;
  availability: Availability;
  templates: { names: ReadonlyArray<{ id: number | string; name: string }>; pending: boolean };
}) {
  return (
    <fieldset className="section">
      <legend>POS</legend>
      <div className="form-grid">
        <TextField
          label="POS user id"
          inputMode="numeric"
          required
          {...bind('posUserId')}
          error={errorOf('posUserId') ?? availability.pos.takenError}
          status={availability.pos.status}
        />
        <TextField label="POS PIN" inputMode="numeric" {...bind('posPin')} hint="5 digits. Leave empty to generate one." autoComplete="off" />
        <TemplateSelect
          templates={templates.names}
          loading={templates.pending}
          value={values.permission}
          onChange={(name) => set('permission', name)}
          error={errorOf('permission')}
          hint="The POS permission template."
        />
      </div>
    </fieldset>
  );
}

export function WorkFields({
  fields: { values, set, bind, errorOf },
  departments,
  sites,
}: {
  fields: Fields;
  departments: { names: ReadonlyArray<{ name: string }>; pending: boolean };
  sites: Parameters<typeof SitesChoice>[0]['sites'];
}) {
  return (
    <fieldset className="section">
      <legend>Work</legend>
      <div className="form-grid">
        <TextField label="Wage rate (USD per hour)" inputMode="decimal" required {...bind('wageRate')} />
        <TextField label="Overtime wage rate (USD per hour)" inputMode="decimal" {...bind('overtimeWageRate')} hint="Leave empty for 1.5 × the wage rate." />
        <TextField label="Start date" type="date" required {...bind('startDate')} />
      </div>
      {departments.pending ? (
        <Loading label="Loading departments…" />
      ) : (
        <CheckboxGroup
          legend="Departments"
          options={departments.names.map((d) => ({ value: d.name, label: d.name }))}
          selected={values.departments}
          onChange={(next) => set('departments', next)}
          error={errorOf('departments')}
        />
      )}
      <SitesChoice
        allSitesLabel="Available at all sites"
        allSites={values.allSites}
        onAllSitesChange={(all) => set('allSites', all)}
        sites={sites}
        selected={values.sites}
        onChange={(next) => set('sites', next)}
        error={errorOf('availableSites')}
        hint="The first site chosen is where wages are attributed."
      />
    </fieldset>
  );
}

export function OptionalFields({ fields: { bind } }: { fields: Fields }) {
  return (
    <fieldset className="section">
      <legend>Optional details</legend>
      <div className="form-grid">
        <TextField label="Payroll employee id" {...bind('payrollEmployeeId')} />
        <TextField label="Emergency contact name" {...bind('emergencyContactName')} />
        <TextField label="Emergency contact phone" type="tel" {...bind('emergencyContactPhone')} />
      </div>
    </fieldset>
  );
}

export function BackofficeFields({ fields: { values, set, bind } }: { fields: Fields }) {
  return (
    <fieldset className="section">
      <legend>Back Office</legend>
      <CheckboxField
        label="Also create a Back Office user linked to this employee"
        checked={values.requiresBackoffice}
        onChange={(checked) => set('requiresBackoffice', checked)}
      />
      {values.requiresBackoffice ? (
        <div className="form-grid">
          <TextField label="Back Office username" required {...bind('backofficeUsername')} autoComplete="off" />
          <TextField
            label="Back Office password"
            type="password"
            {...bind('backofficePassword')}
            hint="At least 8 characters. Leave empty to generate one; it is shown once."
            autoComplete="new-password"
          />
        </div>
      ) : null}
    </fieldset>
  );
}
