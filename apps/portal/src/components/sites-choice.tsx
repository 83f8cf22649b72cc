'use client';

import type { Site } from '@washops/operations/schemas';
import { CheckboxField, CheckboxGroup } from './field';
import { Loading } from './query-state';

/** The tenant's sites as the discovery query returns them. */
interface SitesQuery {
  isPending: boolean;
  data: ReadonlyArray<Pick<Site, 'name' | 'code'>> | undefined;
}

/** "All sites", or a choice of the tenant's sites: the same control in every form that assigns sites. */
export function SitesChoice({
  allSitesLabel,
  allSites,
  onAllSitesChange,
  sites,
  selected,
  onChange,
  error,
  hint,
}: {
  allSitesLabel: string;
  allSites: boolean;
  onAllSitesChange: (allSites: boolean) => void;
  sites: SitesQuery;
  selected: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <>
      <CheckboxField label={allSitesLabel} checked={allSites} onChange={onAllSitesChange} />
      {allSites ? null : sites.isPending ? (
        <Loading label="Loading sites…" />
      ) : (
        <CheckboxGroup
          legend="Sites"
          options={(sites.data ?? []).map((s) => ({ value: s.name, label: s.code ? `${s.name} (${s.code})` : s.name }))}
          selected={selected}
          onChange={onChange}
          error={error}
          hint={hint}
        />
      )}
    </>
  );
}
