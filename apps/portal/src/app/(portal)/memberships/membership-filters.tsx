'use client';

import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/field';
import { ScopeSelects, ScopeSites, scopeFormOf, scopeOf, useSiteTree, type ScopeForm } from '../../../components/scope-fields';
import { lastSixMonths, type MembershipFilters } from './filters';

interface FormState extends ScopeForm {
  from: string;
  to: string;
}

/** The filters a form names, or what it leaves out, by field. A new range is judged whole again (not partial); the plan stays. */
function filtersOf(form: FormState, plan: string): { filters: MembershipFilters; errors: Record<string, string> | null } {
  const { sites, region, errors } = scopeOf(form);
  if (!form.from) errors['from'] = 'Pick the first day.';
  if (!form.to) errors['to'] = 'Pick the last day.';
  return { filters: { from: form.from, to: form.to, sites, region, plan, allowPartial: false }, errors: Object.keys(errors).length > 0 ? errors : null };
}

/** The Memberships page's filters: the range and the sites or region (the cohort grid picks its plan itself). */
export function MembershipFiltersForm({ applied, onApply }: { applied: MembershipFilters; onApply: (filters: MembershipFilters) => void }) {
  const tree = useSiteTree();
  const [form, setForm] = useState<FormState>(() => ({ from: applied.from, to: applied.to, ...scopeFormOf(applied) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (next: Partial<FormState>) => setForm((current) => ({ ...current, ...next }));

  function submit(next: FormState) {
    const checked = filtersOf(next, applied.plan);
    setErrors(checked.errors ?? {});
    if (!checked.errors) onApply(checked.filters);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(form);
  }

  function onLastSixMonths() {
    const next = { ...form, ...lastSixMonths() };
    setForm(next);
    submit(next);
  }

  return (
    <form className="card filters report-filters" onSubmit={onSubmit} aria-label="Membership filters" noValidate>
      <div className="presets" role="group" aria-label="Date presets">
        <button type="button" className="button button-small" onClick={onLastSixMonths}>
          Last 6 months
        </button>
      </div>
      <div className="filter-grid">
        <TextField label="From" type="date" required value={form.from} error={errors['from']} onChange={(e) => change({ from: e.target.value })} />
        <TextField label="To" type="date" required value={form.to} error={errors['to']} onChange={(e) => change({ to: e.target.value })} hint="Each site's local days." />
        <ScopeSelects form={form} tree={tree} error={errors['region']} onChange={change} />
      </div>
      <ScopeSites form={form} tree={tree} error={errors['sites']} onChange={change} />
      <div className="actions">
        <button type="submit" className="button button-primary">
          Show memberships
        </button>
      </div>
    </form>
  );
}
