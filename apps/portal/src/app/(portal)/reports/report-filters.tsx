'use client';

import type { ReportGrouping } from '@washops/operations';
import type { ReportPeriod } from '@washops/store';
import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { ScopeSelects, ScopeSites, scopeFormOf, scopeOf, useSiteTree, type ScopeForm } from '../../../components/scope-fields';
import { GROUPING_LABELS, lastWeek, PERIOD_LABELS, type ReportFilters } from './filters';

interface FormState extends ScopeForm {
  from: string;
  to: string;
  period: ReportPeriod;
  groupBy: ReportGrouping;
}

function formOf(filters: ReportFilters): FormState {
  return { from: filters.from, to: filters.to, ...scopeFormOf(filters), period: filters.period, groupBy: filters.groupBy };
}

/** The filters a form names, or what it leaves out, by field (the service judges the rest). A new choice is judged whole again (not partial). */
function filtersOf(form: FormState): { filters: ReportFilters; errors: Record<string, string> | null } {
  const { sites, region, errors } = scopeOf(form);
  const filters: ReportFilters = { from: form.from, to: form.to, sites, region, period: form.period, groupBy: form.groupBy, allowPartial: false };
  if (!form.from) errors['from'] = 'Pick the first day.';
  if (!form.to) errors['to'] = 'Pick the last day.';
  return { filters, errors: Object.keys(errors).length > 0 ? errors : null };
}

/** The Reports page's filters: range, sites or a region, the sales period and the grouping. */
export function ReportFiltersForm({ applied, onApply }: { applied: ReportFilters; onApply: (filters: ReportFilters) => void }) {
  const tree = useSiteTree();
  const [form, setForm] = useState<FormState>(() => formOf(applied));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const setScope = (next: Partial<ScopeForm>) => setForm((current) => ({ ...current, ...next }));

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
        <ScopeSelects form={form} tree={tree} error={errors['region']} onChange={setScope} />
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
      <ScopeSites form={form} tree={tree} error={errors['sites']} onChange={setScope} />
      <div className="actions">
        <button type="submit" className="button button-primary">
          Show reports
        </button>
      </div>
    </form>
  );
}
