'use client';

import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { useSiteTree } from '../../../components/scope-fields';
import type { TodayFilters } from './today-filters';

/** The chooser's value for a choice: `chain`, `region:<name>` or `site:<code>`. */
function choiceOf(filters: TodayFilters): string {
  return filters.site ? `site:${filters.site}` : filters.region ? `region:${filters.region}` : 'chain';
}

function filtersOf(day: string, choice: string): TodayFilters {
  const [kind, ...rest] = choice.split(':');
  const name = rest.join(':');
  return { day, site: kind === 'site' ? name : '', region: kind === 'region' ? name : '' };
}

/** The dashboard's day and whose numbers: the chain, a region or one site. */
export function TodayForm({ applied, onApply }: { applied: TodayFilters; onApply: (filters: TodayFilters) => void }) {
  const tree = useSiteTree();
  const [day, setDay] = useState(applied.day);
  const [choice, setChoice] = useState(choiceOf(applied));
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!day) {
      setError('Pick a day.');
      return;
    }
    setError(undefined);
    onApply(filtersOf(day, choice));
  }

  return (
    <form className="card filters today-filters" onSubmit={onSubmit} aria-label="Dashboard filters" noValidate>
      <div className="filter-grid">
        <TextField label="Day" type="date" required value={day} error={error} onChange={(e) => setDay(e.target.value)} hint="Each site's local day." />
        <SelectField label="Whose numbers" required value={choice} onChange={(e) => setChoice(e.target.value)} disabled={tree.isPending}>
          <option value="chain">The whole chain</option>
          {/* The URL may name a site or region before the tree has loaded: keep it chosen meanwhile. */}
          {tree.isPending && choice !== 'chain' ? <option value={choice}>{choice.replace(/^[a-z]+:/, '')}</option> : null}
          {tree.regions.length > 0 ? (
            <optgroup label="Regions">
              {tree.regions.map((name) => (
                <option key={name} value={`region:${name}`}>
                  {name}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label="Sites">
            {tree.sites.map((site) => (
              <option key={site.code} value={`site:${site.code}`}>
                {site.name} ({site.code})
              </option>
            ))}
          </optgroup>
        </SelectField>
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary">
          Show
        </button>
      </div>
    </form>
  );
}
