import { listDepartments } from '../tools/list-departments.js';
import { listPermissions } from '../tools/list-permissions.js';
import { listSites } from '../tools/list-sites.js';
import { json, toolRead, type FixedResource } from './resource.js';
import { DEPARTMENTS_URI, PERMISSIONS_URI, SITES_URI } from './uris.js';

type Site = Awaited<ReturnType<typeof listSites.outputSchema.parse>>['sites'][number];

/** Regions, their districts and their sites, in the tenant's order; sites outside a region or district under `null`. */
function siteTree(sites: readonly Site[]) {
  const regions = new Map<string, { regionId: number | null; regionName: string | null; districts: Map<string, { districtId: number | null; districtName: string | null; sites: Site[] }> }>();
  for (const site of sites) {
    const regionKey = String(site.regionId);
    let region = regions.get(regionKey);
    if (!region) regions.set(regionKey, (region = { regionId: site.regionId, regionName: site.regionName, districts: new Map() }));
    const districtKey = String(site.districtId);
    let district = region.districts.get(districtKey);
    if (!district) region.districts.set(districtKey, (district = { districtId: site.districtId, districtName: site.districtName, sites: [] }));
    district.sites.push(site);
  }
  return [...regions.values()].map((region) => ({
    regionId: region.regionId,
    regionName: region.regionName,
    districts: [...region.districts.values()].map((district) => ({ ...district, sites: district.sites.map(({ id, name, code }) => ({ id, name, code })) })),
  }));
}

export const sitesResource: FixedResource = {
  name: 'sites',
  uri: SITES_URI,
  title: 'Sites, by region and district',
  description:
    "The tenant's Back Office sites (id, long name, short code) as the tree of regions and districts they belong to, and as a flat list. Served from the client's cache; list_sites with refresh: true reads them again and notifies subscribers.",
  mimeType: 'application/json',
  uses: [listSites],
  read: async (services, signal) => {
    const { sites } = await toolRead(listSites, {}, services, signal);
    return json({ regions: siteTree(sites), sites });
  },
};

export const departmentsResource: FixedResource = {
  name: 'departments',
  uri: DEPARTMENTS_URI,
  title: 'Departments',
  description: 'The departments an employee can belong to (id and name), as create_employee takes them. Refreshed with the sites (the same Back Office page).',
  mimeType: 'application/json',
  uses: [listDepartments],
  read: async (services, signal) => json(await toolRead(listDepartments, {}, services, signal)),
};

export const permissionsResource: FixedResource = {
  name: 'permission-templates',
  uri: PERMISSIONS_URI,
  title: 'POS and Back Office permission templates',
  description:
    'The POS permission templates with the POS permission ids each grants (and overrides), and the Back Office templates by name. list_permissions with refresh: true reads them again and notifies subscribers.',
  mimeType: 'application/json',
  uses: [listPermissions],
  read: async (services, signal) => {
    const { permissions } = await toolRead(listPermissions, { scope: 'all' }, services, signal);
    return json({ pos: permissions.filter((p) => p.scope === 'pos'), backoffice: permissions.filter((p) => p.scope === 'backoffice') });
  },
};
