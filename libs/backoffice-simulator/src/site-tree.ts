/**
 * The "Available To Work" / "Accessible Sites" tree: decoding what a form posted into a SiteAccess, and rendering
 * a SiteAccess back as server HTML, with the polarity of reference protocol §3.3 (a checked region, district or
 * site toggle means "No") and §3.4 for flat tenants.
 */
import { escapeHtml as esc } from './redirect-shell.js';
import { parseIds, type FormBody } from './form.js';
import type { District, Region, Site, SiteAccess, SiteTree } from './tenant/model.js';
import { effectiveSiteIds } from './tenant/model.js';

/** Field names of the two trees: the employee form prefixes them with `employee`, the Back Office form does not. */
export interface TreeNaming {
  scope: 'employee' | 'user';
  allRegions: string;
  disabledRegions: string;
  allDistricts: string;
  disabledDistricts: string;
  allSites: (districtId: number) => string;
  /** Name of the per-site toggle; the Back Office form's toggle has none. */
  siteToggle: (siteId: number) => string | null;
  /** Name of the per-site hidden input that grants the site when it is enabled. */
  siteHidden: (siteId: number) => string;
  flatAll: string;
  flatSites: string;
  verb: 'Available' | 'Access';
}

export const EMPLOYEE_TREE: TreeNaming = {
  scope: 'employee',
  allRegions: 'employee[isAllRegionsAllowed]',
  disabledRegions: 'employee[disabledRegions][]',
  allDistricts: 'employee[isAllDistrictsAllowedByRegion][]',
  disabledDistricts: 'employee[disabledDistricts][]',
  allSites: (d) => `employee[isAllSitesAllowedByDistrict][${d}]`,
  siteToggle: (s) => `employee[sites][${s}][isAvailable]`,
  siteHidden: (s) => `employee[sites][${s}][siteId]`,
  flatAll: 'employee[isAllSitesAllowed]',
  flatSites: 'employee[siteIds][]',
  verb: 'Available',
};

export const USER_TREE: TreeNaming = {
  scope: 'user',
  allRegions: 'isAllRegionsAllowed',
  disabledRegions: 'disabledRegions[]',
  allDistricts: 'isAllDistrictsAllowedByRegion[]',
  disabledDistricts: 'disabledDistricts[]',
  allSites: (d) => `isAllSitesAllowedByDistrict[${d}]`,
  siteToggle: () => null,
  siteHidden: () => 'siteIds[]',
  flatAll: 'isAllSitesAllowed',
  flatSites: 'siteIds[]',
  verb: 'Access',
};

const listName = (name: string) => name.replace(/\[\]$/, '');

/** Reads the posted tree. Denials win over roll-ups, roll-ups over per-site fields (the order the server reads them). */
export function decodeSiteAccess(form: FormBody, tree: SiteTree, naming: TreeNaming): SiteAccess {
  if (tree.kind === 'flat') {
    if (form.has(naming.flatAll)) return { all: true };
    const listed = parseIds(form.list(listName(naming.flatSites)));
    // Employees: a blocklist (presence = excluded). Back Office users: the enabled hidden inputs grant.
    const siteIds =
      naming.scope === 'employee'
        ? tree.sites.filter((s) => !listed.includes(s.id)).map((s) => s.id)
        : tree.sites.filter((s) => listed.includes(s.id)).map((s) => s.id);
    return { all: false, regionsAll: [], districtsAll: [], siteIds };
  }
  if (form.has(naming.allRegions)) return { all: true };
  const deniedRegions = parseIds(form.list(listName(naming.disabledRegions)));
  const allDistrictsOf = parseIds(form.list(listName(naming.allDistricts)));
  const deniedDistricts = parseIds(form.list(listName(naming.disabledDistricts)));
  const allSitesPrefix = naming.allSites(0).replace(/\[0\]$/, '');
  const allSitesOf = parseIds(form.keysUnder(allSitesPrefix));
  const grantedHidden = naming.scope === 'user' ? parseIds(form.list('siteIds')) : [];
  const access = { all: false as const, regionsAll: [] as number[], districtsAll: [] as number[], siteIds: [] as number[] };
  for (const region of tree.regions) {
    if (deniedRegions.includes(region.id)) continue;
    if (allDistrictsOf.includes(region.id)) {
      access.regionsAll.push(region.id);
      continue;
    }
    for (const district of tree.districts.filter((d) => d.regionId === region.id)) {
      if (deniedDistricts.includes(district.id)) continue;
      if (allSitesOf.includes(district.id)) {
        access.districtsAll.push(district.id);
        continue;
      }
      for (const site of tree.sites.filter((s) => s.districtId === district.id)) {
        const granted =
          naming.scope === 'user'
            ? grantedHidden.includes(site.id)
            : form.has(naming.siteHidden(site.id)) && !form.has(naming.siteToggle(site.id) ?? '');
        if (granted) access.siteIds.push(site.id);
      }
    }
  }
  return access;
}

const attr = (on: boolean, name: string) => (on ? `\n                   ${name}` : '');

/** A "No"/"Yes" toggle: checked denies the region, district or site. */
const DENIAL = { on: 'No', off: 'Yes', onStyle: 'danger', offStyle: 'success', width: 60 } as const;

/** An "… all Sites"/"… by Site" roll-up toggle: checked grants everything below it. */
const rollUp = (verb: string, level: 'Region' | 'District' | 'Site') =>
  ({ on: `${verb} all ${level}s`, off: `${verb} by ${level}`, onStyle: 'success', offStyle: 'info', width: 150 }) as const;

function toggle(opts: {
  id: string;
  cls: string;
  name: string | null;
  value?: string;
  on: string;
  off: string;
  onStyle: string;
  offStyle: string;
  width: number;
  data?: string;
  checked: boolean;
  disabled: boolean;
}): string {
  return (
    `<input type="checkbox"\n                   id="${opts.id}"\n                   class="${opts.cls}"\n` +
    `                   data-toggle="toggle"\n                   data-size="small"\n                   data-width="${opts.width}"\n` +
    `                   data-onstyle="${opts.onStyle}"\n                   data-offstyle="${opts.offStyle}"\n` +
    `                   data-on="${esc(opts.on)}"\n                   data-off="${esc(opts.off)}"` +
    (opts.data ? `\n                   ${opts.data}` : '') +
    (opts.value !== undefined ? `\n                   value="${esc(opts.value)}"` : '') +
    (opts.name !== null ? `\n                   name="${esc(opts.name)}"` : '') +
    attr(opts.disabled, 'disabled') +
    attr(opts.checked, 'checked') +
    '\n            >'
  );
}

function collapse(id: string, open: boolean, inner: string, override = false): string {
  return (
    `<div class="sbox-collapse sbox-collapse-edge2edge${override ? ' sbox-collapse-area-wrapper-override' : ''}">\n` +
    `    <div class="sbox-collapse-area-wrapper">\n        <div id="${id}"\n             class="sbox-collapse-area collapse${open ? ' in' : ''}"\n` +
    `             aria-expanded="${open}">\n${inner}\n        </div>\n        <!-- /sbox-collapse-area -->\n    </div>\n` +
    `    <!-- /sbox-collapse-area-wrapper -->\n</div>\n<!-- /sbox-collapse -->\n`
  );
}

type NodeState = 'all' | 'denied' | 'some';

/** What the rendering of one region needs from the whole tree. */
interface TreeRender {
  tree: SiteTree;
  access: SiteAccess;
  granted: Set<number>;
  naming: TreeNaming;
}

/** Renders the tree for the given access as the server would: state in `checked`, locked parts `disabled`. */
export function renderSiteTree(tree: SiteTree, access: SiteAccess, naming: TreeNaming): string {
  const granted = new Set(effectiveSiteIds(tree, access));
  if (tree.kind === 'flat') return renderFlatTree(tree, access, granted, naming);
  const out: string[] = [];
  out.push(
    '<fieldset class="boac-accessible-sites" style="width: 100%;">\n' +
      '<div class="form-group boac-accessible-sites-per-region  nix-bm">\n<div class="row">\n<div class="form-group sbox sbox-bg">\n' +
      '<div style="display: inline-block; margin-right: 20px;">\n<div class="pull-left" style="margin-bottom: 15px;">\n',
  );
  out.push(
    toggle({
      id: 'boac-permission-type-region',
      cls: 'boac-permission-type-region',
      name: naming.allRegions,
      ...rollUp(naming.verb, 'Region'),
      data: 'data-fhcheck-disable="#boac-region-options-list :input"\n                   data-fhchecked-toggle-collapse-close="#sbox-boac-permission-all-regions-box"',
      checked: access.all,
      disabled: false,
    }),
  );
  out.push('\n</div>\n</div>\n');
  const render: TreeRender = { tree, access, granted, naming };
  const regionsHtml: string[] = ['<div class="row" id="boac-region-options-list">\n'];
  for (const region of tree.regions) regionsHtml.push(renderRegion(render, region));
  regionsHtml.push('</div>\n');
  out.push(collapse('sbox-boac-permission-all-regions-box', !access.all, regionsHtml.join(''), true));
  out.push('</div>\n</div>\n</div>\n</fieldset>\n');
  return out.join('');
}

function renderRegion(render: TreeRender, region: Region): string {
  const { tree, access, granted, naming } = render;
  const regionSites = tree.sites.filter((s) => s.regionId === region.id);
  const regionState: NodeState =
    access.all || (!access.all && access.regionsAll.includes(region.id))
      ? 'all'
      : regionSites.some((s) => granted.has(s.id))
        ? 'some'
        : 'denied';
  const head =
    '<div class="sbox sbox-bg sbox-stack sbox-toggle-list sbox-override">\n<div class="form-group">\n' +
    toggle({
      id: `boac-permission-region-${region.id}`,
      cls: 'boac-permission-region-option',
      name: naming.disabledRegions,
      value: String(region.id),
      ...DENIAL,
      data:
        `data-region-id="${region.id}"\n                   data-fhchecked-toggle-collapse-close="#sbox-boac-permission-region-${region.id}-box"\n` +
        `                   data-fhcheck-disable="#sbox-boac-permission-region-${region.id}-box :input"`,
      checked: regionState === 'denied',
      disabled: access.all,
    }) +
    `\n<label for="boac-permission-region-${region.id}"\n       class="control-label">\n    Region <strong>(${esc(region.name)})</strong>\n</label>\n</div>\n</div>\n`;
  const inRegion: string[] = [];
  inRegion.push(
    '<div class="form-group sbox sbox-bg">\n<div style="display: inline-block; margin-right: 20px;">\n<div class="pull-left" style="margin-bottom: 15px;">\n' +
      toggle({
        id: `boac-permission-type-district-for-region-${region.id}`,
        cls: 'boac-permission-type-district',
        name: naming.allDistricts,
        value: String(region.id),
        ...rollUp(naming.verb, 'District'),
        data:
          `data-region-id="${region.id}"\n                   data-fhcheck-disable="#boac-district-options-list-for-region-${region.id} :input"\n` +
          `                   data-fhchecked-toggle-collapse-close="#sbox-boac-permission-all-districts-for-region-${region.id}-box"`,
        checked: regionState === 'all',
        disabled: regionState === 'denied',
      }) +
      '\n</div>\n</div>\n',
  );
  const districtsHtml: string[] = [`<div class="row" id="boac-district-options-list-for-region-${region.id}">\n`];
  for (const district of tree.districts.filter((d) => d.regionId === region.id)) {
    districtsHtml.push(renderDistrict(render, region, regionState, district));
  }
  districtsHtml.push('</div>\n');
  inRegion.push(collapse(`sbox-boac-permission-all-districts-for-region-${region.id}-box`, regionState !== 'all', districtsHtml.join(''), true));
  inRegion.push('</div>\n');
  return head + collapse(`sbox-boac-permission-region-${region.id}-box`, regionState !== 'denied', inRegion.join(''));
}

function renderDistrict(render: TreeRender, region: Region, regionState: NodeState, district: District): string {
  const { tree, access, granted, naming } = render;
  const regionLocked = regionState === 'denied';
  const districtSites = tree.sites.filter((s) => s.districtId === district.id);
  const districtState: NodeState =
    regionState === 'all' || (!access.all && access.districtsAll.includes(district.id))
      ? 'all'
      : regionState === 'denied' || !districtSites.some((s) => granted.has(s.id))
        ? 'denied'
        : 'some';
  const head =
    '<div class="sbox sbox-bg sbox-stack sbox-toggle-list sbox-override">\n<div class="form-group">\n' +
    toggle({
      id: `boac-permission-district-${district.id}`,
      cls: `boac-permission-district-option boac-permission-district-option-for-region-${region.id}`,
      name: naming.disabledDistricts,
      value: String(district.id),
      ...DENIAL,
      data:
        `data-region-id="${region.id}"\n                   data-district-id="${district.id}"\n` +
        `                   data-fhchecked-toggle-collapse-close="#sbox-boac-permission-district-${district.id}-box"\n` +
        `                   data-fhcheck-disable="#sbox-boac-permission-district-${district.id}-box :input"`,
      checked: districtState === 'denied',
      disabled: regionLocked || regionState === 'all',
    }) +
    `\n<label for="boac-permission-district-${district.id}"\n       class="control-label">\n    District <strong>(${esc(district.name)})</strong>\n</label>\n</div>\n</div>\n`;
  const districtLocked = regionLocked || districtState === 'denied';
  const inDistrict: string[] = [];
  inDistrict.push(
    '<div class="form-group sbox sbox-bg">\n<div style="display: inline-block; margin-right: 20px;">\n<div class="pull-left" style="margin-bottom: 15px;">\n' +
      toggle({
        id: `boac-permission-type-site-for-district-${district.id}`,
        cls: `boac-permission-type-site boac-permission-type-site-by-region-${region.id}`,
        name: naming.allSites(district.id),
        ...rollUp(naming.verb, 'Site'),
        data:
          `data-district-id="${district.id}"\n                   data-fhchecked-toggle-collapse-close="#sbox-boac-permission-all-sites-for-district-${district.id}-box"\n` +
          `                   data-fhcheck-disable="#boac-site-options-list-for-district-${district.id} :input"`,
        checked: districtState === 'all',
        disabled: districtLocked,
      }) +
      '\n</div>\n</div>\n',
  );
  const sitesHtml: string[] = [`<div class="row" id="boac-site-options-list-for-district-${district.id}">\n`];
  for (const site of districtSites) {
    const siteGranted = districtState !== 'denied' && granted.has(site.id);
    sitesHtml.push(renderSite(naming, region, district, site, { granted: siteGranted, viaRollup: districtState === 'all', locked: districtLocked }));
  }
  sitesHtml.push('</div>\n');
  inDistrict.push(collapse(`sbox-boac-permission-all-sites-for-district-${district.id}-box`, districtState !== 'all', sitesHtml.join(''), true));
  inDistrict.push('</div>\n');
  return head + collapse(`sbox-boac-permission-district-${district.id}-box`, districtState !== 'denied', inDistrict.join(''));
}

function renderSite(
  naming: TreeNaming,
  region: Region,
  district: District,
  site: Site,
  state: { granted: boolean; viaRollup: boolean; locked: boolean },
): string {
  return (
    '<div class="sbox sbox-bg sbox-stack sbox-toggle-list">\n<div class="form-group">\n' +
    toggle({
      id: `boac-permission-site-${site.id}`,
      cls:
        `boac-permission-site-option boac-permission-site-option-for-district-${district.id}\n` +
        `                   boac-permission-site-option-hidden-input-for-region-${region.id} boac-permission-site-option-hidden-input-for-district-${district.id}\n` +
        `                   boac-permission-site-option-hidden-input-${site.id}`,
      name: naming.siteToggle(site.id),
      value: String(site.id),
      ...DENIAL,
      data: `data-district-id="${district.id}"\n                   data-fhcheck-disable="#boac-permission-site-option-hidden-input-${site.id}"`,
      checked: !state.granted && !state.viaRollup,
      disabled: state.locked,
    }) +
    `\n<label for="boac-permission-site-${site.id}"\n       class="control-label">\n    Site <strong>(${esc(site.name)})</strong>\n</label>\n</div>\n\n` +
    `<input class="boac-permission-site-option-hidden-input-for-district-${district.id} boac-permission-site-option-hidden-input-for-region-${region.id}"\n` +
    `       id="boac-permission-site-option-hidden-input-${site.id}"\n       type="hidden"\n       name="${esc(naming.siteHidden(site.id))}"` +
    (state.granted && !state.viaRollup ? '' : '\n        disabled') +
    `\n       value="${site.id}">\n</div>\n`
  );
}

function renderFlatTree(tree: SiteTree, access: SiteAccess, granted: Set<number>, naming: TreeNaming): string {
  const out: string[] = [];
  out.push('<fieldset class="boac-accessible-sites" style="width: 100%;">\n<div class="form-group sbox sbox-bg">\n');
  out.push(
    toggle({
      id: 'boac-permission-type-site',
      cls: 'boac-permission-type-site',
      name: naming.flatAll,
      value: '1',
      ...rollUp(naming.verb, 'Site'),
      data: 'data-fhcheck-disable="#boac-site-options-list :input"',
      checked: access.all,
      disabled: false,
    }),
  );
  out.push('\n<div class="row" id="boac-site-options-list">\n');
  for (const site of tree.sites) {
    const isGranted = granted.has(site.id);
    if (naming.scope === 'employee') {
      // Blocklist: a checked box ("No") excludes the site.
      out.push(
        '<div class="sbox sbox-bg sbox-stack sbox-toggle-list">\n<div class="form-group">\n' +
          toggle({
            id: `boac-permission-site-${site.id}`,
            cls: 'boac-permission-site-option',
            name: naming.flatSites,
            value: String(site.id),
            ...DENIAL,
            checked: !access.all && !isGranted,
            disabled: access.all,
          }) +
          `\n<label for="boac-permission-site-${site.id}" class="control-label">Site <strong>(${esc(site.name)})</strong></label>\n</div>\n</div>\n`,
      );
    } else {
      out.push(
        '<div class="sbox sbox-bg sbox-stack sbox-toggle-list">\n<div class="form-group">\n' +
          toggle({
            id: `boac-permission-site-${site.id}`,
            cls: 'boac-permission-site-option',
            name: null,
            value: String(site.id),
            ...DENIAL,
            data: `data-fhcheck-disable="#boac-permission-site-option-hidden-input-${site.id}"`,
            checked: !access.all && !isGranted,
            disabled: access.all,
          }) +
          `\n<label for="boac-permission-site-${site.id}" class="control-label">Site <strong>(${esc(site.name)})</strong></label>\n</div>\n` +
          `<input id="boac-permission-site-option-hidden-input-${site.id}" type="hidden" name="siteIds[]"${!access.all && isGranted ? '' : ' disabled'} value="${site.id}">\n</div>\n`,
      );
    }
  }
  out.push('</div>\n</div>\n</fieldset>\n');
  return out.join('');
}
