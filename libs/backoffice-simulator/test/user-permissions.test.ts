/**
 * The Back Office permissions page and its update, and the `/user` list, checked field by field against the
 * protocol (§2.7, §4.4): no real page of either has been captured, so the protocol text is the reference.
 */
import { describe, expect, it } from 'vitest';
import { BO_TEMPLATES, BO_TOKENS, MESSAGES } from '../src/index.js';
import { flashTexts, useSignedInSimulator } from './helpers.js';

const t = useSignedInSimulator();

const allRegionsUser = () => {
  const user = t.sim.control.users().find((u) => u.siteIds === 'all' && u.username !== 'bot');
  if (!user) throw new Error('no seeded all-regions user');
  return user;
};

describe('GET /user/permissions/<id> (protocol §2.7)', () => {
  it('has the real form, hidden fields, header and sub-title', async () => {
    const user = allRegionsUser();
    const page = await t.b.get(`/user/permissions/${user.id}?userIsNew=1`);
    const $ = page.$;
    expect($('h1#page-title').text()).toBe('Back Office Access Control');
    expect($('h3#page-sub-title').html()).toBe(`Name: <strong>${user.firstName} ${user.lastName}</strong>, Username: <strong>${user.username}</strong>`);
    const form = $('form#user-permissions-update-form');
    expect(form.attr('action')).toBe('/user/permissions/update');
    expect(form.attr('method')).toBe('post');
    expect(form.is('[data-submit-once]')).toBe(true);
    expect(form.find('input[type="hidden"][name="userId"]').attr('value')).toBe(String(user.id));
    expect(form.find('input[type="hidden"][name="userIsNew"]').attr('value')).toBe('1');
    expect((await t.b.get(`/user/permissions/${user.id}`)).$('input[name="userIsNew"]').attr('value')).toBe('');
  });

  it('renders the accessible-sites tree with un-prefixed names; a site toggle has no name, its hidden siteIds[] grants it', async () => {
    const user = allRegionsUser();
    const $ = (await t.b.get(`/user/permissions/${user.id}`)).$;
    const all = $('input#boac-permission-type-region');
    expect(all.attr('name')).toBe('isAllRegionsAllowed');
    expect([all.attr('data-on'), all.attr('data-off')]).toEqual(['Access all Regions', 'Access by Region']);
    expect(all.is('[checked]')).toBe(true);
    expect($('input.boac-permission-region-option').first().attr('name')).toBe('disabledRegions[]');
    expect($('input.boac-permission-district-option').first().attr('name')).toBe('disabledDistricts[]');
    expect($('input.boac-permission-type-district').first().attr('name')).toBe('isAllDistrictsAllowedByRegion[]');
    expect($('input.boac-permission-type-site').first().attr('name')).toMatch(/^isAllSitesAllowedByDistrict\[\d+\]$/);
    const sites = t.sim.control.sites();
    for (const site of sites) {
      const toggle = $(`input#boac-permission-site-${site.id}`);
      expect(toggle.attr('type')).toBe('checkbox');
      expect(toggle.attr('name')).toBeUndefined();
      const hidden = $(`input#boac-permission-site-option-hidden-input-${site.id}`);
      expect([hidden.attr('type'), hidden.attr('name'), hidden.attr('value')]).toEqual(['hidden', 'siteIds[]', String(site.id)]);
    }
    expect($('[name^="employee["]')).toHaveLength(0);
  });

  it('lists the templates in a `template` select whose options carry only token sets, and the whole token matrix', async () => {
    const $ = (await t.b.get(`/user/permissions/${allRegionsUser().id}`)).$;
    const select = $('select#template');
    expect(select.attr('name')).toBe('template');
    expect(select.find('option').first().attr('value')).toBe('');
    const options = select.find('option[value!=""]');
    expect(options.map((_, o) => [[$(o).attr('value'), $(o).text()]]).get()).toEqual(BO_TEMPLATES.map((tpl) => [String(tpl.id), tpl.name]));
    options.each((_, o) => {
      const option = $(o);
      expect(option.attr('data-manager-override-permissions-set')).toBeUndefined();
      const template = BO_TEMPLATES.find((tpl) => String(tpl.id) === option.attr('value'));
      expect(option.attr('data-permissions-set')).toBe(template?.tokens.join(','));
    });
    expect(BO_TOKENS).toHaveLength(105);
    BO_TOKENS.forEach((token, i) => {
      expect($(`input[type="hidden"][name="perms[${i}][token]"]`).attr('value')).toBe(token);
      const box = $(`input[type="checkbox"][name="perms[${i}][isEnabled]"]`);
      expect([box.attr('value'), box.attr('id'), box.attr('data-sibling')]).toEqual(['1', `perm-${token.replace(/\./g, '-')}`, token]);
      expect(box.is('[data-toggle-sibling-on]')).toBe(true);
    });
    expect($('h4').slice(0, 2).map((_, h) => $(h).text()).get()).toEqual(['Category', 'Commission']);
  });
});

describe('POST /user/permissions/update (protocol §2.7)', () => {
  it("accepts the captured re-post of an all-regions user (template empty): 302 /user, tokens as posted", async () => {
    const user = allRegionsUser();
    const res = await t.b.post('/user/permissions/update', [
      ['userId', String(user.id)],
      ['userIsNew', ''],
      ['isAllRegionsAllowed', 'on'],
      ['isAllDistrictsAllowedByRegion[]', '1'],
      ['isAllDistrictsAllowedByRegion[]', '2'],
      ['isAllSitesAllowedByDistrict[1]', 'on'],
      ['isAllSitesAllowedByDistrict[2]', 'on'],
      ['template', ''],
      ['perms[0][token]', 'category.list'],
      ['perms[0][isEnabled]', '1'],
      ['perms[1][token]', 'category.write'],
    ]);
    expect([res.status, res.location]).toEqual([302, '/user']);
    expect(t.sim.control.users().find((u) => u.id === user.id)).toMatchObject({ siteIds: 'all', tokens: ['category.list'] });
  });

  it('applies exactly the posted boxes: a template id alone enables nothing', async () => {
    const user = allRegionsUser();
    const res = await t.b.post('/user/permissions/update', [['userId', String(user.id)], ['userIsNew', ''], ['isAllRegionsAllowed', 'on'], ['template', '2']]);
    expect(res.location).toBe('/user');
    expect(t.sim.control.users().find((u) => u.id === user.id)).toMatchObject({ tokens: [] });
  });

  it('refuses the captured post with both regions denied: the exact message, the redirect with userIsNew=&actionXfer=, nothing changed', async () => {
    const user = allRegionsUser();
    const res = await t.b.post('/user/permissions/update', [
      ['userId', String(user.id)],
      ['userIsNew', ''],
      ...t.sim.control.sites().reduce<Array<[string, string]>>((acc, s) => (acc.some(([, v]) => v === String(s.regionId)) ? acc : [...acc, ['disabledRegions[]', String(s.regionId)]]), []),
      ['template', '3'],
      ['perms[0][token]', 'category.list'],
      ['perms[0][isEnabled]', '1'],
    ]);
    expect(res.status).toBe(302);
    expect(res.location).toMatch(new RegExp(`^/user/permissions/${user.id}\\?userIsNew=&actionXfer=[A-Za-z0-9]{8}$`));
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors).toEqual([MESSAGES.accessibleSites]);
    expect(MESSAGES.accessibleSites).toBe('Accessible Sites requires no less than 1 valid selection.');
    expect(t.sim.control.users().find((u) => u.id === user.id)).toEqual(user);
  });
});

describe('GET /user (protocol §4.4)', () => {
  it('has the filter form, the sort links and the columns of the real list; statusSearch filters by status', async () => {
    const page = await t.b.get('/user?statusSearch=all&limit=10000');
    const $ = page.$;
    const form = $('form#frm-user-list-search');
    expect([form.attr('method'), form.attr('action')]).toEqual(['get', '/user']);
    for (const name of ['firstNameSearch', 'lastNameSearch', 'userNameSearch', 'emailSearch', 'statusSearch']) expect(form.find(`[name="${name}"]`), name).toHaveLength(1);
    expect(form.find('select[name="statusSearch"] option').map((_, o) => $(o).attr('value')).get()).toEqual(['all', 'active', 'inactive']);
    expect($('a#sort-user-username').attr('href')).toBe('/user?sort_type=username&sort_dir=1&statusSearch=all');
    expect($('a#sort-user-active').attr('href')).toBe('/user?sort_type=active&sort_dir=1&statusSearch=all');
    const users = t.sim.control.users();
    const row = $('table.table-users-list tbody tr').first();
    for (const cls of ['users-col-first-name', 'users-col-last-name', 'users-col-username', 'users-col-phone', 'users-col-email', 'users-col-active', 'customers-col-edit']) {
      expect(row.find(`td.${cls}`), cls).toHaveLength(1);
    }
    expect(row.find('td.users-col-active i.fa-check.text-success')).toHaveLength(1);
    expect(row.find('a[id^="link-edit-permissions-user-"] i.fa-shield')).toHaveLength(1);
    expect($('table.table-users-list tbody tr')).toHaveLength(users.length);
    expect((await t.b.get('/user?statusSearch=inactive')).$('table.table-users-list tbody tr')).toHaveLength(users.filter((u) => !u.active).length);
  });
});
