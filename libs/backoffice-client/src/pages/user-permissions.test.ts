import { describe, expect, it } from 'vitest';
import { encodeAccessibleSites } from '../operations/site-encoding.js';
import { parseUserPermissionsForm } from './user-permissions.js';

const site = (id: number, district: number, granted: boolean, rollup = false): string =>
  `<input type="checkbox" id="boac-permission-site-${id}" class="boac-permission-site-option" data-district-id="${district}" value="${id}"${granted || rollup ? '' : ' checked'}>` +
  `<label for="boac-permission-site-${id}">Site <strong>(Site ${id})</strong></label>` +
  `<input type="hidden" id="boac-permission-site-option-hidden-input-${id}" name="siteIds[]" value="${id}"${granted && !rollup ? '' : ' disabled'}>`;

/** A small "Back Office Access Control" page: regions 1 (district 1: sites 11, 12) and 2 (district 2: site 21). */
function userPage(opts: { tree?: string; matrix?: string; userId?: string; tail?: string } = {}): string {
  const tree =
    opts.tree ??
    '<input type="checkbox" id="boac-permission-type-region" name="isAllRegionsAllowed">' +
      '<input type="checkbox" id="boac-permission-region-1" class="boac-permission-region-option" data-region-id="1" value="1" name="disabledRegions[]">' +
      '<input type="checkbox" id="boac-permission-region-2" class="boac-permission-region-option" data-region-id="2" value="2" name="disabledRegions[]" checked>' +
      '<input type="checkbox" id="boac-permission-district-1" class="boac-permission-district-option" data-region-id="1" data-district-id="1" value="1" name="disabledDistricts[]">' +
      '<input type="checkbox" id="boac-permission-district-2" class="boac-permission-district-option" data-region-id="2" data-district-id="2" value="2" name="disabledDistricts[]" checked disabled>' +
      site(11, 1, true) +
      site(12, 1, false) +
      site(21, 2, false);
  const matrix =
    opts.matrix ??
    '<input type="hidden" name="perms[0][token]" value="category.list"><input type="checkbox" name="perms[0][isEnabled]" value="1" checked>' +
      '<input type="hidden" name="perms[1][token]" value="category.write"><input type="checkbox" name="perms[1][isEnabled]" value="1">';
  return (
    '<h3 id="page-sub-title">Name: <strong>Alex Sample</strong>, Username: <strong>ASample</strong></h3>' +
    '<form data-submit-once id="user-permissions-update-form" action="/user/permissions/update" method="post">' +
    `<input type="hidden" name="userId" value="${opts.userId ?? '3312102'}"><input type="hidden" name="userIsNew" value="">` +
    tree +
    '<select id="template" name="template"><option value="" selected></option>' +
    '<option value="3" data-permissions-set="category.list,vehicle.list">General User</option><option value="43" data-permissions-set="">Shift Leader</option></select>' +
    matrix +
    (opts.tail ?? '<button type="submit">Save</button></form>')
  );
}

describe('the Back Office permissions form (protocol §2.7)', () => {
  it('reads the user, the stored sites by enabled siteIds[], the templates with their tokens and the matrix', () => {
    const form = parseUserPermissionsForm(userPage());
    expect(form).toMatchObject({ userId: 3312102, username: 'ASample', storedSites: [11], enabled: ['category.list'], gaps: [] });
    expect(form.templates).toEqual([
      { id: 3, name: 'General User', tokens: ['category.list', 'vehicle.list'] },
      { id: 43, name: 'Shift Leader', tokens: [] },
    ]);
    expect(form.matrix).toEqual([
      { index: 0, token: 'category.list' },
      { index: 1, token: 'category.write' },
    ]);
    expect(form.tree.sites.map((s) => [s.id, s.name, s.regionId])).toEqual([
      [11, 'Site 11', 1],
      [12, 'Site 12', 1],
      [21, 'Site 21', 2],
    ]);
    // What a browser submits: unchecked boxes and disabled inputs left out; site toggles have no name.
    expect(form.fields).toEqual([
      ['userId', '3312102'],
      ['userIsNew', ''],
      ['disabledRegions[]', '2'],
      ['siteIds[]', '11'],
      ['template', ''],
      ['perms[0][token]', 'category.list'],
      ['perms[0][isEnabled]', '1'],
      ['perms[1][token]', 'category.write'],
    ]);
  });

  it("reads 'all' when every region is allowed, and no site when every hidden siteIds[] is disabled", () => {
    const all = '<input type="checkbox" id="boac-permission-type-region" name="isAllRegionsAllowed" checked>' + site(11, 1, false);
    expect(parseUserPermissionsForm(userPage({ tree: all })).storedSites).toBe('all');
    const none = '<input type="checkbox" id="boac-permission-type-region" name="isAllRegionsAllowed">' + site(11, 1, false) + site(12, 1, false);
    expect(parseUserPermissionsForm(userPage({ tree: none })).storedSites).toEqual([]);
  });

  it('names the gaps of a form that is not provably whole: a token without its box, a missing index, no userId, a cut form', () => {
    const holes =
      '<input type="hidden" name="perms[0][token]" value="category.list"><input type="checkbox" name="perms[0][isEnabled]" value="1">' +
      '<input type="hidden" name="perms[2][token]" value="commission.list">';
    expect(parseUserPermissionsForm(userPage({ matrix: holes })).gaps).toEqual(['perms[1][token]', 'perms[1][isEnabled]', 'perms[2][isEnabled]']);
    expect(parseUserPermissionsForm(userPage({ matrix: '' })).gaps).toEqual(['perms[0][token]']);
    expect(parseUserPermissionsForm(userPage({ userId: '' })).gaps).toEqual(['userId']);
    expect(parseUserPermissionsForm(userPage({ tail: '' })).gaps).toEqual(['</form>', 'submit button']);
  });
});

describe('encodeAccessibleSites', () => {
  const tree = parseUserPermissionsForm(userPage()).tree;
  it('denies every region and district without a granted site and grants each site by its siteIds[]', () => {
    const granted = tree.sites.filter((s) => s.id === 12);
    expect(encodeAccessibleSites(tree, granted, false)).toEqual([
      ['disabledRegions[]', '2'],
      ['disabledDistricts[]', '2'],
      ['siteIds[]', '12'],
    ]);
  });
  it("sends isAllRegionsAllowed=on for 'all', as the browser re-post did", () => {
    expect(encodeAccessibleSites(tree, [], true)).toEqual([['isAllRegionsAllowed', 'on']]);
  });
});
