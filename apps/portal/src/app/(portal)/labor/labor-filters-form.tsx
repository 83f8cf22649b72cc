'use client';

import type { KpiGrouping } from '@washops/operations/schemas';
import { useMemo, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { SitesChoice } from '../../../components/sites-choice';
import { lastWeek } from '../reports/filters';
import { useSiteTree } from '../../../components/scope-fields';
import { LABOR_GROUPING_LABELS, type LaborFilters } from './labor-filters';

type Scope = 'sites' | 'region';

/** The Labor page's filters: range, sites or a region, and the grouping (the service judges the range). */
export function LaborFiltersForm({ applied, onApply }: { applied: LaborFilters; onApply: (filters: LaborFilters) => void }) {
  const tree = useSiteTree();
  const [form, setForm] = useState({ ...applied, scope: (applied.region ? 'region' : 'sites') as Scope, allSites: applied.sites.length === 0 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));
  // The shared sites control names sites by their names; the numbers name them by code.
  const names = useMemo(() => new Map(tree.sites.map((site) => [site.code, site.name])), [tree.sites]);
  const codes = useMemo(() => new Map(tree.sites.map((site) => [site.name, site.code])), [tree.sites]);

  function submit(next: typeof form) {
    const found: Record<string, string> = {};
    if (!next.from) found['from'] = 'Pick the first day.';
    if (!next.to) found['to'] = 'Pick the last day.';
    if (next.scope === 'sites' && !next.allSites && next.sites.length === 0) found['sites'] = 'Pick at least one site, or All sites.';
    if (next.scope === 'region' && !next.region) found['region'] = 'Choose a region.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onApply({
      from: next.from,
      to: next.to,
      sites: next.scope === 'sites' && !next.allSites ? next.sites : [],
      region: next.scope === 'region' ? next.region : '',
      groupBy: next.groupBy,
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(form);
  }

  return (
    <form className="card filters report-filters" onSubmit={onSubmit} aria-label="Labor filters" noValidate>
      <div className="presets" role="group" aria-label="Date presets">
        <button type="button" className="button button-small" onClick={() => submit({ ...form, ...lastWeek() })}>
          Last week
        </button>
      </div>
      <div className="filter-grid">
        <TextField label="From" type="date" required value={form.from} error={errors['from']} onChange={(e) => set('from', e.target.value)} />
        <TextField label="To" type="date" required value={form.to} error={errors['to']} onChange={(e) => set('to', e.target.value)} hint="Each site's local days." />
        <SelectField label="Which sites" required value={form.scope} onChange={(e) => set('scope', e.target.value as Scope)}>
          <option value="sites">Sites</option>
          <option value="region">A region</option>
        </SelectField>
        {form.scope === 'region' ? (
          <SelectField label="Region" required value={form.region} error={errors['region']} onChange={(e) => set('region', e.target.value)} disabled={tree.isPending}>
            <option value="">{tree.isPending ? 'Loading regions…' : 'Choose a region'}</option>
            {tree.regions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField label="Group by" required value={form.groupBy} onChange={(e) => set('groupBy', e.target.value as KpiGrouping)}>
          {Object.entries(LABOR_GROUPING_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {form.scope === 'sites' ? (
        <SitesChoice
          allSitesLabel="All sites"
          allSites={form.allSites}
          onAllSitesChange={(all) => set('allSites', all)}
          sites={{ isPending: tree.isPending, data: tree.sites }}
          selected={form.sites.flatMap((code) => names.get(code) ?? [])}
          onChange={(picked) => set('sites', picked.flatMap((name) => codes.get(name) ?? []))}
          error={errors['sites']}
        />
      ) : null}
      <div className="actions">
        <button type="submit" className="button button-primary">
          Show labor
        </button>
      </div>
    </form>
  );
}
