/**
 * Fidelity against the captured real pages (read at run time): field names, ids, classes and attribute names per tag
 * must match, or be listed in KNOWN_DIFFERENCES. What is stripped from rendered captures first: README "Fidelity".
 */
import * as cheerio from 'cheerio';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectShell, type BackofficeSimulator } from '../src/index.js';
import { Browser, createBody, encodeSites, startSim } from './helpers.js';

const PAGES_DIR = fileURLToPath(new URL('../../../../shared/reference/backoffice-pages/', import.meta.url));
const present = existsSync(PAGES_DIR);

type Kind = 'names' | 'ids' | 'classes' | 'attributes';
interface Difference {
  kind: Kind;
  /** Present on the real page only, or on the simulator's only. */
  side: 'real' | 'sim';
  value: string;
  reason: string;
}

/** Every accepted difference, with its reason. Empty lists mean the page matches exactly after normalisation. */
const KNOWN_DIFFERENCES: Record<string, Difference[]> = {
  'login.html': [],
  'employee-list-page1.html': [],
  'employee-create.html': [],
  'employee-edit-active.html': [],
  'employee-edit-after-rejected-update.html': [],
  'employee-permissions-new.html': [],
  'user-create.html': [
    {
      kind: 'attributes',
      side: 'real',
      value: 'select@required',
      reason: 'the page script (userCreateEdit.js) marks the employee select required while "Employee of the Wash" is on; the raw page has no required on it',
    },
  ],
  'user-create-after-rejected-insert.html': [],
};

const fold = (s: string) => s.replace(/\d+/g, '#');

/** Removes what the page scripts added to a rendered capture (see the header comment). */
function removeBrowserMarkup($: cheerio.CheerioAPI): void {
  $('span.select2').remove();
  $('select.select2-enabled, select.select2-hidden-accessible')
    .removeClass('select2-enabled select2-hidden-accessible')
    .removeAttr('tabindex')
    .removeAttr('aria-hidden');
  $('[data-select2-id]').removeAttr('data-select2-id');
  $('[data-original-title]').removeAttr('data-original-title');
  $('input.picker__input').each((_, el) => {
    const input = $(el);
    const picker = input.nextAll('div.picker').first();
    const generated = picker.nextAll('input[type="hidden"][name]').first();
    if (generated.length > 0) {
      input.attr('name', generated.attr('name') ?? '');
      generated.remove();
    }
    picker.remove();
    input.removeClass('picker__input');
    for (const a of ['readonly', 'aria-haspopup', 'aria-expanded', 'aria-readonly', 'aria-owns']) input.removeAttr(a);
  });
  $('div.toggle-group').remove();
  $('div.toggle').each((_, el) => {
    const wrapper = $(el);
    wrapper.replaceWith(wrapper.children());
  });
}

function features(html: string, rendered: boolean): Record<Kind, Set<string>> {
  const $ = cheerio.load(html);
  if (rendered) removeBrowserMarkup($);
  const root = $('#main-column, #main-column-logged-out');
  const out: Record<Kind, Set<string>> = { names: new Set(), ids: new Set(), classes: new Set(), attributes: new Set() };
  root.find('*').each((_, el) => {
    if (el.type !== 'tag') return;
    for (const a of Object.keys(el.attribs)) out.attributes.add(`${el.tagName}@${fold(a)}`);
  });
  root.find('input, select, textarea, button').each((_, el) => {
    const name = $(el).attr('name');
    if (name) out.names.add(fold(name));
  });
  root.find('[id]').each((_, el) => void out.ids.add(fold($(el).attr('id') ?? '')));
  root.find('[class]').each((_, el) => {
    for (const c of ($(el).attr('class') ?? '').split(/\s+/)) if (c) out.classes.add(fold(c));
  });
  return out;
}

function differences(real: Record<Kind, Set<string>>, sim: Record<Kind, Set<string>>): Array<Omit<Difference, 'reason'>> {
  const out: Array<Omit<Difference, 'reason'>> = [];
  for (const kind of ['names', 'ids', 'classes', 'attributes'] as const) {
    for (const value of real[kind]) if (!sim[kind].has(value)) out.push({ kind, side: 'real', value });
    for (const value of sim[kind]) if (!real[kind].has(value)) out.push({ kind, side: 'sim', value });
  }
  return out;
}

describe.skipIf(!present)('fidelity with the captured real pages', () => {
  let sim: BackofficeSimulator;
  const simPages = new Map<string, string>();

  beforeAll(async () => {
    sim = await startSim({ employeeCount: 60 });
    const b = new Browser(sim.url);
    simPages.set('login.html', (await b.get('/login')).text);
    await b.login();
    simPages.set('employee-list-page1.html', (await b.get('/employee')).text);
    simPages.set('employee-create.html', (await b.get('/employee/create')).text);
    // The edit capture is an active employee with sites 17–19 only; a new employee gets the same shape.
    const created = await b.post('/employee/insert', createBody({}, encodeSites(sim.control.sites(), [17, 18, 19])));
    const id = Number(created.location?.split('/').pop());
    simPages.set('employee-permissions-new.html', (await b.get(`/employee/permissions/${id}`)).text);
    await b.get(`/employee/edit/${id}`); // shows (and uses up) the "created successfully" flash
    simPages.set('employee-edit-active.html', (await b.get(`/employee/edit/${id}`)).text);
    const rejected = await b.post('/employee/update', [['employee[id]', String(id)], ['employee[isActive]', '0']]);
    simPages.set('employee-edit-after-rejected-update.html', (await b.get(rejected.location ?? '')).text);
    simPages.set('user-create.html', (await b.get('/user/create')).text);
    const inactive = sim.control.employees().find((e) => !e.isActive);
    const refused = await b.post('/user/insert', [
      ['employee[isOnSiteEmployee]', '1'],
      ['user[employeeId]', String(inactive?.id)],
      ['employee[email]', 'someone@example.invalid'],
      ['user[username]', 'someoneBo'],
      ['user[password]', 'a-password-1'],
      ['user[confirmPassword]', 'a-password-1'],
    ]);
    simPages.set('user-create-after-rejected-insert.html', (await b.get(refused.location ?? '')).text);
  });
  afterAll(() => sim?.close());

  const rendered = new Set(['login.html', 'employee-list-page1.html', 'employee-create.html', 'user-create.html']);

  it.each(Object.keys(KNOWN_DIFFERENCES))('%s: field names, ids, classes and attributes match (or the difference is listed)', (file) => {
    const real = features(readFileSync(PAGES_DIR + file, 'utf8'), rendered.has(file));
    const mine = features(simPages.get(file) ?? '', false);
    expect(real.names.size, 'the capture has named fields').toBeGreaterThan(1);
    const actual = differences(real, mine);
    const listed = (KNOWN_DIFFERENCES[file] ?? []).map(({ kind, side, value }) => ({ kind, side, value }));
    expect(actual).toEqual(listed);
  });

  it.each([
    'employee[firstName]',
    'employee[lastName]',
    'employee[phone]',
    'employee[email]',
    'employee[departments][]',
    'employee[startDate]',
    'employee[isActive]',
    'posCredential[POSLoginID]',
    'posCredential[POSLoginPassword]',
    'employee[emergencyContactName]',
    'employee[emergencyContactPhone]',
    'employee[adpEmployeeId]',
  ])('the edit page field %s has the attributes of the captured one, and a value where it has one', (name) => {
    const shape = (html: string) => {
      const $ = cheerio.load(html);
      const field = $(`form[action="/employee/update"] [name="${name}"]`);
      expect(field.length, `${name} is on the page`).toBe(1);
      const element = field.get(0) as unknown as { tagName: string; attribs: Record<string, string> };
      const selected = field.find('option[selected]').length > 0;
      return { tag: element.tagName, attributes: Object.keys(element.attribs).sort(), selected };
    };
    expect(shape(simPages.get('employee-edit-active.html') ?? '')).toEqual(shape(readFileSync(`${PAGES_DIR}employee-edit-active.html`, 'utf8')));
  });

  it('normalising a rendered capture removes only browser-added markup (the raw edit page is unchanged by it)', () => {
    const raw = readFileSync(`${PAGES_DIR}employee-edit-active.html`, 'utf8');
    const plain = features(raw, false);
    const normalised = features(raw, true);
    expect(differences(plain, normalised)).toEqual([]);
    const renderedCreate = features(readFileSync(`${PAGES_DIR}employee-create.html`, 'utf8'), false);
    expect(renderedCreate.classes.has('select#-container')).toBe(true);
    expect(renderedCreate.classes.has('toggle-group')).toBe(true);
  });
});

describe.skipIf(!present)('redirect shells against the captured ones', () => {
  const shells = present ? readdirSync(PAGES_DIR).filter((name) => name.startsWith('redirect-')) : [];

  it.each(shells)('%s is what the simulator answers for its target, byte for byte', (file) => {
    const captured = readFileSync(PAGES_DIR + file, 'utf8');
    // The title holds the target HTML-escaped (`&amp;` between query arguments): read it as text.
    const target = /^Redirecting to (.*)$/.exec(cheerio.load(captured)('title').text())?.[1] ?? '';
    expect(target).toMatch(/^\//);
    expect(redirectShell(target)).toBe(captured);
  });
});

if (!present) {
  describe('fidelity with the captured real pages', () => {
    it.skip(`skipped: the reference folder ${PAGES_DIR} is absent`, () => {});
  });
}
