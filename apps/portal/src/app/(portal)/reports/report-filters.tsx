'use client';

import type { ReportGrouping } from '@washops/operations';
import type { ReportPeriod } from '@washops/store';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { SitesChoice } from '../../../components/sites-choice';
import { useTRPC } from '../../../trpc/client';
import { GROUPING_LABELS, lastWeek, PERIOD_LABELS, type ReportFilters } from './filters';

/** The BackOffice's sites that have a code (the Data API's), and its regions. */
export function useSiteTree() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.discovery.sites.queryOptions(), staleTime: 10 * 60_000 });
  return useMemo(() => {
    const sites = (query.data ?? []).filter((site): site is typeof site & { code: string } => site.code !== null);
    const regions = [...new Set(sites.flatMap((site) => (site.regionName ? [site.regionName] : [])))].sort();
    return { isPending: query.isPending, sites, regions };
  }, [query.data, query.isPending]);
}

type Scope = 'sites' | 'region';

interface FormState {
  from: string;
  to: string;
  scope: Scope;
  allSites: boolean;
  sites: string[];
  region: string;
  period: ReportPeriod;
  groupBy: ReportGrouping;
}

function formOf(filters: ReportFilters): FormState {
  return {
    from: filters.from,
    to: filters.to,
    scope: filters.region ? 'region' : 'sites',
    allSites: filters.sites.length === 0,
    sites: filters.sites,
    region: filters.region,
    period: filters.period,
    groupBy: filters.groupBy,
  };
}

/** The filters a form names, or what it leaves out, by field (the service judges the rest). A new choice is judged whole again (not partial). */
function filtersOf(form: FormState): { filters: ReportFilters; errors: Record<string, string> | null } {
  const filters: ReportFilters = {
    from: form.from,
    to: form.to,
    sites: form.scope === 'sites' && !form.allSites ? form.sites : [],
    region: form.scope === 'region' ? form.region : '',
    period: form.period,
    groupBy: form.groupBy,
    allowPartial: false,
  };
  const errors: Record<string, string> = {};
  if (!form.from) errors['from'] = 'Pick the first day.';
  if (!form.to) errors['to'] = 'Pick the last day.';
  if (form.scope === 'sites' && !form.allSites && form.sites.length === 0) errors['sites'] = 'Pick at least one site, or All sites.';
  if (form.scope === 'region' && !form.region) errors['region'] = 'Choose a region.';
  return { filters, errors: Object.keys(errors).length > 0 ? errors : null };
}

/** The Reports page's filters: range, sites or a region, the sales period and the grouping. */
export function ReportFiltersForm({ applied, onApply }: { applied: ReportFilters; onApply: (filters: ReportFilters) => void }) {
  const tree = useSiteTree();
  const [form, setForm] = useState<FormState>(() => formOf(applied));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  // The shared sites control names sites by their names; the reports name them by code.
  const names = useMemo(() => new Map(tree.sites.map((site) => [site.code, site.name])), [tree.sites]);
  const codes = useMemo(() => new Map(tree.sites.map((site) => [site.name, site.code])), [tree.sites]);

  function submit(next: FormState) {
    const checked = filtersOf(next);
    setErrors(checked.errors ?? {});
    if (!checked.errors) onApply(checked.filters);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(form);
  }

  function onLastWeek() {
    const next = { ...form, ...lastWeek() };
    setForm(next);
    submit(next);
  }

  return (
    <form className="card filters report-filters" onSubmit={onSubmit} aria-label="Report filters" noValidate>
      <div className="presets" role="group" aria-label="Date presets">
        <button type="button" className="button button-small" onClick={onLastWeek}>
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
        <SelectField label="Sales by" required value={form.period} onChange={(e) => set('period', e.target.value as ReportPeriod)}>
          {Object.entries(PERIOD_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Group by" required value={form.groupBy} onChange={(e) => set('groupBy', e.target.value as ReportGrouping)}>
          {Object.entries(GROUPING_LABELS).map(([value, label]) => (
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
          Show reports
        </button>
      </div>
    </form>
  );
}
