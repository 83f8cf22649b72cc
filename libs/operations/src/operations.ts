import {
  backofficeUserKeySchema,
  createBackofficeUserInputSchema,
  createEmployeeInputSchema,
  disableEmployeeInputSchema,
  employeeChangesSchema,
  employeeKeySchema,
  setWageInputSchema,
  templateNameSchema,
  WRITE_PLANS,
  type BackofficeTemplateApplied,
  type BackofficeUserKey,
  type EmployeeChanges,
  type EmployeeKey,
  type EmployeePermissionSet,
  type EmployeeReactivated,
  type EmployeeUpdated,
  type SetWageInput,
  type WageSet,
  type BackofficeUserCreated,
  type CreateBackofficeUserInput,
  type CreateEmployeeInput,
  type DisableEmployeeInput,
  type EmployeeCreated,
  type EmployeeDisabled,
} from '@washops/backoffice-client';
import { parseInput, withoutUndefined } from '@washops/client-core';
import { ValidationError } from '@washops/shared-errors';
import type { AuditTarget, PortalRole, PortalUserRecord, Store, UserChange } from '@washops/store';
import type { Actor } from './actor.js';
import { actorSchema, type AuditOperation } from './audit-rules.js';
import { auditedWrite, type OperationsLogger, type WriteDeps } from './audited-write.js';
import { writerOf, type BackofficeConnection } from './connection.js';
import { recordedInput, type SecretMarker } from './recorded-input.js';
import {
  backofficeTemplateAppliedOutcome,
  backofficeUserCreatedOutcome,
  employeeCreatedOutcome,
  employeeDisabledOutcome,
  employeePermissionSetOutcome,
  employeeReactivatedOutcome,
  employeeUpdatedOutcome,
  portalUserOutcome,
  wageSetOutcome,
  type RecordedOutcome,
} from './summaries.js';

export interface OperationsOptions {
  store: Store;
  /** Needed for the BackOffice writes; the portal users' writes need only the store. */
  backoffice?: BackofficeConnection;
  logger?: OperationsLogger;
}

export interface WriteCallOptions {
  /** Aborts the write: it rejects with the signal's reason; what was done before is recorded. */
  signal?: AbortSignal;
}

/** A new password's hash, and whether it was generated (shown once) rather than chosen. */
export interface PasswordChoice {
  passwordHash: string;
  passwordGenerated: boolean;
}

/** Every write an actor may make, each recorded in the audit log. */
export interface ActorOperations {
  readonly actor: Actor;
  createEmployee(input: CreateEmployeeInput, options?: WriteCallOptions): Promise<EmployeeCreated>;
  disableEmployee(input: DisableEmployeeInput, options?: WriteCallOptions): Promise<EmployeeDisabled>;
  createBackofficeUser(input: CreateBackofficeUserInput, options?: WriteCallOptions): Promise<BackofficeUserCreated>;
  updateEmployee(key: EmployeeKey, changes: EmployeeChanges, options?: WriteCallOptions): Promise<EmployeeUpdated>;
  reactivateEmployee(key: EmployeeKey, options?: WriteCallOptions): Promise<EmployeeReactivated>;
  setWage(key: EmployeeKey, input: SetWageInput, options?: WriteCallOptions): Promise<WageSet>;
  setEmployeePermission(key: EmployeeKey, template: string, options?: WriteCallOptions): Promise<EmployeePermissionSet>;
  applyBackofficeTemplate(key: BackofficeUserKey, template: string, options?: WriteCallOptions): Promise<BackofficeTemplateApplied>;
  addPortalUser(user: { username: string; role: PortalRole } & PasswordChoice): Promise<PortalUserRecord>;
  setPortalUserRole(username: string, role: PortalRole): Promise<UserChange>;
  resetPortalUserPassword(username: string, password: PasswordChoice): Promise<UserChange>;
  disablePortalUser(username: string): Promise<UserChange>;
  enablePortalUser(username: string): Promise<PortalUserRecord>;
  /** The actor's own password (target = actor name). */
  changeOwnPassword(passwordHash: string): Promise<UserChange>;
}

const passwordMarker = (generated: boolean): SecretMarker => (generated ? 'generated' : 'set');

/** The one audited path for every write: the portal, the MCP server and the command line all come through here. */
export class Operations {
  readonly #store: Store;
  readonly #backoffice: BackofficeConnection | undefined;
  readonly #logger: OperationsLogger | undefined;

  constructor(options: OperationsOptions) {
    if (!options?.store) throw new ValidationError('Operations needs a store: every write is recorded in its audit log.');
    this.#store = options.store;
    this.#backoffice = options.backoffice;
    this.#logger = options.logger;
  }

  /** The writes of one actor; refuses an actor without a name (at most 200 characters) or with an unknown channel. */
  as(actor: Actor): ActorOperations {
    const parsed = parseInput(actorSchema, actor, 'actor');
    return actorOperations({ store: this.#store, actor: Object.freeze({ ...parsed }), logger: this.#logger }, this.#backoffice);
  }
}

function actorOperations(deps: WriteDeps, backoffice: BackofficeConnection | undefined): ActorOperations {
  const client = () => {
    const writer = backoffice ? writerOf(backoffice) : undefined;
    if (!writer) {
      throw new ValidationError('No BackOffice connection is configured for these operations: give Operations a `backoffice` made by connectBackoffice.');
    }
    return writer;
  };
  /** The portal's own users: no vendor request, the store's change is the write. */
  const portalUserWrite = <T>(operation: AuditOperation, username: string, input: Record<string, unknown>, run: () => Promise<T>, outcome: (result: T) => RecordedOutcome) =>
    auditedWrite(deps, { operation, target: { portalUsername: username }, input, run, outcome });

  return {
    actor: deps.actor,

    async createEmployee(input, options = {}) {
      const parsed = parseInput(createEmployeeInputSchema, input);
      const writer = client();
      return auditedWrite(deps, {
        operation: 'employee.create',
        plan: WRITE_PLANS.createEmployee(parsed.requiresBackoffice),
        target: withoutUndefined<AuditTarget>({ posUserId: parsed.posUserId, backofficeUsername: parsed.requiresBackoffice ? parsed.backofficeUsername : undefined }),
        input: recordedInput(parsed, parsed.requiresBackoffice ? ['posPin', 'backofficePassword'] : ['posPin']),
        signal: options.signal,
        run: (onStep, onPost) => writer.createEmployee(input, { ...options, onStep, onPost }),
        outcome: employeeCreatedOutcome,
      });
    },

    async disableEmployee(input, options = {}) {
      const parsed = parseInput(disableEmployeeInputSchema, input);
      const writer = client();
      return auditedWrite(deps, {
        operation: 'employee.disable',
        plan: WRITE_PLANS.disableEmployee(),
        target: withoutUndefined<AuditTarget>({ posUserId: parsed.posUserId }),
        input: recordedInput(parsed),
        signal: options.signal,
        run: (onStep, onPost) => writer.disableEmployee(input, { ...options, onStep, onPost }),
        outcome: employeeDisabledOutcome,
      });
    },

    async createBackofficeUser(input, options = {}) {
      const parsed = parseInput(createBackofficeUserInputSchema, input);
      const writer = client();
      return auditedWrite(deps, {
        operation: 'backoffice_user.create',
        plan: WRITE_PLANS.createBackofficeUser(parsed.applyTemplate),
        target: withoutUndefined<AuditTarget>({ backofficeUsername: parsed.username, posUserId: parsed.linkToEmployeePosUserId }),
        input: recordedInput(parsed, ['password']),
        signal: options.signal,
        run: (onStep, onPost) => writer.createBackofficeUser(input, { ...options, onStep, onPost }),
        outcome: backofficeUserCreatedOutcome,
      });
    },

    async updateEmployee(key, changes, options = {}) {
      const parsedKey = parseInput(employeeKeySchema, key, 'key');
      const parsed = parseInput(employeeChangesSchema, changes, 'changes');
      const writer = client();
      return auditedWrite(deps, {
        operation: 'employee.update',
        plan: WRITE_PLANS.updateEmployee(),
        target: { ...parsedKey },
        input: { ...parsedKey, changes: recordedInput(parsed) },
        signal: options.signal,
        run: (onStep, onPost) => writer.updateEmployee(key, changes, { ...options, onStep, onPost }),
        outcome: employeeUpdatedOutcome,
      });
    },

    async reactivateEmployee(key, options = {}) {
      const parsedKey = parseInput(employeeKeySchema, key, 'key');
      const writer = client();
      return auditedWrite(deps, {
        operation: 'employee.reactivate',
        plan: WRITE_PLANS.reactivateEmployee(),
        target: { ...parsedKey },
        input: { ...parsedKey },
        signal: options.signal,
        run: (onStep, onPost) => writer.reactivateEmployee(key, { ...options, onStep, onPost }),
        outcome: employeeReactivatedOutcome,
      });
    },

    async setWage(key, input, options = {}) {
      const parsedKey = parseInput(employeeKeySchema, key, 'key');
      parseInput(setWageInputSchema, input);
      const writer = client();
      return auditedWrite(deps, {
        operation: 'employee.set_wage',
        plan: WRITE_PLANS.setWage(),
        target: { ...parsedKey },
        // The caller's dollars, not the parsed cents or date parts: the event reads as it was asked.
        input: { ...parsedKey, ...recordedInput(input) },
        signal: options.signal,
        run: (onStep, onPost) => writer.setWage(key, input, { ...options, onStep, onPost }),
        outcome: wageSetOutcome,
      });
    },

    async setEmployeePermission(key, template, options = {}) {
      const parsedKey = parseInput(employeeKeySchema, key, 'key');
      const name = parseInput(templateNameSchema, template, 'template');
      const writer = client();
      return auditedWrite(deps, {
        operation: 'employee.set_permission',
        plan: WRITE_PLANS.setEmployeePermission(),
        target: { ...parsedKey },
        input: { ...parsedKey, template: name },
        signal: options.signal,
        run: (onStep, onPost) => writer.setEmployeePermission(key, template, { ...options, onStep, onPost }),
        outcome: employeePermissionSetOutcome,
      });
    },

    async applyBackofficeTemplate(key, template, options = {}) {
      const parsedKey = parseInput(backofficeUserKeySchema, key, 'key');
      const name = parseInput(templateNameSchema, template, 'template');
      const writer = client();
      return auditedWrite(deps, {
        operation: 'backoffice_user.apply_template',
        plan: WRITE_PLANS.applyBackofficeTemplate(),
        target: 'username' in parsedKey ? { backofficeUsername: parsedKey.username } : { backofficeUserId: parsedKey.userId },
        input: { ...parsedKey, template: name },
        signal: options.signal,
        run: (onStep, onPost) => writer.applyBackofficeTemplate(key, template, { ...options, onStep, onPost }),
        outcome: backofficeTemplateAppliedOutcome,
      });
    },

    addPortalUser({ username, role, passwordHash, passwordGenerated }) {
      return portalUserWrite(
        'portal_user.add',
        username,
        { role, password: passwordMarker(passwordGenerated) },
        () => deps.store.users.add({ username, role, passwordHash }),
        (user) => portalUserOutcome(user),
      );
    },

    setPortalUserRole(username, role) {
      return portalUserWrite('portal_user.set_role', username, { role }, () => deps.store.users.setRole(username, role), (change) => portalUserOutcome(change.user, change));
    },

    resetPortalUserPassword(username, { passwordHash, passwordGenerated }) {
      return portalUserWrite(
        'portal_user.reset_password',
        username,
        { password: passwordMarker(passwordGenerated) },
        () => deps.store.users.setPasswordHash(username, passwordHash),
        (change) => portalUserOutcome(change.user, change),
      );
    },

    disablePortalUser(username) {
      return portalUserWrite('portal_user.disable', username, {}, () => deps.store.users.disable(username), (change) => portalUserOutcome(change.user, change));
    },

    enablePortalUser(username) {
      return portalUserWrite('portal_user.enable', username, {}, () => deps.store.users.enable(username), (user) => portalUserOutcome(user));
    },

    changeOwnPassword(passwordHash) {
      const username = deps.actor.name;
      return portalUserWrite(
        'portal_user.change_password',
        username,
        { password: 'set' },
        () => deps.store.users.setPasswordHash(username, passwordHash),
        (change) => portalUserOutcome(change.user, change),
      );
    },
  };
}
