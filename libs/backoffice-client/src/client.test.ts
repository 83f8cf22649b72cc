import { AuthenticationError, BackofficeServerError, ValidationError } from '@washops/shared-errors';
import { Writable } from 'node:stream';
import { VirtualClock } from '@washops/client-core';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { CREATE_PAGE, FakeBackoffice, LOGIN_PAGE, html, redirect } from '../test/support/fake-backoffice.js';
import { BackofficeClient } from './client.js';

function client(fake: FakeBackoffice, extra: Partial<ConstructorParameters<typeof BackofficeClient>[0]> = {}): BackofficeClient {
  return new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: fake.password, fetch: fake.fetch, ...extra });
}

describe('session', () => {
  it('logs in lazily: nothing is sent before the first operation, then GET /login and POST /login_check', async () => {
    const fake = new FakeBackoffice();
    const bo = client(fake, { userAgent: 'washops-test/1' });
    expect(fake.calls).toHaveLength(0);
    expect(await bo.listDepartments()).toEqual([
      { id: 1, name: 'Cashier' },
      { id: 3, name: 'Greeter' },
    ]);
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /login', 'POST /login_check', 'GET /employee/create']);
    const login = fake.calls[1];
    expect(new URLSearchParams(login?.body).get('_username')).toBe('bot');
    expect(login?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // The cookie rotated on the login redirect was kept and sent.
    expect(fake.calls[2]?.headers['cookie']).toMatch(/^PHPSESSID=sid-1-abcdef-auth$/);
    expect(fake.calls.every((c) => c.headers['user-agent'] === 'washops-test/1')).toBe(true);
  });

  it('shares one login between 50 parallel first calls', async () => {
    const fake = new FakeBackoffice();
    const bo = client(fake);
    await Promise.all(Array.from({ length: 50 }, () => bo.listSites({ refresh: true })));
    expect(fake.count('POST', '/login_check')).toBe(1);
    expect(bo.loginCount).toBe(1);
  });

  it('rejects bad credentials with an AuthenticationError that never shows the password', async () => {
    const fake = new FakeBackoffice();
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'wrong-password-123', fetch: fake.fetch });
    const error = await bo.listSites().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(JSON.stringify(error)).not.toContain('wrong-password-123');
    expect(String((error as Error).message)).not.toContain('wrong-password-123');
  });

  it('treats a 200 page with the login form after /login_check as rejected credentials', async () => {
    const fake = new FakeBackoffice();
    fake.routes.set('POST /login_check', () => html(LOGIN_PAGE));
    await expect(client(fake).listSites()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('renews a lost session once and repeats the GET once', async () => {
    const fake = new FakeBackoffice();
    const bo = client(fake);
    await bo.listSites();
    fake.expireAll();
    await bo.listSites({ refresh: true });
    expect(fake.count('POST', '/login_check')).toBe(2);
    expect(fake.count('GET', '/employee/create')).toBe(3);
  });

  it('recognises a 200 login page and a 403 as a lost session too', async () => {
    for (const lost of [html(LOGIN_PAGE), html('forbidden', 403)]) {
      const fake = new FakeBackoffice();
      let served = 0;
      fake.routes.set('GET /employee/create', () => (served++ === 0 ? lost.clone() : html(CREATE_PAGE)));
      await client(fake).listSites();
      expect(fake.count('POST', '/login_check')).toBe(2);
    }
  });

  it('gives up with AuthenticationError when the renewed session is lost again', async () => {
    const fake = new FakeBackoffice();
    fake.routes.set('GET /employee/create', () => redirect('/login'));
    const error = await client(fake).listSites().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/Re-authentication failed/);
    expect(fake.count('POST', '/login_check')).toBe(2);
  });

  it('repeats a POST only when the redirect to /login proves it was not processed', async () => {
    const fake = new FakeBackoffice();
    let inserts = 0;
    fake.routes.set('GET /user/create', () =>
      html('<form action="/user/insert"><select name="user[employeeId]"><option value="54" data-email="a@b.co">A B</option></select></form>'),
    );
    fake.routes.set('POST /user/insert', () => {
      inserts++;
      return redirect('/user/permissions/3312060?userIsNew=1');
    });
    fake.routes.set('GET /user/permissions/3312060', () =>
      html('<h3 id="page-sub-title">Name: <strong>Ex Ternal</strong>, Username: <strong>ext_user</strong></h3><form action="/user/permissions/update"></form>'),
    );
    const bo = client(fake);
    await bo.listSites();
    fake.expireAll();
    const created = await bo.createBackofficeUser({ username: 'ext_user', email: 'x@y.co', permission: 'Manager', firstName: 'Ex', lastName: 'Ternal', applyTemplate: false });
    expect(created).toMatchObject({ userId: 3312060, mode: 'standalone' });
    expect(inserts).toBe(1);
    expect(fake.count('POST', '/user/insert')).toBe(2); // the first was answered by the redirect to /login

    // A POST answered with a 200 login page may have been processed: it is not sent again.
    const second = new FakeBackoffice();
    second.routes.set('POST /user/insert', () => html(LOGIN_PAGE));
    const error = await client(second)
      .createBackofficeUser({ username: 'ext_user', email: 'x@y.co', permission: 'Manager', firstName: 'Ex', lastName: 'Ternal', applyTemplate: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(second.count('POST', '/user/insert')).toBe(1);
  });
});

describe('createBackofficeUser read-back', () => {
  it('is not a success when the page the insert redirected to is about another user', async () => {
    const fake = new FakeBackoffice();
    fake.routes.set('POST /user/insert', () => redirect('/user/permissions/3312060?userIsNew=1'));
    fake.routes.set('GET /user/permissions/3312060', () =>
      html('<h3 id="page-sub-title">Name: <strong>Alex Sample</strong>, Username: <strong>ASample</strong></h3><form action="/user/permissions/update"></form>'),
    );
    const error = await client(fake)
      .createBackofficeUser({ username: 'ext_user', email: 'x@y.co', permission: 'Manager', firstName: 'Ex', lastName: 'Ternal', applyTemplate: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ userId: 3312060, shownUsername: 'ASample', verified: false });
  });
});

describe('transport', () => {
  it('times out a request after timeoutMs with a BackofficeServerError', async () => {
    const fake = new FakeBackoffice();
    fake.routes.set('GET /employee/create', () => new Promise<Response>(() => undefined));
    const hanging = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
      new URL(String(input)).pathname === '/employee/create'
        ? new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))
        : fake.fetch(input, init);
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: fake.password, fetch: hanging, timeoutMs: 50 });
    const error = await bo.listSites().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/timed out after 50 ms/);
  });

  it('retries a GET once after a 5xx, never a POST', async () => {
    const fake = new FakeBackoffice();
    let failures = 1;
    fake.routes.set('GET /employee/create', () => (failures-- > 0 ? html('boom', 503) : html(CREATE_PAGE)));
    const clock = new VirtualClock(Date.UTC(2026, 4, 1));
    await clock.runUntil(client(fake, { clock }).listSites());
    expect(fake.count('GET', '/employee/create')).toBe(2);

    const posts = new FakeBackoffice();
    posts.routes.set('POST /user/insert', () => html('boom', 500));
    const error = await client(posts)
      .createBackofficeUser({ username: 'ext_user', email: 'x@y.co', permission: 'Manager', firstName: 'Ex', lastName: 'Ternal', applyTemplate: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect(posts.count('POST', '/user/insert')).toBe(1);
  });

  it('waits out the backoff before each GET retry on the injected clock: 25–75 ms, then 50–150 ms of its time, none of real time', async () => {
    const fake = new FakeBackoffice();
    const clock = new VirtualClock(Date.UTC(2026, 4, 1));
    const attemptsAt: number[] = [];
    let failures = 2;
    fake.routes.set('GET /employee/create', () => {
      attemptsAt.push(clock.now());
      return failures-- > 0 ? html('busy', 503) : html(CREATE_PAGE);
    });
    const sites = client(fake, { clock, getRetries: 2 }).listSites();
    await until(() => attemptsAt.length === 1 && clock.pending === 1);
    // Longer than any first backoff of the system clock: only the injected clock may end this one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await clock.advance(24);
    expect(attemptsAt).toHaveLength(1);

    expect(await clock.runUntil(sites)).toHaveLength(1);
    const [first = NaN, second = NaN, third = NaN] = attemptsAt;
    expect(attemptsAt).toHaveLength(3);
    expect(second - first).toBeGreaterThanOrEqual(25);
    expect(second - first).toBeLessThanOrEqual(75);
    expect(third - second).toBeGreaterThanOrEqual(50);
    expect(third - second).toBeLessThanOrEqual(150);
    expect(clock.pending).toBe(0);
  });

  it('logs requests when given a logger, without passwords, cookies or bodies', async () => {
    const fake = new FakeBackoffice();
    const lines: string[] = [];
    const sink = (obj: object, msg?: string): void => void lines.push(JSON.stringify({ obj, msg }));
    await client(fake, { logger: { debug: sink, info: sink, warn: sink, error: sink } }).listSites();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const all = lines.join('\n');
    expect(all).not.toContain(fake.password);
    expect(all).not.toContain('sid-1-abcdef');
    expect(all).toContain('/login_check');
  });
});

describe('logging with pino', () => {
  it('writes request and session lines at debug level, with no password, cookie or body', async () => {
    const fake = new FakeBackoffice();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ level: 'debug' }, stream);
    const bo = client(fake, { logger });
    await bo.listSites();
    fake.expireAll();
    await bo.listSites({ refresh: true });
    const all = lines.join('');
    expect(all).toContain('backoffice signed in');
    expect(all).toContain('backoffice session lost');
    expect(all).toContain('"path":"/employee/create"');
    expect(all).not.toContain(fake.password);
    expect(all).not.toMatch(/sid-\d+-abcdef/);
    expect(all).not.toContain('_password');
  });

  it('is silent without a logger', async () => {
    const fake = new FakeBackoffice();
    const writes: unknown[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: unknown) => writes.push(chunk) > -1) as typeof process.stdout.write;
    try {
      await client(fake).listSites();
    } finally {
      process.stdout.write = original;
    }
    expect(writes).toEqual([]);
  });
});

describe('client surface', () => {
  it('validates every input before any request', async () => {
    const fake = new FakeBackoffice();
    const bo = client(fake);
    await expect(bo.disableEmployee({})).rejects.toBeInstanceOf(ValidationError);
    await expect(bo.disableEmployee({ posUserId: 1, email: 'a@b.co' })).rejects.toBeInstanceOf(ValidationError);
    await expect(bo.isPhoneAvailable('12')).rejects.toBeInstanceOf(ValidationError);
    await expect(bo.isEmailAvailable('nope')).rejects.toBeInstanceOf(ValidationError);
    await expect(bo.createBackofficeUser({ username: '1abc', email: 'a@b.co', permission: 'x', firstName: 'A', lastName: 'B' })).rejects.toBeInstanceOf(ValidationError);
    await expect(
      bo.createBackofficeUser({ username: 'abc', email: 'a@b.co', permission: 'x', firstName: 'A', lastName: 'B', linkToEmployeePosUserId: 5 }),
    ).rejects.toThrow(/not both/);
    await expect(bo.createBackofficeUser({ username: 'abc', email: 'a@b.co', permission: 'x' })).rejects.toBeInstanceOf(ValidationError);
    const base = {
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '(555) 010-9999',
      email: 'ann@example.com',
      posUserId: 4242,
      wageRate: 15,
      startDate: '2026-05-01',
      availableSites: ['Only Site'],
      permission: 'Cashier',
      departments: ['Cashier'],
    };
    for (const bad of [
      { phone: '555-0100' },
      { email: 'ann@example' },
      { posPin: 999 },
      { wageRate: 10.005 },
      { startDate: '2026-02-30' },
      { availableSites: [] },
      { requiresBackoffice: true },
      { unexpected: 1 },
    ]) {
      await expect(bo.createEmployee({ ...base, ...bad } as never)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses to work after close(), and close() is idempotent', async () => {
    const fake = new FakeBackoffice();
    fake.routes.set('GET /logout', () => redirect('/login'));
    const bo = client(fake);
    await bo.listSites();
    await bo.close();
    await bo.close();
    expect(fake.count('GET', '/logout')).toBe(1);
    await expect(bo.listSites()).rejects.toBeInstanceOf(ValidationError);
    {
      await using disposable = client(fake);
      await disposable.listDepartments();
    }
  });

  it('refuses a clock without now() and sleep()', () => {
    expect(() => new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'secret-1', clock: { now: () => 0 } as never })).toThrow(ValidationError);
    expect(() => new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'secret-1', clock: new VirtualClock(0) })).not.toThrow();
  });

  it('needs a subdomain or a baseUrl', () => {
    expect(() => new BackofficeClient({ username: 'bot', password: 'secret-1' })).toThrow(ValidationError);
    expect(() => new BackofficeClient({ subdomain: 'washu', username: 'bot', password: 'secret-1' })).not.toThrow();
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}
