import { AuthenticationError, BackofficeServerError } from '@washops/shared-errors';
import { isLoginPage, isLoginPath } from '../pages/login.js';
import { SharedExclusiveLock } from './lock.js';
import type { BackofficeLogger, HttpResult, RequestSpec, Transport } from './transport.js';

export interface Credentials {
  username: string;
  password: string;
}

type LostSignal = 'redirect-to-login' | 'login-page' | 'forbidden';

/** The longest wait after repeated rejected logins. */
export const MAX_LOGIN_COOLDOWN_MS = 15 * 60_000;

/**
 * A lazily opened BackOffice session. Concurrent callers share one login (single flight); a lost
 * session is renewed once and the request repeated once. A POST is repeated only when it was
 * provably not processed: the server answered it with the redirect to /login.
 *
 * After the server rejects the credentials, no login is posted again for a cool-down (doubling
 * per rejection up to 15 minutes, reset by a successful login): every call in the meantime fails
 * fast, so a wrong password cannot turn into a storm of attempts that locks the bot account.
 */
export class Session {
  #loggedIn = false;
  #generation = 0;
  #flight: Promise<void> | null = null;
  readonly #lock = new SharedExclusiveLock();
  #loginCount = 0;
  readonly #transport: Transport;
  readonly #credentials: Credentials;
  readonly #logger: BackofficeLogger | undefined;
  readonly #initialCooldownMs: number;
  #nextCooldownMs: number;
  #refusedUntil = 0;
  #refusal: AuthenticationError | null = null;

  constructor(transport: Transport, credentials: Credentials, options: { logger?: BackofficeLogger | undefined; loginCooldownMs: number }) {
    this.#transport = transport;
    this.#credentials = credentials;
    this.#logger = options.logger;
    this.#initialCooldownMs = options.loginCooldownMs;
    this.#nextCooldownMs = options.loginCooldownMs;
  }

  /** How many logins were attempted (for tests and diagnostics). */
  get loginCount(): number {
    return this.#loginCount;
  }

  /** One request, renewing a lost session as described above; waits while an exclusive section runs. */
  request(spec: RequestSpec): Promise<HttpResult> {
    return this.#lock.shared(() => this.#send(spec));
  }

  /**
   * Runs `work` with no other request of this session in flight. The server keeps one queue of
   * one-time flashes per session and shows it on whatever page renders next: a form POST and the
   * read of its rejection page must not interleave with other page loads, which would take the
   * flash or add theirs to it.
   */
  exclusive<T>(work: (request: (spec: RequestSpec) => Promise<HttpResult>) => Promise<T>): Promise<T> {
    return this.#lock.exclusive(() => work((spec) => this.#send(spec)));
  }

  async #send(spec: RequestSpec): Promise<HttpResult> {
    const generation = await this.ensure();
    const first = await this.#transport.send(withDefaults(spec));
    const lost = lostSignal(first);
    if (!lost) return first;
    this.invalidate(generation);
    this.#logger?.warn({ method: spec.method, path: spec.path, signal: lost }, 'backoffice session lost');
    if (spec.method === 'POST' && lost !== 'redirect-to-login') {
      throw new AuthenticationError(
        `The BackOffice session was lost during POST ${spec.path} (${lost}); the form may or may not have been processed, so it was not sent again`,
        { status: first.status, details: { method: spec.method, path: spec.path, signal: lost, mayHaveBeenProcessed: true } },
      );
    }
    const renewed = await this.ensure();
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
  async ensure(): Promise<number> {
    while (!this.#loggedIn) {
      if (!this.#flight) {
        this.#refuseDuringCooldown();
        this.#flight = this.#login().finally(() => {
          this.#flight = null;
        });
      }
      await this.#flight;
    }
    return this.#generation;
  }

  #refuseDuringCooldown(): void {
    const waitMs = this.#refusedUntil - Date.now();
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
    this.#refusedUntil = Date.now() + this.#nextCooldownMs;
    this.#logger?.warn({ cooldownMs: this.#nextCooldownMs }, 'backoffice login rejected; cooling down');
    this.#nextCooldownMs = Math.min(this.#nextCooldownMs * 2, MAX_LOGIN_COOLDOWN_MS);
    return error;
  }

  #signedIn(): void {
    this.#loggedIn = true;
    this.#refusal = null;
    this.#refusedUntil = 0;
    this.#nextCooldownMs = this.#initialCooldownMs;
    this.#logger?.info({ username: this.#credentials.username, login: this.#loginCount }, 'backoffice signed in');
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

  async #login(): Promise<void> {
    this.#loginCount++;
    await this.#transport.clearCookies();
    const page = await this.#transport.send({ method: 'GET', path: '/login', follow: true });
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
