/**
 * A tiny in-memory BackOffice behind an injected `fetch`: enough pages for transport and session
 * tests. Every call is recorded. Routes may be replaced per test.
 */
export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export type FakeHandler = (call: FakeCall, fake: FakeBackoffice) => Response | Promise<Response>;

export const LOGIN_PAGE =
  '<html><body><div class="alerts alerts-server"></div><form id="login-form" action="/login_check" method="POST">' +
  '<input type="text" name="_username"><input type="password" name="_password"></form></body></html>';

export const CREATE_PAGE =
  '<html><body><form id="employee-create-edit-form" action="/employee/insert" method="post">' +
  '<select name="employee[departments][]" multiple><option value="1">Cashier</option><option value="3">Greeter</option></select>' +
  '<input type="checkbox" class="boac-permission-site-option" id="boac-permission-site-7" value="7" name="employee[sites][7][isAvailable]" checked>' +
  '<label for="boac-permission-site-7">Site <strong>(Only Site)</strong></label>' +
  '<input type="hidden" name="employee[sites][7][siteId]" value="7" disabled>' +
  '<select name="wage[siteId]" disabled><option value=""></option><option value="7">ONLY</option></select>' +
  '</form></body></html>';

export function redirect(location: string, setCookie?: string): Response {
  const headers = new Headers({ location, 'content-type': 'text/html; charset=UTF-8' });
  if (setCookie) headers.append('set-cookie', setCookie);
  return new Response(`Redirecting to ${location}`, { status: 302, headers });
}

export function html(body: string, status = 200, setCookie?: string): Response {
  const headers = new Headers({ 'content-type': 'text/html; charset=UTF-8' });
  if (setCookie) headers.append('set-cookie', setCookie);
  return new Response(body, { status, headers });
}

export class FakeBackoffice {
  readonly calls: FakeCall[] = [];
  readonly routes = new Map<string, FakeHandler>();
  /** Session ids the server accepts. */
  readonly sessions = new Set<string>();
  private next = 1;
  password = 'correct-horse-battery';

  constructor() {
    this.routes.set('GET /login', () => {
      const sid = `sid-${this.next++}-abcdef`;
      return html(LOGIN_PAGE, 200, `PHPSESSID=${sid}; path=/; HttpOnly`);
    });
    this.routes.set('POST /login_check', (call) => {
      const form = new URLSearchParams(call.body);
      const sid = this.sessionOf(call);
      if (form.get('_username') === 'bot' && form.get('_password') === this.password && sid) {
        // Rotate the session id on login, as Symfony does: the client must keep the new cookie.
        this.sessions.delete(sid);
        const rotated = `${sid}-auth`;
        this.sessions.add(rotated);
        return redirect('/', `PHPSESSID=${rotated}; path=/; HttpOnly`);
      }
      return redirect('/login');
    });
    this.routes.set('GET /employee/create', () => html(CREATE_PAGE));
  }

  sessionOf(call: FakeCall): string | undefined {
    return /PHPSESSID=([^;]+)/.exec(call.headers['cookie'] ?? '')?.[1];
  }

  expireAll(): void {
    this.sessions.clear();
  }

  count(method: string, path: string): number {
    return this.calls.filter((c) => c.method === method && c.path === path).length;
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const call: FakeCall = { method: init?.method ?? 'GET', path: url.pathname + url.search, headers, body: typeof init?.body === 'string' ? init.body : '' };
    this.calls.push(call);
    const key = `${call.method} ${url.pathname}`;
    const handler = this.routes.get(key);
    const open = key === 'GET /login' || key === 'POST /login_check';
    if (!open) {
      const sid = this.sessionOf(call);
      if (!sid || !this.sessions.has(sid)) return redirect('/login');
    }
    if (!handler) return html('not found', 404);
    return handler(call, this);
  };
}
