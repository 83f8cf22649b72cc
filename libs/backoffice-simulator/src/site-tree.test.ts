import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { FormBody } from './form.js';
import { decodeSiteAccess, EMPLOYEE_TREE, renderSiteTree, USER_TREE } from './site-tree.js';
import { effectiveSiteIds } from './tenant/model.js';
import { hierarchicalTree } from './tenant/seed.js';

const tree = hierarchicalTree();
const decode = (pairs: Array<[string, string]>) => effectiveSiteIds(tree, decodeSiteAccess(new FormBody(pairs), tree, EMPLOYEE_TREE));

describe('site tree decoding (§3.3)', () => {
  it('grants a site only with an enabled siteId and no isAvailable', () => {
    expect(decode([['employee[sites][17][siteId]', '17'], ['employee[sites][18][isAvailable]', '18'], ['employee[sites][19][siteId]', '19'], ['employee[sites][19][isAvailable]', '1']])).toEqual([17]);
  });
  it('lets denials win over roll-ups and per-site grants', () => {
    expect(decode([['employee[disabledRegions][]', '1'], ['employee[isAllDistrictsAllowedByRegion][]', '1'], ['employee[sites][17][siteId]', '17']])).toEqual([]);
    expect(decode([['employee[disabledDistricts][]', '3'], ['employee[isAllSitesAllowedByDistrict][3]', 'on'], ['employee[sites][21][siteId]', '21'], ['employee[sites][24][siteId]', '24']])).toEqual([24]);
  });
  it('expands roll-ups; isAllRegionsAllowed (any value) is everything', () => {
    expect(decode([['employee[isAllSitesAllowedByDistrict][1]', '0']])).toEqual([17, 18, 19, 20]);
    expect(decodeSiteAccess(new FormBody([['employee[isAllRegionsAllowed]', '0']]), tree, EMPLOYEE_TREE)).toEqual({ all: true });
  });
  it('reads the Back Office tree by its enabled siteIds[] inputs', () => {
    const access = decodeSiteAccess(new FormBody([['disabledRegions[]', '1'], ['siteIds[]', '1'], ['siteIds[]', '21']]), tree, USER_TREE);
    expect(effectiveSiteIds(tree, access)).toEqual([1, 21]);
  });
});

describe('site tree rendering', () => {
  it('is the inverse of decoding for every single-site grant', () => {
    for (const site of tree.sites) {
      const $ = cheerio.load(`<form>${renderSiteTree(tree, { all: false, regionsAll: [], districtsAll: [], siteIds: [site.id] }, EMPLOYEE_TREE)}</form>`);
      const pairs: Array<[string, string]> = [];
      $('input[name]:not([disabled])').each((_, el) => {
        const n = $(el);
        if (n.attr('type') === 'checkbox' && !n.is('[checked]')) return;
        pairs.push([n.attr('name') ?? '', n.attr('value') ?? 'on']);
      });
      expect(decode(pairs), `site ${site.id}`).toEqual([site.id]);
    }
  });
});
