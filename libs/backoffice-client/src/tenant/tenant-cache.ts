import type { Clock } from '@washops/client-core';
import { NotFoundError } from '@washops/shared-errors';
import type { FormGateway } from '../gateway/form-gateway.js';
import { emailKey, phoneKey } from '../normalize.js';
import { parseEmployeeCreatePage, type CreateFormInfo } from '../pages/employee-create.js';
import { parseEmployeePermissionsPage, type EmployeePermissionsPage } from '../pages/employee-permissions.js';
import { ROSTER_ALL_PATH, parseRoster, type RosterRow } from '../pages/roster.js';
import { parseUserCreatePage } from '../pages/user-create.js';
import { parseUserListPage } from '../pages/user-list.js';
import { parseUserPermissionsPage } from '../pages/user-permissions.js';
import { Cache } from './cache.js';

/** Who holds a POS user id or a phone: enough to name them in a duplicate error. */
export type IndexedEmployee = Pick<RosterRow, 'employeeId' | 'firstName' | 'lastName'>;

/** An employee this client inserted, with the keys the uniqueness checks look up. */
export interface InsertedEmployee extends IndexedEmployee {
  posUserId: number;
  phone: string;
  email: string;
}

/** Everything known about the tenant's employees that uniqueness checks need. */
export interface EmployeeIndex {
  /** The roster as read. */
  rows: RosterRow[];
  /** This client changed the roster since it was read: `rows` are behind, the keys below are not. */
  rowsStale: boolean;
  byPosUserId: Map<number, IndexedEmployee>;
  byPhone: Map<string, IndexedEmployee>;
  /** Lower-cased email → employee id (from the `/user/create` dropdown). */
  emails: Map<string, number>;
}

/** What the client keeps about the tenant between calls: the discovery pages and the employee index. */
export class TenantCache {
  readonly createForm: Cache<CreateFormInfo>;
  readonly posPermissions: Cache<EmployeePermissionsPage>;
  readonly backofficeTemplates: Cache<Array<{ id: number; name: string }>>;
  readonly index: Cache<EmployeeIndex>;
  readonly #forms: FormGateway;

  constructor(
    forms: FormGateway,
    /** How old the index may be for a create's duplicate pre-check. */
    readonly indexMaxAgeMs: number,
    /** What the caches' ages are measured on; further caches of this client take it too. */
    readonly clock: Clock,
  ) {
    this.#forms = forms;
    this.createForm = new Cache(async (signal) => parseEmployeeCreatePage(await forms.getPage('/employee/create', signal)), clock);
    this.index = new Cache((signal) => this.#fetchIndex(signal), clock);
    this.posPermissions = new Cache(async (signal) => {
      const employeeId = await this.#someEmployeeId(signal);
      return parseEmployeePermissionsPage(await forms.getPage(`/employee/permissions/${employeeId}`, signal));
    }, clock);
    this.backofficeTemplates = new Cache(async (signal) => {
      const users = parseUserListPage(await forms.getPage('/user', signal));
      const first = users[0];
      if (!first) throw new NotFoundError('Cannot read the Back Office permission templates: the tenant has no Back Office user yet');
      return parseUserPermissionsPage(await forms.getPage(`/user/permissions/${first.userId}`, signal));
    }, clock);
  }

  /** Drops the employee index after a write. */
  afterWrite(): void {
    this.index.invalidate();
  }

  /** The server answered an insert of ours with the new id: its keys join the index instead of a roster read. */
  afterInsert(employee: InsertedEmployee): void {
    const known: IndexedEmployee = { employeeId: employee.employeeId, firstName: employee.firstName, lastName: employee.lastName };
    this.index.update((index) => {
      index.byPosUserId.set(employee.posUserId, known);
      if (!index.byPhone.has(phoneKey(employee.phone))) index.byPhone.set(phoneKey(employee.phone), known);
      if (!index.emails.has(emailKey(employee.email))) index.emails.set(emailKey(employee.email), employee.employeeId);
      index.rowsStale = true;
    });
  }

  /** A write that changed how an employee shows in the roster (its permission), none of the index's keys. */
  afterRosterChange(): void {
    this.index.update((index) => {
      index.rowsStale = true;
    });
  }

  /** Drops everything (the client is closing). */
  clear(): void {
    for (const cache of [this.createForm, this.posPermissions, this.backofficeTemplates, this.index]) cache.invalidate();
  }

  /** An employee id to read the POS permission page of: from the index when it is at hand, else a one-row roster. */
  async #someEmployeeId(signal: AbortSignal): Promise<number> {
    const known = this.index.peek(signal);
    const rows = known ? (await known).rows : parseRoster(await this.#forms.getPage('/employee?limit=1&active=all', signal));
    const first = rows[0];
    if (!first) throw new NotFoundError('Cannot read the POS permission templates: the tenant has no employee yet');
    return first.employeeId;
  }

  async #fetchIndex(signal: AbortSignal): Promise<EmployeeIndex> {
    const [rosterHtml, userCreateHtml] = await Promise.all([
      this.#forms.getPage(ROSTER_ALL_PATH, signal),
      this.#forms.getPage('/user/create', signal),
    ]);
    const rows = parseRoster(rosterHtml);
    const byPosUserId = new Map<number, IndexedEmployee>();
    const byPhone = new Map<string, IndexedEmployee>();
    for (const row of rows) {
      if (row.posUserId !== null && !byPosUserId.has(row.posUserId)) byPosUserId.set(row.posUserId, row);
      if (row.phoneDigits && !byPhone.has(phoneKey(row.phoneDigits))) byPhone.set(phoneKey(row.phoneDigits), row);
    }
    return { rows, rowsStale: false, byPosUserId, byPhone, emails: parseUserCreatePage(userCreateHtml).emailMap };
  }
}
