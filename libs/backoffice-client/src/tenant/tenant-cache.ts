import { NotFoundError } from '@washops/shared-errors';
import type { FormGateway } from '../gateway/form-gateway.js';
import { phoneKey } from '../normalize.js';
import { parseEmployeeCreatePage, type CreateFormInfo } from '../pages/employee-create.js';
import { parseEmployeePermissionsPage, type EmployeePermissionsPage } from '../pages/employee-permissions.js';
import { ROSTER_ALL_PATH, parseRoster, type RosterRow } from '../pages/roster.js';
import { parseUserCreatePage } from '../pages/user-create.js';
import { parseUserListPage } from '../pages/user-list.js';
import { parseUserPermissionsPage } from '../pages/user-permissions.js';
import { Cache } from './cache.js';

/** Everything known about the tenant's employees that uniqueness checks need. */
export interface EmployeeIndex {
  rows: RosterRow[];
  byPosUserId: Map<number, RosterRow>;
  byPhone: Map<string, RosterRow>;
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
  ) {
    this.#forms = forms;
    this.createForm = new Cache(async (signal) => parseEmployeeCreatePage(await forms.getPage('/employee/create', signal)));
    this.index = new Cache((signal) => this.#fetchIndex(signal));
    this.posPermissions = new Cache(async (signal) => {
      const employeeId = await this.#someEmployeeId(signal);
      return parseEmployeePermissionsPage(await forms.getPage(`/employee/permissions/${employeeId}`, signal));
    });
    this.backofficeTemplates = new Cache(async (signal) => {
      const users = parseUserListPage(await forms.getPage('/user', signal));
      const first = users[0];
      if (!first) throw new NotFoundError('Cannot read the Back Office permission templates: the tenant has no Back Office user yet');
      return parseUserPermissionsPage(await forms.getPage(`/user/permissions/${first.userId}`, signal));
    });
  }

  /** Drops the employee index after a write. */
  afterWrite(): void {
    this.index.invalidate();
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
    const byPosUserId = new Map<number, RosterRow>();
    const byPhone = new Map<string, RosterRow>();
    for (const row of rows) {
      if (row.posUserId !== null && !byPosUserId.has(row.posUserId)) byPosUserId.set(row.posUserId, row);
      if (row.phoneDigits && !byPhone.has(phoneKey(row.phoneDigits))) byPhone.set(phoneKey(row.phoneDigits), row);
    }
    return { rows, byPosUserId, byPhone, emails: parseUserCreatePage(userCreateHtml).emailMap };
  }
}
