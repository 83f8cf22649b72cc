import type { Page } from './page.js';
import { cleanText, stripParens, toId } from './page.js';

/**
 * The "Available To Work" site tree shared by the create and edit forms (protocol §3.3, §3.4).
 * Hierarchical tenants have regions → districts → sites; flat tenants only sites.
 */
export const siteTreeSelectors = {
  regionOption: 'input.boac-permission-region-option',
  districtOption: 'input.boac-permission-district-option',
  siteOption: 'input.boac-permission-site-option',
  labels: 'label[for^="boac-permission-"]',
  allRegions: 'input[name="employee[isAllRegionsAllowed]"]',
  allSitesFlat: 'input[name="employee[isAllSitesAllowed]"]',
  disabledRegion: 'input[name="employee[disabledRegions][]"]',
  disabledDistrict: 'input[name="employee[disabledDistricts][]"]',
  allDistrictsByRegion: 'input[name="employee[isAllDistrictsAllowedByRegion][]"]',
  allSitesByDistrict: 'input[name^="employee[isAllSitesAllowedByDistrict]"]',
  flatExcludedSite: 'input[name="employee[siteIds][]"]',
  siteFields: 'input[name^="employee[sites]["]',
} as const;

/** What a tree reader needs, whatever prefix the form gives the names. */
export type SiteTreeSelectorMap = { readonly [K in keyof typeof siteTreeSelectors]: string };

/**
 * The Back Office user form's "Accessible Sites" tree (protocol §2.7): the same markup with un-prefixed
 * names; a site's toggle has no name, and its hidden `siteIds[]` grants it while enabled.
 */
export const userSiteTreeSelectors = {
  ...siteTreeSelectors,
  allRegions: 'input[name="isAllRegionsAllowed"]',
  allSitesFlat: 'input[name="isAllSitesAllowed"]',
  disabledRegion: 'input[name="disabledRegions[]"]',
  disabledDistrict: 'input[name="disabledDistricts[]"]',
  allDistrictsByRegion: 'input[name="isAllDistrictsAllowedByRegion[]"]',
  allSitesByDistrict: 'input[name^="isAllSitesAllowedByDistrict"]',
  flatExcludedSite: 'input[name="siteIds[]"]',
  siteFields: 'input[name="siteIds[]"]',
} as const satisfies SiteTreeSelectorMap;

export interface TreeRegion {
  id: number;
  name: string;
}
export interface TreeDistrict {
  id: number;
  name: string;
  regionId: number | null;
}
export interface TreeSite {
  id: number;
  name: string;
  districtId: number | null;
  regionId: number | null;
}
export interface SiteTree {
  kind: 'hierarchical' | 'flat';
  regions: TreeRegion[];
  districts: TreeDistrict[];
  /** In the page's order; the first one is the wage site for `'all'`. */
  sites: TreeSite[];
}

type TreePage = Page<SiteTreeSelectorMap>;

function labelTexts(page: TreePage): Map<string, string> {
  const labels = new Map<string, string>();
  page.all('labels').each((_, node) => {
    const label = page.$(node);
    const target = label.attr('for');
    if (!target || labels.has(target)) return;
    const strong = label.find('strong').first();
    labels.set(target, stripParens(strong.length ? strong.text() : label.text()));
  });
  return labels;
}

/** Reads the tree's structure; a page without any site option is a broken page. */
export function parseSiteTree(page: TreePage): SiteTree {
  const labels = labelTexts(page);
  const regions: TreeRegion[] = [];
  page.all('regionOption').each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('data-region-id') ?? el.attr('value'));
    if (id === null) return;
    regions.push({ id, name: labels.get(el.attr('id') ?? '') || `Region ${id}` });
  });
  const districts: TreeDistrict[] = [];
  page.all('districtOption').each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('data-district-id') ?? el.attr('value'));
    if (id === null) return;
    districts.push({ id, name: labels.get(el.attr('id') ?? '') || `District ${id}`, regionId: toId(el.attr('data-region-id')) });
  });
  const regionOfDistrict = new Map(districts.map((d) => [d.id, d.regionId]));
  const sites: TreeSite[] = [];
  const seen = new Set<number>();
  page.one('siteOption');
  page.all('siteOption').each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('value')) ?? toId((el.attr('id') ?? '').replace(/^\D+/, ''));
    if (id === null || seen.has(id)) return;
    seen.add(id);
    const districtId = toId(el.attr('data-district-id'));
    sites.push({
      id,
      name: cleanText(labels.get(el.attr('id') ?? '') || `Site ${id}`),
      districtId,
      regionId: districtId === null ? null : (regionOfDistrict.get(districtId) ?? null),
    });
  });
  return { kind: regions.length > 0 ? 'hierarchical' : 'flat', regions, districts, sites };
}

function checkedValues(page: TreePage, key: keyof SiteTreeSelectorMap): Set<number> {
  const out = new Set<number>();
  page.all(key).each((_, node) => {
    const el = page.$(node);
    if (el.attr('checked') === undefined) return;
    const id = toId(el.attr('value'));
    if (id !== null) out.add(id);
  });
  return out;
}

/**
 * The sites an employee is stored as available at, by protocol §3.3 "Reading" (README, "Sites"); boxes
 * are read as stored, disabled or not. A Back Office user's tree (`scope: 'user'`) reads the same, except
 * that a site is granted by its enabled hidden `siteIds[]`.
 */
export function readStoredSites(page: TreePage, tree: SiteTree, scope: 'employee' | 'user' = 'employee'): 'all' | number[] {
  const isChecked = (key: 'allRegions' | 'allSitesFlat'): boolean =>
    page.all(key).filter((_, node) => page.$(node).attr('checked') !== undefined).length > 0;
  if (isChecked('allRegions') || isChecked('allSitesFlat')) return 'all';

  const fields = new Map<string, { checked: boolean; disabled: boolean }>();
  page.all('siteFields').each((_, node) => {
    const el = page.$(node);
    const name = scope === 'user' ? `siteIds[${el.attr('value') ?? ''}]` : el.attr('name');
    if (name) fields.set(name, { checked: el.attr('checked') !== undefined, disabled: el.attr('disabled') !== undefined });
  });
  const userGrants = (site: TreeSite): boolean => {
    const hidden = fields.get(`siteIds[${site.id}]`);
    return hidden !== undefined && !hidden.disabled;
  };

  if (tree.kind === 'flat') {
    if (scope === 'user') return tree.sites.filter(userGrants).map((s) => s.id);
    const excluded = checkedValues(page, 'flatExcludedSite');
    if (page.all('flatExcludedSite').length > 0) return tree.sites.filter((s) => !excluded.has(s.id)).map((s) => s.id);
    return tree.sites.filter((s) => fields.get(`employee[sites][${s.id}][isAvailable]`)?.checked).map((s) => s.id);
  }

  const deniedRegions = checkedValues(page, 'disabledRegion');
  const deniedDistricts = checkedValues(page, 'disabledDistrict');
  const allByRegion = checkedValues(page, 'allDistrictsByRegion');
  const allByDistrict = new Set<number>();
  page.all('allSitesByDistrict').each((_, node) => {
    const el = page.$(node);
    if (el.attr('checked') === undefined) return;
    const id = toId(el.attr('data-district-id')) ?? toId(/\[(\d+)\]$/.exec(el.attr('name') ?? '')?.[1]);
    if (id !== null) allByDistrict.add(id);
  });

  const stored: number[] = [];
  for (const site of tree.sites) {
    if (site.regionId !== null && deniedRegions.has(site.regionId)) continue;
    if (site.districtId !== null && deniedDistricts.has(site.districtId)) continue;
    if ((site.regionId !== null && allByRegion.has(site.regionId)) || (site.districtId !== null && allByDistrict.has(site.districtId))) {
      stored.push(site.id);
      continue;
    }
    if (scope === 'user') {
      if (userGrants(site)) stored.push(site.id);
      continue;
    }
    const available = fields.get(`employee[sites][${site.id}][isAvailable]`);
    const siteIdField = fields.get(`employee[sites][${site.id}][siteId]`);
    if (!available?.checked && siteIdField && !siteIdField.disabled) stored.push(site.id);
  }
  return stored;
}
