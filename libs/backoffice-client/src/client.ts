import { describeError, parseInput, safeLog, systemClock, throwIfAborted, type Clock, type FetchLike, type Logger } from '@washops/client-core';
import { ValidationError, WashOpsError, registerSecret } from '@washops/shared-errors';
import { z } from 'zod';
import { FormGateway } from './gateway/form-gateway.js';
import { OperationContext, type OnPost, type OnStep, type WriteStep } from './operations/context.js';
import { createBackofficeUser } from './operations/create-backoffice-user.js';
import { createEmployee } from './operations/create-employee.js';
import { applyBackofficeTemplate } from './operations/apply-backoffice-template.js';
import { disableEmployee } from './operations/disable-employee.js';
import { findEmployee, findEmployees } from './operations/find-employees.js';
import { getEmployee } from './operations/get-employee.js';
import { isEmailAvailable } from './operations/is-email-available.js';
import { isPhoneAvailable } from './operations/is-phone-available.js';
import { isPosUserIdAvailable } from './operations/is-pos-user-id-available.js';
import { listBackofficeUsers } from './operations/list-backoffice-users.js';
import { listDepartments } from './operations/list-departments.js';
import { listEmployees } from './operations/list-employees.js';
import { listPermissions } from './operations/list-permissions.js';
import { listSites } from './operations/list-sites.js';
import { reactivateEmployee } from './operations/reactivate-employee.js';
import { setEmployeePermission } from './operations/set-employee-permission.js';
import { setWage } from './operations/set-wage.js';
import { updateEmployee } from './operations/update-employee.js';
import type {
  BackofficeTemplateApplied,
  BackofficeUser,
  BackofficeUserCreated,
  BackofficeUserKey,
  Employee,
  EmployeeChanges,
  EmployeeKey,
  EmployeePermissionSet,
  EmployeeReactivated,
  EmployeeUpdated,
  FindEmployeesQuery,
  SetWageInput,
  WageSet,
  CreateBackofficeUserInput,
  CreateEmployeeInput,
  Department,
  DisableEmployeeInput,
  EmployeeCreated,
  EmployeeDisabled,
  EmployeeSummary,
  ListEmployeesOptions,
  ListPermissionsOptions,
  Permission,
  RefreshOptions,
  Site,
} from './schemas.js';
import { MAX_LOGIN_COOLDOWN_MS, Session } from './session/session.js';
import { TenantCache } from './tenant/tenant-cache.js';
import { Transport } from './transport/transport.js';

/** What every call takes besides its input, as the transactions client's calls do. */
export interface RequestOptions {
  /** Aborts the call: it rejects with the signal's reason at once and sends no further request. */
  signal?: AbortSignal;
}

/** What the write methods take: a request's options and a listener for the steps the write has verified. */
export interface WriteOptions extends RequestOptions {
  /**
   * Awaited after each verified step, and once the employee a write targets is resolved (before its
   * first POST); createEmployee calls it right after the insert with the new `employeeId`. One that
   * throws is logged and ignored: the write goes on.
   */
  onStep?: (step: WriteStep) => void | Promise<void>;
  /**
   * Called (not awaited) just before each form POST, with its path: a caller that aborts can tell
   * whether a request that may change the tenant was in flight.
   */
  onPost?: (path: string) => void;
}

export interface BackofficeClientOptions {
  /** The tenant: `https://{subdomain}.sonnyscontrols.com`. Needed unless `baseUrl` is given. */
  subdomain?: string;
  /** The bot user's credentials. The password is masked in every error and log line. */
  username: string;
  password: string;
  /** Per-request timeout (default 30 000 ms). */
  timeoutMs?: number;
  userAgent?: string;
  /** Overrides the tenant URL (a simulator, tests). */
  baseUrl?: string;
  /** An injectable fetch (default: the global one). */
  fetch?: FetchLike;
  /** A pino-compatible logger; off by default. Never receives passwords, cookies or bodies. */
  logger?: Logger;
  /** How old the employee index may be for createEmployee's duplicate pre-check (default 30 000 ms); writes drop it. */
  indexMaxAgeMs?: number;
  /** Extra attempts for a GET after a network error or a 5xx (default 1). POSTs are never retried. */
  getRetries?: number;
  /** After rejected credentials, calls fail fast this long instead of posting the password again (default 60 000 ms, doubling to 15 min). */
  loginCooldownMs?: number;
  /**
   * Where waits and ages read time: the backoff before a GET retry, the sign-in cool-down and the caches' ages
   * (default: `systemClock`). A test gives a `VirtualClock` to run minutes of cool-down at once. `timeoutMs`
   * stays real time: it bounds a request on the wire.
   */
  clock?: Clock;
}

const optionsSchema = z
  .object({
    subdomain: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, 'subdomain must be a DNS label such as "washu"')
      .optional(),
    username: z.string().min(1, 'username is required'),
    password: z.string().min(1, 'password is required'),
    timeoutMs: z.number().int().positive().max(600_000).default(30_000),
    userAgent: z.string().min(1).optional(),
    baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl must be an http(s) URL' }).optional(),
    fetch: z.custom<FetchLike>((value) => typeof value === 'function', 'fetch must be a function').optional(),
    logger: z.custom<Logger>((value) => typeof value === 'object' && value !== null, 'logger must be an object').optional(),
    indexMaxAgeMs: z.number().int().min(0).default(30_000),
    getRetries: z.number().int().min(0).max(5).default(1),
    loginCooldownMs: z.number().int().min(0).max(MAX_LOGIN_COOLDOWN_MS).default(60_000),
    clock: z.custom<Clock>(isClock, 'clock must have now() and sleep(ms, signal)').optional(),
  })
  .strict()
  .refine((o) => o.subdomain !== undefined || o.baseUrl !== undefined, { message: 'give subdomain or baseUrl' });

/**
 * The Area A client: drives the BackOffice's HTML forms as a bot user. One cookie jar, a lazy
 * single-flight login, caches for discovery data and the employee index.
 */
export class BackofficeClient implements AsyncDisposable {
  // Private by the language, not by TypeScript: JSON.stringify and util.inspect show none of it.
  readonly #forms: FormGateway;
  readonly #tenant: TenantCache;
  readonly #session: Session;
  readonly #transport: Transport;
  readonly #logger: Logger | undefined;
  #closed = false;

  constructor(options: BackofficeClientOptions) {
    if (options && typeof options.password === 'string') registerSecret(options.password);
    const parsed = parseInput(optionsSchema, options);
    const baseUrl = parsed.baseUrl ?? `https://${parsed.subdomain}.sonnyscontrols.com`;
    this.#logger = parsed.logger;
    const clock = parsed.clock ?? systemClock;
    this.#transport = new Transport({
      baseUrl,
      timeoutMs: parsed.timeoutMs,
      userAgent: parsed.userAgent,
      fetch: parsed.fetch ?? ((input, init) => fetch(input, init)),
      logger: parsed.logger,
      getRetries: parsed.getRetries,
      clock,
    });
    this.#session = new Session(
      this.#transport,
      { username: parsed.username, password: parsed.password },
      { logger: parsed.logger, loginCooldownMs: parsed.loginCooldownMs, clock },
    );
    this.#forms = new FormGateway(this.#session);
    this.#tenant = new TenantCache(this.#forms, parsed.indexMaxAgeMs, clock);
  }

  /** How many times this client signed in (diagnostics). */
  get loginCount(): number {
    return this.#session.loginCount;
  }

  createEmployee(input: CreateEmployeeInput, options: WriteOptions = {}): Promise<EmployeeCreated> {
    return this.#run('createEmployee', options, (ctx) => createEmployee(ctx, input));
  }

  disableEmployee(input: DisableEmployeeInput, options: WriteOptions = {}): Promise<EmployeeDisabled> {
    return this.#run('disableEmployee', options, (ctx) => disableEmployee(ctx, input));
  }

  createBackofficeUser(input: CreateBackofficeUserInput, options: WriteOptions = {}): Promise<BackofficeUserCreated> {
    return this.#run('createBackofficeUser', options, (ctx) => createBackofficeUser(ctx, input));
  }

  /** Changes the given profile fields by a whole-form round-trip, then reads them back; the rest stays byte-for-byte. */
  updateEmployee(key: EmployeeKey, changes: EmployeeChanges, options: WriteOptions = {}): Promise<EmployeeUpdated> {
    return this.#run('updateEmployee', options, (ctx) => updateEmployee(ctx, key, changes));
  }

  /** The mirror of disableEmployee: posts the edit form with the active box, verified; already active is a no-op with a warning. */
  reactivateEmployee(key: EmployeeKey, options: WriteOptions = {}): Promise<EmployeeReactivated> {
    return this.#run('reactivateEmployee', options, (ctx) => reactivateEmployee(ctx, key));
  }

  /** Adds a compensation record; an effective date the server would silently ignore is refused before any POST. */
  setWage(key: EmployeeKey, input: SetWageInput, options: WriteOptions = {}): Promise<WageSet> {
    return this.#run('setWage', options, (ctx) => setWage(ctx, key, input));
  }

  /** Posts the template's whole POS permission matrix and reads it back. */
  setEmployeePermission(key: EmployeeKey, template: string, options: WriteOptions = {}): Promise<EmployeePermissionSet> {
    return this.#run('setEmployeePermission', options, (ctx) => setEmployeePermission(ctx, key, template));
  }

  /** Gives a Back Office user a template's tokens, keeping its accessible sites; verified. */
  applyBackofficeTemplate(key: BackofficeUserKey, template: string, options: WriteOptions = {}): Promise<BackofficeTemplateApplied> {
    return this.#run('applyBackofficeTemplate', options, (ctx) => applyBackofficeTemplate(ctx, key, template));
  }

  /** Profile, compensation history (newest first) and POS permission: three page reads. */
  getEmployee(key: EmployeeKey, options?: RequestOptions): Promise<Employee> {
    return this.#run('getEmployee', { signal: options?.signal }, (ctx) => getEmployee(ctx, key));
  }

  /** The roster's own filters (name prefixes, active), then phone digits; every match. */
  findEmployees(query: FindEmployeesQuery, options?: RequestOptions): Promise<EmployeeSummary[]> {
    return this.#run('findEmployees', { signal: options?.signal }, (ctx) => findEmployees(ctx, query));
  }

  /** Like findEmployees, for exactly one: `NotFoundError` for none, `AmbiguousMatchError` (with their POS ids) for several. */
  findEmployee(query: FindEmployeesQuery, options?: RequestOptions): Promise<EmployeeSummary> {
    return this.#run('findEmployee', { signal: options?.signal }, (ctx) => findEmployee(ctx, query));
  }

  /** The `/user` list: every Back Office user. */
  listBackofficeUsers(options?: RefreshOptions & RequestOptions): Promise<BackofficeUser[]> {
    const { signal, rest } = splitSignal(options);
    return this.#run('listBackofficeUsers', { signal }, (ctx) => listBackofficeUsers(ctx, rest));
  }

  listSites(options?: RefreshOptions & RequestOptions): Promise<Site[]> {
    const { signal, rest } = splitSignal(options);
    return this.#run('listSites', { signal }, (ctx) => listSites(ctx, rest));
  }

  listDepartments(options?: RefreshOptions & RequestOptions): Promise<Department[]> {
    const { signal, rest } = splitSignal(options);
    return this.#run('listDepartments', { signal }, (ctx) => listDepartments(ctx, rest));
  }

  listPermissions(options?: ListPermissionsOptions & RequestOptions): Promise<Permission[]> {
    const { signal, rest } = splitSignal(options);
    return this.#run('listPermissions', { signal }, (ctx) => listPermissions(ctx, rest));
  }

  listEmployees(options?: ListEmployeesOptions & RequestOptions): Promise<EmployeeSummary[]> {
    const { signal, rest } = splitSignal(options);
    return this.#run('listEmployees', { signal }, (ctx) => listEmployees(ctx, rest));
  }

  isPosUserIdAvailable(posUserId: number, options?: RefreshOptions & RequestOptions): Promise<boolean> {
    const { signal, rest } = splitSignal(options);
    return this.#run('isPosUserIdAvailable', { signal }, (ctx) => isPosUserIdAvailable(ctx, posUserId, rest));
  }

  isEmailAvailable(email: string, options?: RefreshOptions & RequestOptions): Promise<boolean> {
    const { signal, rest } = splitSignal(options);
    return this.#run('isEmailAvailable', { signal }, (ctx) => isEmailAvailable(ctx, email, rest));
  }

  isPhoneAvailable(phone: string, options?: RefreshOptions & RequestOptions): Promise<boolean> {
    const { signal, rest } = splitSignal(options);
    return this.#run('isPhoneAvailable', { signal }, (ctx) => isPhoneAvailable(ctx, phone, rest));
  }

  /** Signs out (when signed in), drops the caches and the cookies. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#session.logout();
    this.#tenant.clear();
    await this.#transport.clearCookies();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  async #run<T>(name: string, options: WriteOptions, operation: (ctx: OperationContext) => Promise<T>): Promise<T> {
    if (this.#closed) throw new ValidationError('This BackofficeClient is closed; create a new one');
    const { signal, onStep, onPost } = parseInput(requestOptionsSchema, options ?? {}, 'options');
    throwIfAborted(signal);
    try {
      return await operation(new OperationContext(this.#forms, this.#tenant, signal, { onStep, onPost, logger: this.#logger }));
    } catch (error) {
      if (!signal?.aborted) throw error;
      // The caller gets its own reason; what was done before the abort still reaches the log.
      if (error instanceof WashOpsError && error !== signal.reason) {
        safeLog(this.#logger, 'warn', { operation: name, error: describeError(error), details: error.details }, 'backoffice call aborted');
      }
      throw signal.reason;
    }
  }
}

const requestOptionsSchema = z.object({
  signal: z.instanceof(AbortSignal, { error: 'signal must be an AbortSignal' }).optional(),
  onStep: z.custom<OnStep>((value) => typeof value === 'function', 'onStep must be a function').optional(),
  onPost: z.custom<OnPost>((value) => typeof value === 'function', 'onPost must be a function').optional(),
});

function isClock(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Clock).now === 'function' && typeof (value as Clock).sleep === 'function';
}

/** Takes the signal out of an options object, so the rest meets its strict schema as before. */
function splitSignal<T>(options: (T & RequestOptions) | undefined): { signal: AbortSignal | undefined; rest: T | undefined } {
  if (typeof options !== 'object' || options === null || !('signal' in options)) return { signal: undefined, rest: options };
  const { signal, ...rest } = options;
  return { signal, rest: rest as T };
}
