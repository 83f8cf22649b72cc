import * as cheerio from 'cheerio';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clockFrom } from '@washops/clock';
import { MESSAGES, startBackofficeSimulator, type BackofficeSimulator, type BackofficeSimulatorOptions } from '../src/index.js';

export interface Answer {
  status: number;
  location: string | null;
  headers: Headers;
  text: string;
  $: cheerio.CheerioAPI;
}

/**
 * A browser-like test client over real HTTP: one cookie jar (the simulator only sets PHPSESSID, so a map is enough),
 * redirects not followed so each 302 and its Location can be asserted.
 */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookie(): string | undefined {
    return this.cookies.get('PHPSESSID');
  }

  setCookie(value: string): void {
    this.cookies.set('PHPSESSID', value);
  }

  async request(method: 'GET' | 'POST', path: string, body?: Array<[string, string]> | string): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = typeof body === 'string' ? body : new URLSearchParams(body).toString();
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let parsed: cheerio.CheerioAPI | null = null;
    return {
      status: res.status,
      location: res.headers.get('location'),
      headers: res.headers,
      text,
      // Parsed on first use: large rosters are cheaper to check as text.
      get $() {
        parsed ??= cheerio.load(text);
        return parsed;
      },
    };
  }

  get(path: string): Promise<Answer> {
    return this.request('GET', path);
  }

  post(path: string, body: Array<[string, string]> | string): Promise<Answer> {
    return this.request('POST', path, body);
  }

  async login(username = 'bot', password = 'bot-password'): Promise<Answer> {
    await this.get('/login');
    return this.post('/login_check', [
      ['_username', username],
      ['_password', password],
    ]);
  }
}

/**
 * Serializes a form the way a browser submits it: disabled controls, unchecked boxes, buttons and nameless
 * controls are left out; selects send their selected options. Date inputs carry their value in `data-value`.
 */
export function serializeForm($: cheerio.CheerioAPI, formSelector: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  $(formSelector)
    .find('input, select, textarea')
    .each((_, el) => {
      const node = $(el);
      const name = node.attr('name');
      if (!name || node.is('[disabled]')) return;
      const tag = el.tagName.toLowerCase();
      if (tag === 'select') {
        const selected = node.find('option[selected]');
        if (node.is('[multiple]')) selected.each((__, o) => void pairs.push([name, $(o).attr('value') ?? $(o).text()]));
        else {
          const option = selected.length > 0 ? selected.first() : node.find('option').first();
          if (option.length > 0) pairs.push([name, option.attr('value') ?? option.text()]);
        }
        return;
      }
      if (tag === 'textarea') {
        pairs.push([name, node.text()]);
        return;
      }
      const type = (node.attr('type') ?? 'text').toLowerCase();
      if (['submit', 'button', 'reset', 'image', 'file'].includes(type)) return;
      if ((type === 'checkbox' || type === 'radio') && !node.is('[checked]')) return;
      const value = node.attr('value') ?? node.attr('data-value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '');
      pairs.push([name, value]);
    });
  return pairs;
}

/** The tests' "today" (mid-afternoon UTC, 20 November 2026), whatever day they run. */
export const FIXED_NOW = Date.UTC(2026, 10, 20, 21, 30, 0);
/** FIXED_NOW as the forms write dates. */
export const FIXED_TODAY = '11/20/2026';

/** A simulator whose today is FIXED_NOW, running in real time from there unless `options.clock` says otherwise. */
export async function startSim(options: BackofficeSimulatorOptions = {}): Promise<BackofficeSimulator> {
  return startBackofficeSimulator({ employeeCount: 120, clock: clockFrom(FIXED_NOW), ...options });
}

/**
 * The usual test-file setup: one simulator for the file, reset before each test with a browser
 * signed in as the bot. Read `t.sim` and `t.b` inside hooks and tests (each test gets a new `b`).
 */
export function useSignedInSimulator(options: BackofficeSimulatorOptions = {}): { sim: BackofficeSimulator; b: Browser } {
  const t = {} as { sim: BackofficeSimulator; b: Browser };
  beforeAll(async () => {
    t.sim = await startSim(options);
  });
  beforeEach(async () => {
    t.sim.control.reset();
    t.b = new Browser(t.sim.url);
    await t.b.login();
  });
  afterAll(() => t.sim.close());
  return t;
}

/** The eight messages of a form posted with nothing in it, in the order the real server lists them. */
export const EMPTY_FORM_ERRORS = [
  MESSAGES.firstName,
  MESSAGES.lastName,
  MESSAGES.departments,
  MESSAGES.startDate,
  MESSAGES.availableToWork,
  MESSAGES.atLeastOneSite,
  MESSAGES.posLoginId,
  MESSAGES.posLoginPassword,
];

export function flashTexts($: cheerio.CheerioAPI): { errors: string[]; successes: string[] } {
  const read = (sel: string) =>
    $(`.alerts.alerts-server ${sel}`)
      .find('li, p')
      .map((_, el) => $(el).text())
      .get();
  return { errors: read('.alert-danger'), successes: read('.alert-success') };
}

/** A valid create-employee body for the hierarchical demo tenant (sites given as granted ids). */
export function createBody(overrides: Record<string, string> = {}, siteFields?: Array<[string, string]>): Array<[string, string]> {
  const base: Record<string, string> = {
    'employee[firstName]': 'Robin',
    'employee[lastName]': 'Newhire',
    'employee[phone]': '5555550199',
    'employee[email]': 'robin.newhire@example.invalid',
    'employee[startDate]': '05/01/2026',
    'posCredential[POSLoginID]': '99001',
    'posCredential[POSLoginPassword]': '54321',
    'wage[isHourly]': '1',
    'wage[regularRate]': '15.00',
    'wage[overtimeRate]': '22.50',
    'wage[isOvertimeEligible]': '1',
    'wage[siteId]': '1',
    ...overrides,
  };
  const pairs: Array<[string, string]> = Object.entries(base);
  pairs.push(['employee[departments][]', '3']);
  pairs.push(...(siteFields ?? [['employee[isAllRegionsAllowed]', '1']]));
  return pairs;
}

/** The §3.3 encoding of a restricted site list, as the client sends it (denials, then every site exactly once). */
export function encodeSites(
  sites: Array<{ id: number; districtId: number; regionId: number }>,
  granted: number[],
): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const regions = [...new Set(sites.map((s) => s.regionId))];
  const districts = [...new Set(sites.map((s) => s.districtId))];
  for (const r of regions) if (!sites.some((s) => s.regionId === r && granted.includes(s.id))) pairs.push(['employee[disabledRegions][]', String(r)]);
  for (const d of districts) if (!sites.some((s) => s.districtId === d && granted.includes(s.id))) pairs.push(['employee[disabledDistricts][]', String(d)]);
  for (const s of sites) {
    pairs.push(granted.includes(s.id) ? [`employee[sites][${s.id}][siteId]`, String(s.id)] : [`employee[sites][${s.id}][isAvailable]`, String(s.id)]);
  }
  return pairs;
}
