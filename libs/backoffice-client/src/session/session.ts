import { safeLog, systemClock, type Clock, type Logger } from '@washops/client-core';
import { AuthenticationError, BackofficeServerError } from '@washops/shared-errors';
import { isLoginPage, isLoginPath } from '../pages/login.js';
import type { HttpResult, RequestSpec, Transport } from '../transport/transport.js';
import { SharedExclusiveLock } from './lock.js';
import { SharedFlight } from './shared-flight.js';

export interface Credentials {
  username: string;
  password: string;
}

type LostSignal = 'redirect-to-login' | 'login-page' | 'forbidden';

/** The longest wait after repeated rejected logins. */
export const MAX_LOGIN_COOLDOWN_MS = 15 * 60_000;

/**
 * A lazily opened session with one shared login, renewed once when lost. Rejected credentials start
 * a cool-down, so a wrong password cannot lock the bot account (README, "Behaviour worth knowing").
 */
export class Session {
  #loggedIn = false;
  #generation = 0;
  #login: SharedFlight<void> | null = null;
  readonly #lock = new SharedExclusiveLock();
  #loginCount = 0;
  readonly #transport: Transport;
  readonly #credentials: Credentials;
  readonly #logger: Logger | undefined;
  readonly #clock: Clock;
  readonly #initialCooldownMs: number;
  #nextCooldownMs: number;
  #refusedUntil = 0;
  #refusal: AuthenticationError | null = null;

  constructor(
    transport: Transport,
    credentials: Credentials,
    options: { logger?: Logger | undefined; loginCooldownMs: number; clock?: Clock | undefined },
  ) {
    this.#transport = transport;
    this.#credentials = credentials;
    this.#logger = options.logger;
    this.#clock = options.clock ?? systemClock;
    this.#initialCooldownMs = options.loginCooldownMs;
    this.#nextCooldownMs = options.loginCooldownMs;
  }

  /** How many logins were attempted (for tests and diagnostics). */
  get loginCount(): number {
    return this.#loginCount;
  }

  /** One request, renewing a lost session; waits while an exclusive section runs. */
  request(spec: RequestSpec): Promise<HttpResult> {
    return this.#lock.shared(() => this.#send(spec), spec.signal);
  }

  /**
   * Runs `work` with no other request of this session in flight: the server shows a form's one-time
   * flash on whatever page of the session renders next, so no other page load may take it.
   */
  exclusive<T>(work: (request: (spec: RequestSpec) => Promise<HttpResult>) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.#lock.exclusive(() => work((spec) => this.#send(spec)), signal);
  }

  async #send(spec: RequestSpec): Promise<HttpResult> {
    const generation = await this.ensure(spec.signal);
    const first = await this.#transport.send(withDefaults(spec));
    const lost = lostSignal(first);
    if (!lost) return first;
    this.invalidate(generation);
    safeLog(this.#logger, 'warn', { method: spec.method, path: spec.path, signal: lost }, 'backoffice session lost');
    if (spec.method === 'POST' && lost !== 'redirect-to-login') {
      throw new AuthenticationError(
        `The BackOffice session was lost during POST ${spec.path} (${lost}); the form may or may not have been processed, so it was not sent again`,
        { status: first.status, details: { method: spec.method, path: spec.path, signal: lost, mayHaveBeenProcessed: true } },
      );
    }
    const renewed = await this.ensure(spec.signal);
    const second = await this.#transport.send(withDefaults(spec));
    const lostAgain = lostSignal(second);
    if (lostAgain) {
      this.invalidate(renewed);
      throw new AuthenticationError(
        `Re-authentication failed: ${spec.method} ${spec.path} still met the login page after signing in again`,
        { status: second.status, details: { method: spec.method, path: spec.path, signal: lostAgain } },
      );
    }
    return second;
  }

  /** Logs in unless a session is open; concurrent callers wait on the same login. */
  async ensure(signal?: AbortSignal): Promise<number> {
    while (!this.#loggedIn) {
      let login = this.#login;
      if (!login || login.abandoned) {
        this.#refuseDuringCooldown();
        const started: SharedFlight<void> = new SharedFlight((loginSignal) =>
          this.#logIn(loginSignal).finally(() => {
            if (this.#login === started) this.#login = null;
          }),
        );
        this.#login = login = started;
      }
      await login.wait(signal);
    }
    return this.#generation;
  }

  #refuseDuringCooldown(): void {
    const waitMs = this.#refusedUntil - this.#clock.now();
    if (waitMs <= 0 || !this.#refusal) return;
    throw new AuthenticationError(
      `${this.#refusal.message}; not signing in again for ${Math.ceil(waitMs / 1000)} s, so a wrong password cannot lock the account. Fix the credentials and create a new client, or wait.`,
      { status: this.#refusal.status, details: { retryAfterMs: waitMs, coolingDown: true } },
    );
  }

  /** Starts (or lengthens) the cool-down after the server rejected the credentials. */
  #rejected(status: number): AuthenticationError {
    const error = new AuthenticationError('Login failed: the BackOffice rejected the credentials', { status });
    this.#refusal = error;
    this.#refusedUntil = this.#clock.now() + this.#nextCooldownMs;
    safeLog(this.#logger, 'warn', { cooldownMs: this.#nextCooldownMs }, 'backoffice login rejected; cooling down');
    this.#nextCooldownMs = Math.min(this.#nextCooldownMs * 2, MAX_LOGIN_COOLDOWN_MS);
    return error;
  }

  #signedIn(): void {
    this.#loggedIn = true;
    this.#refusal = null;
    this.#refusedUntil = 0;
    this.#nextCooldownMs = this.#initialCooldownMs;
    safeLog(this.#logger, 'info', { username: this.#credentials.username, login: this.#loginCount }, 'backoffice signed in');
  }

  /** Marks the session lost, unless another caller already renewed it since `generation`. */
  invalidate(generation: number): void {
    if (generation === this.#generation && this.#loggedIn) {
      this.#loggedIn = false;
      this.#generation++;
    }
  }

  async logout(): Promise<void> {
    if (!this.#loggedIn) return;
    this.#loggedIn = false;
    this.#generation++;
    await this.#transport.send({ method: 'GET', path: '/logout' }).catch(() => undefined);
  }

  async #logIn(signal: AbortSignal): Promise<void> {
    this.#loginCount++;
    await this.#transport.clearCookies();
    const page = await this.#transport.send({ method: 'GET', path: '/login', follow: true, signal });
    if (page.status >= 400) {
      throw new BackofficeServerError(`Unexpected login page response: HTTP ${page.status}`, { status: page.status });
    }
    const answer = await this.#transport.send({
      method: 'POST',
      path: '/login_check',
      form: [
        ['_username', this.#credentials.username],
        ['_password', this.#credentials.password],
      ],
      sensitive: true,
      signal,
    });
    if (answer.location !== undefined) {
      if (isLoginPath(answer.location)) throw this.#rejected(answer.status);
      this.#signedIn();
      return;
    }
    if (isLoginPage(answer.body) || answer.status === 401 || answer.status === 403) throw this.#rejected(answer.status);
    if (answer.status >= 400) {
      throw new BackofficeServerError(`Unexpected login response: HTTP ${answer.status}`, { status: answer.status });
    }
    this.#signedIn();
  }
}

function withDefaults(spec: RequestSpec): RequestSpec {
  return { ...spec, follow: spec.follow ?? spec.method === 'GET', stopAt: isLoginPath };
}

function lostSignal(result: HttpResult): LostSignal | null {
  if (result.location !== undefined && isLoginPath(result.location)) return 'redirect-to-login';
  if (result.status === 401 || result.status === 403) return 'forbidden';
  if (result.status === 200 && isLoginPage(result.body)) return 'login-page';
  return null;
}
