import { load } from 'cheerio';
import { phoneDigits } from '../normalize.js';
import { missingElement } from './page.js';

/**
 * `GET /employee?…`: the roster table, scanned row by row, since a DOM of the tens of megabytes at
 * `limit=10000` is far over the parse budget (README, "Parsing"). Cells are keyed by their class.
 */
export const rosterSelectors = {
  table: 'table.table-employees-list',
  row: 'tbody > tr',
  cell: 'td[class^="employees-col-"]',
  firstName: 'td.employees-col-first-name',
  lastName: 'td.employees-col-last-name',
  sites: 'td.employees-col-sites',
  access: 'td.employees-col-template',
  posUserId: 'td.employees-col-pos-user-id',
  departments: 'td.employees-col-departments li',
  phone: 'td.employees-col-phone',
  wageType: 'td.employees-col-wage-type',
  activeIcon: 'td.employees-col-active i.fa-check',
  employeeLink: 'a[href^="/employee/edit/"], a[href^="/employee/permissions/"], a[href^="/employee/compensation/"]',
} as const;

/** The whole roster, every status. */
export const ROSTER_ALL_PATH = '/employee?limit=10000&active=all';

/** The roster filtered to one POS user id, with every status (protocol §3.5). */
export function rosterByPosUserIdPath(posUserId: number): string {
  return `/employee?sort_type=first_name&sort_dir=1&first_name=&last_name=&posUserId=${encodeURIComponent(String(posUserId))}&active=all&limit=10000`;
}

/**
 * The roster through its own filters (protocol §4.1): name prefixes (case-insensitive, AND-combined) and
 * status, every row on one page.
 */
export function rosterSearchPath(filters: { firstName?: string | undefined; lastName?: string | undefined; active: 'all' | 'active' | 'inactive' }): string {
  const query = new URLSearchParams({
    sort_type: 'first_name',
    sort_dir: '1',
    first_name: filters.firstName ?? '',
    last_name: filters.lastName ?? '',
    active: filters.active,
    limit: '10000',
  });
  return `/employee?${query.toString()}`;
}

export interface RosterRow {
  employeeId: number;
  firstName: string;
  lastName: string;
  /** Short site codes as the roster shows them (`CAROL`, `VILLAP`). */
  siteCodes: string[];
  /** The matching template's name, `Custom` or `None`. */
  access: string;
  posUserId: number | null;
  departments: string[];
  /** As stored, e.g. `(555) 010-0001`. */
  phone: string;
  phoneDigits: string;
  wageType: string;
  active: boolean;
}

const TABLE_OPEN = /<table\b[^>]*\bclass\s*=\s*["'][^"']*\btable-employees-list\b[^"']*["'][^>]*>/i;
const CELL_KEY = /\bclass\s*=\s*["'][^"']*\bemployees-col-([a-z-]+)/i;
const ACTIVE_ICON = /<i\b[^>]*\bclass\s*=\s*["'][^"']*\bfa-check\b/i;
const LIST_ITEM = /<li\b[^>]*>([\s\S]*?)<\/li\s*>/gi;
const EMPLOYEE_LINK = /\/employee\/(?:edit|permissions|compensation)\/(\d+)["'?#]/y;
const TAG = /<[^>]*>/g;

/** Where the roster table's rows are, or a BackofficeServerError naming the missing table. */
function tableBounds(html: string): { start: number; end: number } {
  const open = TABLE_OPEN.exec(html);
  if (!open) throw missingElement('roster', 'table', rosterSelectors.table);
  const start = open.index + open[0].length;
  const close = html.indexOf('</table>', start);
  return { start, end: close < 0 ? html.length : close };
}

/** Calls `visit` with each data row's HTML (a slice of the page, one at a time). */
function eachRow(html: string, visit: (rowHtml: string) => void): void {
  const { start, end } = tableBounds(html);
  const body = html.indexOf('<tbody', start);
  let pos = body >= 0 && body < end ? body : start;
  for (;;) {
    const open = html.indexOf('<tr', pos);
    if (open < 0 || open >= end) return;
    let close = html.indexOf('</tr>', open);
    if (close < 0 || close > end) close = end;
    const rowHtml = html.slice(open, close);
    pos = close + 5;
    if (rowHtml.includes('<td')) visit(rowHtml);
  }
}

export function parseRoster(html: string): RosterRow[] {
  const rows: RosterRow[] = [];
  eachRow(html, (rowHtml) => rows.push(parseRow(rowHtml)));
  return rows;
}

/** Rows whose visible text contains `needle` (case-insensitive): the roster has no email column. */
export function findRosterRowsContaining(html: string, needle: string): RosterRow[] {
  const wanted = needle.trim().toLowerCase();
  const rows: RosterRow[] = [];
  eachRow(html, (rowHtml) => {
    if (textOf(rowHtml).toLowerCase().includes(wanted)) rows.push(parseRow(rowHtml));
  });
  return rows;
}

function parseRow(rowHtml: string): RosterRow {
  // The action cell (`customers-col-edit`) is most of each row: cells are read up to it, links from it.
  const actionsAt = rowHtml.indexOf('customers-col-edit');
  const cellsEnd = actionsAt >= 0 ? actionsAt : rowHtml.length;
  const cells = new Map<string, string>();
  for (let pos = 0; ; ) {
    const open = rowHtml.indexOf('<td', pos);
    if (open < 0 || open >= cellsEnd) break;
    const tagEnd = rowHtml.indexOf('>', open);
    if (tagEnd < 0) break;
    const close = rowHtml.indexOf('</td', tagEnd);
    const contentEnd = close < 0 ? rowHtml.length : close;
    const key = CELL_KEY.exec(rowHtml.slice(open, tagEnd))?.[1];
    if (key && !cells.has(key)) cells.set(key, rowHtml.slice(tagEnd + 1, contentEnd));
    pos = contentEnd;
  }
  const employeeId = employeeIdOf(rowHtml, actionsAt >= 0 ? actionsAt : 0);
  if (employeeId === null) throw missingElement('roster', 'employeeLink', rosterSelectors.employeeLink);
  const cellText = (key: string): string => textOf(cells.get(key) ?? '');
  const phone = cellText('phone');
  const posText = cellText('pos-user-id');
  const departments: string[] = [];
  const departmentsHtml = cells.get('departments') ?? '';
  LIST_ITEM.lastIndex = 0;
  for (let item = LIST_ITEM.exec(departmentsHtml); item; item = LIST_ITEM.exec(departmentsHtml)) {
    const name = textOf(item[1] ?? '');
    if (name) departments.push(name);
  }
  return {
    employeeId,
    firstName: cellText('first-name'),
    lastName: cellText('last-name'),
    siteCodes: cellText('sites')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
    access: cellText('template'),
    posUserId: /^\d+$/.test(posText) ? Number(posText) : null,
    departments,
    phone,
    phoneDigits: phoneDigits(phone),
    wageType: cellText('wage-type'),
    active: ACTIVE_ICON.test(cells.get('active') ?? ''),
  };
}

/** The id in the first `/employee/(edit|permissions|compensation)/<id>` link at or after `from` (else anywhere). */
function employeeIdOf(rowHtml: string, from: number): number | null {
  for (const start of from > 0 ? [from, 0] : [0]) {
    for (let at = rowHtml.indexOf('/employee/', start); at >= 0; at = rowHtml.indexOf('/employee/', at + 10)) {
      EMPLOYEE_LINK.lastIndex = at;
      const match = EMPLOYEE_LINK.exec(rowHtml);
      if (match) return Number(match[1]);
    }
  }
  return null;
}

const BASIC_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Visible text of an HTML snippet, whitespace collapsed and entities decoded. */
function textOf(snippet: string): string {
  const text = snippet.includes('<') ? snippet.replace(TAG, ' ') : snippet;
  return (text.includes('&') ? decodeEntities(text) : text).replace(WHITESPACE, ' ').trim();
}

const WHITESPACE = /\s+/g;

/**
 * Decodes numeric and the common named entities inline (the hot path of a 10 000-row scan);
 * any other named entity is left to cheerio's decoder.
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  let unknown = false;
  const decoded = text.replace(/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const basic = BASIC_ENTITIES[ref.toLowerCase()];
    if (basic === undefined) unknown = true;
    return basic ?? whole;
  });
  return unknown ? load(`<p>${text.replace(/</g, '&lt;')}</p>`)('p').text() : decoded;
}
