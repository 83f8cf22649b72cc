import { BackofficeServerError, DuplicateError, NotFoundError, ValidationError, toWashOpsError, type WashOpsError } from '@washops/shared-errors';
import type { z } from 'zod';
import { parseFlash } from '../pages/flash.js';
import { parseEmployeeCreatePage, type CreateFormInfo } from '../pages/employee-create.js';
import { parseEmployeePermissionsPage, type EmployeePermissionsPage } from '../pages/employee-permissions.js';
import { parseRoster, type RosterRow } from '../pages/roster.js';
import { parseUserCreatePage } from '../pages/user-create.js';
import { parseUserListPage } from '../pages/user-list.js';
import { parseUserPermissionsPage } from '../pages/user-permissions.js';
import { Cache } from './cache.js';
import type { Session } from './session.js';
import type { FormPairs, HttpResult } from './transport.js';

/** Everything known about the tenant's employees that uniqueness checks need. */
export interface EmployeeIndex {
  rows: RosterRow[];
  byPosUserId: Map<number, RosterRow>;
  byPhone: Map<string, RosterRow>;
  /** Lower-cased email → employee id (from the `/user/create` dropdown). */
  emails: Map<string, number>;
}

export const ROSTER_ALL_PATH = '/employee?limit=10000&active=all';

/** The roster filtered to one POS user id, with every status (protocol §3.5). */
export function rosterByPosUserIdPath(posUserId: number): string {
  return `/employee?sort_type=first_name&sort_dir=1&first_name=&last_name=&posUserId=${encodeURIComponent(String(posUserId))}&active=all&limit=10000`;
}

/** Phones compare by digits; a leading US country code is ignored. */
export function phoneKey(digits: string): string {
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The plumbing operations share: the session, page reads, form posts and the caches. */
export class ClientContext {
  readonly createForm: Cache<CreateFormInfo>;
  readonly posPermissions: Cache<EmployeePermissionsPage>;
  readonly backofficeTemplates: Cache<Array<{ id: number; name: string }>>;
  readonly index: Cache<EmployeeIndex>;
  readonly #session: Session;

  constructor(
    session: Session,
    readonly indexMaxAgeMs: number,
  ) {
    this.#session = session;
    this.createForm = new Cache(async () => parseEmployeeCreatePage(await this.getPage('/employee/create')));
    this.index = new Cache(() => this.fetchIndex());
    this.posPermissions = new Cache(async () => {
      const employeeId = await this.someEmployeeId();
      return parseEmployeePermissionsPage(await this.getPage(`/employee/permissions/${employeeId}`));
    });
    this.backofficeTemplates = new Cache(async () => {
      const users = parseUserListPage(await this.getPage('/user'));
      const first = users[0];
      if (!first) throw new NotFoundError('Cannot read the Back Office permission templates: the tenant has no Back Office user yet');
      return parseUserPermissionsPage(await this.getPage(`/user/permissions/${first.userId}`));
    });
  }

  /** GET a page (redirects followed); anything but a 200 is an error. */
  getPage(path: string): Promise<string> {
    return pageBody(path, this.#session.request({ method: 'GET', path }));
  }

  /**
   * POST a form and return the success redirect's Location. A redirect carrying `actionXfer`
   * is the server's rejection: the flash on the page it points to becomes the error. The POST
   * and that read run with no other request of the session in between (see Session.exclusive).
   */
  postForm(path: string, form: FormPairs, success: RegExp): Promise<{ location: string; match: RegExpExecArray }> {
    return this.#session.exclusive(async (request) => {
      const result = await request({ method: 'POST', path, form });
      if (result.status >= 500) {
        throw new BackofficeServerError(`POST ${path} answered HTTP ${result.status}; it may or may not have been processed`, {
          status: result.status,
          details: { path, mayHaveBeenProcessed: true },
        });
      }
      const location = result.location;
      if (location === undefined) {
        const flash = parseFlash(result.body);
        if (flash.errors.length > 0) throw rejection(path, flash.errors);
        throw new BackofficeServerError(`POST ${path} answered HTTP ${result.status} without the expected redirect`, {
          status: result.status,
          details: { path, mayHaveBeenProcessed: true },
        });
      }
      if (/[?&]actionXfer=/.test(location)) {
        const page = await pageBody(location, request({ method: 'GET', path: location })).catch(() => '');
        throw rejection(path, parseFlash(page).errors);
      }
      const match = success.exec(location);
      if (!match) {
        throw new BackofficeServerError(`POST ${path} redirected to an unexpected page: ${location}`, {
          status: result.status,
          details: { path, location, mayHaveBeenProcessed: true },
        });
      }
      return { location, match };
    });
  }

  /** An employee id to read the POS permission page of: from the index when it is at hand, else a one-row roster. */
  private async someEmployeeId(): Promise<number> {
    const known = this.index.peek();
    const rows = known ? (await known).rows : parseRoster(await this.getPage('/employee?limit=1&active=all'));
    const first = rows[0];
    if (!first) throw new NotFoundError('Cannot read the POS permission templates: the tenant has no employee yet');
    return first.employeeId;
  }

  private async fetchIndex(): Promise<EmployeeIndex> {
    const [rosterHtml, userCreateHtml] = await Promise.all([this.getPage(ROSTER_ALL_PATH), this.getPage('/user/create')]);
    const rows = parseRoster(rosterHtml);
    const byPosUserId = new Map<number, RosterRow>();
    const byPhone = new Map<string, RosterRow>();
    for (const row of rows) {
      if (row.posUserId !== null && !byPosUserId.has(row.posUserId)) byPosUserId.set(row.posUserId, row);
      if (row.phoneDigits && !byPhone.has(phoneKey(row.phoneDigits))) byPhone.set(phoneKey(row.phoneDigits), row);
    }
    return { rows, byPosUserId, byPhone, emails: parseUserCreatePage(userCreateHtml).emailMap };
  }

  /** Drops the employee index after a write (and the POS template page, which renders an employee). */
  afterWrite(): void {
    this.index.invalidate();
  }
}

/** The body of a 200 answer; anything else is an error. */
async function pageBody(path: string, answer: Promise<HttpResult>): Promise<string> {
  const result = await answer;
  if (result.status === 200) return result.body;
  if (result.status === 404) throw new NotFoundError(`The BackOffice has no page at ${path} (HTTP 404)`, { status: 404, details: { path } });
  throw new BackofficeServerError(`GET ${path} answered HTTP ${result.status}`, { status: result.status, details: { path } });
}

const DUPLICATE = /already (exists|taken|in use|used)|must be unique|is not unique|duplicate/i;

/** Turns the server's flash messages into the matching error. */
export function rejection(path: string, messages: string[]): WashOpsError {
  const joined = messages.map((m) => m.replace(/\s+/g, ' ').trim()).join(' ');
  const details = { path, messages };
  if (messages.length === 0) return new ValidationError(`The BackOffice rejected POST ${path} without a message`, { details });
  if (/related employee is active/i.test(joined)) {
    return new BackofficeServerError(`The BackOffice rejected the user: ${joined}`, { details });
  }
  if (DUPLICATE.test(joined)) {
    return new DuplicateError(`The BackOffice reports a duplicate: ${joined}`, { details: { ...details, field: duplicateField(messages) } });
  }
  return new ValidationError(`The BackOffice rejected the form: ${joined}`, { details });
}

/** The field a duplicate message is about, judged by the label it starts with (then anywhere in it). */
function duplicateField(messages: string[]): string | undefined {
  const labels: Array<[RegExp, string]> = [
    [/POS (Login|User) ID/i, 'posUserId'],
    [/E-?mail/i, 'email'],
    [/Phone/i, 'phone'],
    [/User ?name/i, 'username'],
  ];
  const duplicates = messages.filter((m) => DUPLICATE.test(m));
  for (const message of duplicates) {
    for (const [label, field] of labels) if (new RegExp(`^\\s*${label.source}`, 'i').test(message)) return field;
  }
  for (const message of duplicates) {
    for (const [label, field] of labels) if (label.test(message)) return field;
  }
  return undefined;
}

/** Validates input with a schema; failures are a ValidationError listing every issue. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw toWashOpsError(result.error);
  return result.data;
}
