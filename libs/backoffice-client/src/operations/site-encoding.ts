import { LookupError } from '@washops/shared-errors';
import type { CreateFormInfo, CreateFormSite } from '../pages/employee-create.js';
import type { FormPair } from '../pages/form.js';

/** Resolves site names (long name or short code, case-insensitive) or `'all'` to the tenant's sites. */
export function resolveSites(form: CreateFormInfo, requested: 'all' | string[]): CreateFormSite[] {
  if (requested === 'all') return form.sites;
  const unknown: string[] = [];
  const picked: CreateFormSite[] = [];
  for (const name of requested) {
    const key = name.trim().toLowerCase();
    const site = form.sites.find((s) => s.name.toLowerCase() === key || (s.code !== null && s.code.toLowerCase() === key));
    if (!site) unknown.push(name);
    else if (!picked.includes(site)) picked.push(site);
  }
  if (unknown.length > 0) {
    const known = form.sites.map((s) => (s.code ? `${s.name} (${s.code})` : s.name));
    throw new LookupError(`Unknown site${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}. Known sites: ${known.join(', ')}`, {
      details: { field: 'availableSites', unknown, known: form.sites.map((s) => s.name) },
    });
  }
  return picked;
}

/**
 * The site fields of `/employee/insert` (protocol §3.3 hierarchical, §3.4 flat): every site once, granted
 * by `[siteId]`, denied by the checked "No" toggle `[isAvailable]` (README, "Sites").
 */
export function encodeSites(form: CreateFormInfo, granted: CreateFormSite[], all: boolean): FormPair[] {
  const tree = form.tree;
  if (tree.kind === 'flat') {
    if (all) return [['employee[isAllSitesAllowed]', '1']];
    const ids = new Set(granted.map((s) => s.id));
    return tree.sites.filter((s) => !ids.has(s.id)).map((s): FormPair => ['employee[siteIds][]', String(s.id)]);
  }
  if (all) return [['employee[isAllRegionsAllowed]', '1']];
  const grantedIds = new Set(granted.map((s) => s.id));
  const grantedRegions = new Set(granted.map((s) => s.regionId));
  const grantedDistricts = new Set(granted.map((s) => s.districtId));
  const pairs: FormPair[] = [];
  for (const region of tree.regions) if (!grantedRegions.has(region.id)) pairs.push(['employee[disabledRegions][]', String(region.id)]);
  for (const district of tree.districts) if (!grantedDistricts.has(district.id)) pairs.push(['employee[disabledDistricts][]', String(district.id)]);
  for (const site of tree.sites) {
    const id = String(site.id);
    pairs.push(grantedIds.has(site.id) ? [`employee[sites][${id}][siteId]`, id] : [`employee[sites][${id}][isAvailable]`, id]);
  }
  return pairs;
}

/** True when what the edit page stores is what was asked for (`'all'` equals every site). */
export function sameSites(form: CreateFormInfo, expected: CreateFormSite[], all: boolean, stored: 'all' | number[]): boolean {
  const everySite = form.sites.map((s) => s.id);
  const want = new Set(all ? everySite : expected.map((s) => s.id));
  const have = new Set(stored === 'all' ? everySite : stored);
  return want.size === have.size && [...want].every((id) => have.has(id));
}
