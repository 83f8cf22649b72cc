import { AuthenticationError, BackofficeServerError } from '@washops/shared-errors';
import { isLoginPage, isLoginPath } from '../pages/login.js';
import { SharedExclusiveLock } from './lock.js';
import type { BackofficeLogger, HttpResult, RequestSpec, Transport } from './transport.js';

export interface Credentials {
  username: string;
  password: string;
}

type LostSignal = 'redirect-to-login' | 'login-page' | 'forbidden';

/**
 * A lazily opened BackOffice session. Concurrent callers share one login (single flight); a lost
 * session is renewed once and the request repeated once. A POST is repeated only when it was
 * provably not processed: the server answered it with the redirect to /login.
 */
export class Session {
  private loggedIn = false;
  private generation = 0;
  private flight: Promise<void> | null = null;
  private readonly lock = new SharedExclusiveLock();
  /** How many logins were attempted (for tests and diagnostics). */
  loginCount = 0;

  constructor(
    private readonly transport: Transport,
    private readonly credentials: Credentials,
    private readonly logger?: BackofficeLogger,
  ) {}

  /** One request, renewing a lost session as described above; waits while an exclusive section runs. */
  request(spec: RequestSpec): Promise<HttpResult> {
    return this.lock.shared(() => this.send(spec));
  }

  /**
   * Runs `work` with no other request of this session in flight. The server keeps one queue of
   * one-time flashes per session and shows it on whatever page renders next: a form POST and the
   * read of its rejection page must not interleave with other page loads, which would take the
   * flash or add theirs to it.
   */
  exclusive<T>(work: (request: (spec: RequestSpec) => Promise<HttpResult>) => Promise<T>): Promise<T> {
    return this.lock.exclusive(() => work((spec) => this.send(spec)));
  }

  private async send(spec: RequestSpec): Promise<HttpResult> {
    const generation = await this.ensure();
    const first = await this.transport.send(withDefaults(spec));
    const lost = lostSignal(first);
    if (!lost) return first;
    this.invalidate(generation);
    this.logger?.warn({ method: spec.method, path: spec.path, signal: lost }, 'backoffice session lost');
    if (spec.method === 'POST' && lost !== 'redirect-to-login') {
      throw new AuthenticationError(
        `The BackOffice session was lost during POST ${spec.path} (${lost}); the form may or may not have been processed, so it was not sent again`,
        { status: first.status, details: { method: spec.method, path: spec.path, signal: lost, mayHaveBeenProcessed: true } },
      );
    }
    const renewed = await this.ensure();
    const second = await this.transport.send(withDefaults(spec));
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
    while (!this.loggedIn) {
      if (!this.flight) {
        this.flight = this.login().finally(() => {
          this.flight = null;
        });
      }
      await this.flight;
    }
    return this.generation;
  }

  /** Marks the session lost, unless another caller already renewed it since `generation`. */
  invalidate(generation: number): void {
    if (generation === this.generation && this.loggedIn) {
      this.loggedIn = false;
      this.generation++;
    }
  }

  async logout(): Promise<void> {
    if (!this.loggedIn) return;
    this.loggedIn = false;
    this.generation++;
    await this.transport.send({ method: 'GET', path: '/logout' }).catch(() => undefined);
  }

  private async login(): Promise<void> {
    this.loginCount++;
    await this.transport.clearCookies();
    const page = await this.transport.send({ method: 'GET', path: '/login', follow: true });
    if (page.status >= 400) {
      throw new BackofficeServerError(`Unexpected login page response: HTTP ${page.status}`, { status: page.status });
    }
    const answer = await this.transport.send({
      method: 'POST',
      path: '/login_check',
      form: [
        ['_username', this.credentials.username],
        ['_password', this.credentials.password],
      ],
      sensitive: true,
    });
    if (answer.location !== undefined) {
      if (isLoginPath(answer.location)) {
        throw new AuthenticationError('Login failed: the BackOffice rejected the credentials', { status: answer.status });
      }
      this.loggedIn = true;
      this.logger?.info({ username: this.credentials.username, login: this.loginCount }, 'backoffice signed in');
      return;
    }
    if (isLoginPage(answer.body) || answer.status === 401 || answer.status === 403) {
      throw new AuthenticationError('Login failed: the BackOffice rejected the credentials', { status: answer.status });
    }
    if (answer.status >= 400) {
      throw new BackofficeServerError(`Unexpected login response: HTTP ${answer.status}`, { status: answer.status });
    }
    this.loggedIn = true;
    this.logger?.info({ username: this.credentials.username, login: this.loginCount }, 'backoffice signed in');
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
