'use client';

import { AUDIT_CHANNELS, AUDIT_STATES } from '@washops/portal-api/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { operationLabel, stateLabel } from '../../../audit/labels';
import { NO_AUDIT_FILTER, type AuditFilterFields } from '../../../audit/query';
import { useTRPC } from '../../../trpc/client';

/** Keeps a chosen value among the options even when the facets do not list it (yet). */
function withChosen(options: readonly string[], chosen: string): string[] {
  return chosen && !options.includes(chosen) ? [chosen, ...options] : [...options];
}

/** The Activity page's filters; applied on submit (the URL changes, so the view can be shared). */
export function ActivityFilters({ fields, onApply }: { fields: AuditFilterFields; onApply: (fields: AuditFilterFields) => void }) {
  const trpc = useTRPC();
  const facets = useQuery(trpc.audit.facets.queryOptions());
  const [draft, setDraft] = useState(fields);
  const set = (key: keyof AuditFilterFields) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form className="card filters" onSubmit={submit} aria-label="Filter activity">
      <div className="filter-grid">
        <SelectField label="Actor" value={draft.actor} onChange={set('actor')}>
          <option value="">Anyone</option>
          {withChosen(facets.data?.actors ?? [], draft.actor).map((actor) => (
            <option key={actor} value={actor}>
              {actor}
            </option>
          ))}
        </SelectField>
        <SelectField label="Operation" value={draft.operation} onChange={set('operation')}>
          <option value="">Any operation</option>
          {withChosen(facets.data?.operations ?? [], draft.operation).map((operation) => (
            <option key={operation} value={operation}>
              {operationLabel(operation)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Channel" value={draft.channel} onChange={set('channel')}>
          <option value="">Any channel</option>
          {AUDIT_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {channel}
            </option>
          ))}
        </SelectField>
        <SelectField label="Outcome" value={draft.state} onChange={set('state')}>
          <option value="">Any outcome</option>
          {AUDIT_STATES.map((state) => (
            <option key={state} value={state}>
              {stateLabel(state)}
            </option>
          ))}
        </SelectField>
        <TextField label="From (UTC day)" type="date" value={draft.since} onChange={set('since')} />
        <TextField label="To (UTC day, included)" type="date" value={draft.until} onChange={set('until')} />
        <TextField label="Employee id" inputMode="numeric" pattern="[0-9]*" value={draft.employeeId} onChange={set('employeeId')} />
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary">
          Apply filters
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setDraft(NO_AUDIT_FILTER);
            onApply(NO_AUDIT_FILTER);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
