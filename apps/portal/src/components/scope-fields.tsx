'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../trpc/client';
import { SelectField } from './field';
import { SitesChoice } from './sites-choice';

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

export type SiteTree = ReturnType<typeof useSiteTree>;

/** Which sites a figures page reads, as its form holds them: site codes (none: every site) or a region. */
export interface ScopeForm {
  scope: 'sites' | 'region';
  allSites: boolean;
  sites: string[];
  region: string;
}

/** The form's state for filters that name sites or a region (sites win). */
export function scopeFormOf(filters: { sites: string[]; region: string }): ScopeForm {
  return { scope: filters.region ? 'region' : 'sites', allSites: filters.sites.length === 0, sites: filters.sites, region: filters.region };
}

/** The sites or region a form names, and what it leaves out, by field. */
export function scopeOf(form: ScopeForm): { sites: string[]; region: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (form.scope === 'sites' && !form.allSites && form.sites.length === 0) errors['sites'] = 'Pick at least one site, or All sites.';
  if (form.scope === 'region' && !form.region) errors['region'] = 'Choose a region.';
  return { sites: form.scope === 'sites' && !form.allSites ? form.sites : [], region: form.scope === 'region' ? form.region : '', errors };
}

/** "Which sites" and, for a region, the region: selects that sit in a form's grid of fields. */
export function ScopeSelects({ form, tree, error, onChange }: { form: ScopeForm; tree: SiteTree; error: string | undefined; onChange: (next: Partial<ScopeForm>) => void }) {
  return (
    <>
      <SelectField label="Which sites" required value={form.scope} onChange={(e) => onChange({ scope: e.target.value as ScopeForm['scope'] })}>
        <option value="sites">Sites</option>
        <option value="region">A region</option>
      </SelectField>
      {form.scope === 'region' ? (
        <SelectField label="Region" required value={form.region} error={error} onChange={(e) => onChange({ region: e.target.value })} disabled={tree.isPending}>
          <option value="">{tree.isPending ? 'Loading regions…' : 'Choose a region'}</option>
          {tree.regions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : null}
    </>
  );
}

/** "All sites" or a choice of sites, by code (the shared control names them by name), when the scope is sites. */
export function ScopeSites({ form, tree, error, onChange }: { form: ScopeForm; tree: SiteTree; error: string | undefined; onChange: (next: Partial<ScopeForm>) => void }) {
  const names = useMemo(() => new Map(tree.sites.map((site) => [site.code, site.name])), [tree.sites]);
  const codes = useMemo(() => new Map(tree.sites.map((site) => [site.name, site.code])), [tree.sites]);
  if (form.scope !== 'sites') return null;
  return (
    <SitesChoice
      allSitesLabel="All sites"
      allSites={form.allSites}
      onAllSitesChange={(all) => onChange({ allSites: all })}
      sites={{ isPending: tree.isPending, data: tree.sites }}
      selected={form.sites.flatMap((code) => names.get(code) ?? [])}
      onChange={(picked) => onChange({ sites: picked.flatMap((name) => codes.get(name) ?? []) })}
      error={error}
    />
  );
}
