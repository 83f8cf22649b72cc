import { LookupError } from '@washops/shared-errors';
import type { CreateFormInfo, CreateFormSite } from '../pages/employee-create.js';
import type { FormPair } from '../pages/form.js';
import type { SiteTree } from '../pages/site-tree.js';

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
  const pairs = deniedGroups(tree, granted, 'employee[disabledRegions][]', 'employee[disabledDistricts][]');
  for (const site of tree.sites) {
    const id = String(site.id);
    pairs.push(grantedIds.has(site.id) ? [`employee[sites][${id}][siteId]`, id] : [`employee[sites][${id}][isAvailable]`, id]);
  }
  return pairs;
}

/**
 * The "Accessible Sites" fields of `/user/permissions/update` (protocol §2.7): the employee tree's
 * encoding with un-prefixed names; a site's toggle has no name, so a granted site is its `siteIds[]` and a
 * denied one is simply absent (flat tenants too: the user form's hidden inputs grant).
 */
export function encodeAccessibleSites(tree: SiteTree, granted: Array<{ id: number; regionId: number | null; districtId: number | null }>, all: boolean): FormPair[] {
  // The values a browser sends for these boxes (the real all-regions re-post carried `isAllRegionsAllowed=on`).
  if (all) return [tree.kind === 'flat' ? ['isAllSitesAllowed', '1'] : ['isAllRegionsAllowed', 'on']];
  const grantedIds = new Set(granted.map((s) => s.id));
  const pairs = tree.kind === 'flat' ? [] : deniedGroups(tree, granted, 'disabledRegions[]', 'disabledDistricts[]');
  for (const site of tree.sites) if (grantedIds.has(site.id)) pairs.push(['siteIds[]', String(site.id)]);
  return pairs;
}

/** A region or district with no granted site is denied as a whole. */
function deniedGroups(tree: SiteTree, granted: Array<{ regionId: number | null; districtId: number | null }>, regionName: string, districtName: string): FormPair[] {
  const grantedRegions = new Set(granted.map((s) => s.regionId));
  const grantedDistricts = new Set(granted.map((s) => s.districtId));
  const pairs: FormPair[] = [];
  for (const region of tree.regions) if (!grantedRegions.has(region.id)) pairs.push([regionName, String(region.id)]);
  for (const district of tree.districts) if (!grantedDistricts.has(district.id)) pairs.push([districtName, String(district.id)]);
  return pairs;
}

/** True when what the edit page stores is what was asked for (`'all'` equals every site). */
export function sameSites(form: CreateFormInfo, expected: CreateFormSite[], all: boolean, stored: 'all' | number[]): boolean {
  const everySite = form.sites.map((s) => s.id);
  const want = new Set(all ? everySite : expected.map((s) => s.id));
  const have = new Set(stored === 'all' ? everySite : stored);
  return want.size === have.size && [...want].every((id) => have.has(id));
}
