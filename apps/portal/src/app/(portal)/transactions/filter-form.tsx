'use client';

import { TRANSACTION_TYPES } from '@washops/transactions-client/schemas';
import type { FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { PRESETS, type ListFilters, type PresetName } from '../../../transactions/range';
import type { useSites } from './use-sites';

interface FilterFormProps {
  form: ListFilters;
  errors: Record<string, string>;
  sites: ReturnType<typeof useSites>;
  streaming: boolean;
  set: <K extends keyof ListFilters>(key: K, value: ListFilters[K]) => void;
  onSubmit: (event: FormEvent) => void;
  onPreset: (name: PresetName) => void;
}

function SiteAndRegion({ form, errors, sites, set }: Pick<FilterFormProps, 'form' | 'errors' | 'sites' | 'set'>) {
  return (
    <>
      <SelectField label="Site" value={form.site} error={errors['site']} onChange={(e) => set('site', e.target.value)} disabled={sites.query.isPending}>
        <option value="">{sites.query.isPending ? 'Loading sites…' : 'All sites'}</option>
        {sites.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Region code"
        value={form.site ? '' : form.region}
        disabled={Boolean(form.site)}
        error={errors['region']}
        hint={form.site ? 'A site is picked; the region does not apply.' : 'e.g. ILLINOIS'}
        onChange={(e) => set('region', e.target.value.toUpperCase())}
        maxLength={64}
      />
    </>
  );
}

function TypeAndVersion({ form, errors, set }: Pick<FilterFormProps, 'form' | 'errors' | 'set'>) {
  return (
    <>
      <SelectField
        label="Type"
        value={form.version === 'v2' ? '' : form.type}
        error={errors['type']}
        disabled={form.version === 'v2'}
        hint={form.version === 'v2' ? 'v2 lists every type.' : undefined}
        onChange={(e) => set('type', e.target.value)}
      >
        <option value="">All types</option>
        {TRANSACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <fieldset className="field field-wide">
        <legend>API version</legend>
        <div className="radio-row">
          {(['v1', 'v2'] as const).map((version) => (
            <label key={version} className="checkbox">
              <input type="radio" name="version" value={version} checked={form.version === version} onChange={() => set('version', version)} />
              {version === 'v1' ? 'v1' : 'v2: with status, customer, plans'}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The explorer's filters: date presets, range, site or region, type and API version. */
export function FilterForm(props: FilterFormProps) {
  const { form, errors, set } = props;
  return (
    <form className="card filters" onSubmit={props.onSubmit} aria-label="Transaction filters" noValidate>
      <div className="presets" role="group" aria-label="Date presets">
        {PRESETS.map((preset) => (
          <button key={preset.name} type="button" className="button button-small" onClick={() => props.onPreset(preset.name)}>
            {preset.label}
          </button>
        ))}
      </div>
      <div className="filter-grid">
        <TextField label="From" type="date" required value={form.from} error={errors['from']} onChange={(e) => set('from', e.target.value)} />
        <TextField
          label="To"
          type="date"
          required
          value={form.to}
          error={errors['to'] ?? errors['endDate']}
          hint="At most 31 days."
          onChange={(e) => set('to', e.target.value)}
        />
        <SiteAndRegion form={form} errors={errors} sites={props.sites} set={set} />
        <TypeAndVersion form={form} errors={errors} set={set} />
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary">
          Show transactions
        </button>
        {props.streaming ? <span className="muted">Still loading; new filters replace this list.</span> : null}
      </div>
    </form>
  );
}
