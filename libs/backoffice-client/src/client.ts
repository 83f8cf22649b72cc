import { ValidationError, registerSecret } from '@washops/shared-errors';
import { z } from 'zod';
import { ClientContext, parseInput } from './internal/context.js';
import { MAX_LOGIN_COOLDOWN_MS, Session } from './internal/session.js';
import { Transport, type BackofficeLogger, type FetchLike } from './internal/transport.js';
import { createBackofficeUser } from './operations/create-backoffice-user.js';
import { createEmployee } from './operations/create-employee.js';
import { disableEmployee } from './operations/disable-employee.js';
import { isEmailAvailable } from './operations/is-email-available.js';
import { isPhoneAvailable } from './operations/is-phone-available.js';
import { isPosUserIdAvailable } from './operations/is-pos-user-id-available.js';
import { listDepartments } from './operations/list-departments.js';
import { listEmployees } from './operations/list-employees.js';
import { listPermissions } from './operations/list-permissions.js';
import { listSites } from './operations/list-sites.js';
import type {
  BackofficeUserCreated,
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
  logger?: BackofficeLogger;
  /**
   * How old the employee index may be for createEmployee's duplicate pre-check (default 30 000 ms).
   * Writes through this client always drop it; `0` refetches it before every create.
   */
  indexMaxAgeMs?: number;
  /** Extra attempts for a GET after a network error or a 5xx (default 1). POSTs are never retried. */
  getRetries?: number;
  /**
   * After the BackOffice rejects the credentials, calls fail fast with AuthenticationError for this
   * long instead of posting the password again (default 60 000 ms; doubles per rejection up to
   * 15 minutes; a successful login resets it). `0` tries every time.
   */
  loginCooldownMs?: number;
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
    logger: z.custom<BackofficeLogger>((value) => typeof value === 'object' && value !== null, 'logger must be an object').optional(),
    indexMaxAgeMs: z.number().int().min(0).default(30_000),
    getRetries: z.number().int().min(0).max(5).default(1),
    loginCooldownMs: z.number().int().min(0).max(MAX_LOGIN_COOLDOWN_MS).default(60_000),
  })
  .strict()
  .refine((o) => o.subdomain !== undefined || o.baseUrl !== undefined, { message: 'give subdomain or baseUrl' });

/**
 * The Area A client: drives the BackOffice's HTML forms as a bot user. One cookie jar, a lazy
 * single-flight login, caches for discovery data and the employee index.
 */
export class BackofficeClient implements AsyncDisposable {
  // Private by the language, not by TypeScript: JSON.stringify and util.inspect show none of it.
  readonly #ctx: ClientContext;
  readonly #session: Session;
  readonly #transport: Transport;
  #closed = false;

  constructor(options: BackofficeClientOptions) {
    if (options && typeof options.password === 'string') registerSecret(options.password);
    const parsed = parseInput(optionsSchema, options);
    const baseUrl = parsed.baseUrl ?? `https://${parsed.subdomain}.sonnyscontrols.com`;
    this.#transport = new Transport({
      baseUrl,
      timeoutMs: parsed.timeoutMs,
      userAgent: parsed.userAgent,
      fetch: parsed.fetch ?? ((input, init) => fetch(input, init)),
      logger: parsed.logger,
      getRetries: parsed.getRetries,
    });
    this.#session = new Session(
      this.#transport,
      { username: parsed.username, password: parsed.password },
      { logger: parsed.logger, loginCooldownMs: parsed.loginCooldownMs },
    );
    this.#ctx = new ClientContext(this.#session, parsed.indexMaxAgeMs);
  }

  /** How many times this client signed in (diagnostics). */
  get loginCount(): number {
    return this.#session.loginCount;
  }

  createEmployee(input: CreateEmployeeInput): Promise<EmployeeCreated> {
    return this.#run(() => createEmployee(this.#ctx, input));
  }

  disableEmployee(input: DisableEmployeeInput): Promise<EmployeeDisabled> {
    return this.#run(() => disableEmployee(this.#ctx, input));
  }

  createBackofficeUser(input: CreateBackofficeUserInput): Promise<BackofficeUserCreated> {
    return this.#run(() => createBackofficeUser(this.#ctx, input));
  }

  listSites(options?: RefreshOptions): Promise<Site[]> {
    return this.#run(() => listSites(this.#ctx, options));
  }

  listDepartments(options?: RefreshOptions): Promise<Department[]> {
    return this.#run(() => listDepartments(this.#ctx, options));
  }

  listPermissions(options?: ListPermissionsOptions): Promise<Permission[]> {
    return this.#run(() => listPermissions(this.#ctx, options));
  }

  listEmployees(options?: ListEmployeesOptions): Promise<EmployeeSummary[]> {
    return this.#run(() => listEmployees(this.#ctx, options));
  }

  isPosUserIdAvailable(posUserId: number, options?: RefreshOptions): Promise<boolean> {
    return this.#run(() => isPosUserIdAvailable(this.#ctx, posUserId, options));
  }

  isEmailAvailable(email: string, options?: RefreshOptions): Promise<boolean> {
    return this.#run(() => isEmailAvailable(this.#ctx, email, options));
  }

  isPhoneAvailable(phone: string, options?: RefreshOptions): Promise<boolean> {
    return this.#run(() => isPhoneAvailable(this.#ctx, phone, options));
  }

  /** Signs out (when signed in), drops the caches and the cookies. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#session.logout();
    this.#ctx.createForm.invalidate();
    this.#ctx.posPermissions.invalidate();
    this.#ctx.backofficeTemplates.invalidate();
    this.#ctx.index.invalidate();
    await this.#transport.clearCookies();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  async #run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.#closed) throw new ValidationError('This BackofficeClient is closed; create a new one');
    return operation();
  }
}
