import {
  APIError,
  AuthenticationError,
  DateRangeError,
  NotFoundError,
  RateLimitError,
  ValidationError,
  toPublicError,
} from '@washops/shared-errors';
import pino from 'pino';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { VirtualClock } from '@washops/client-core';
import { describe, expect, it, vi } from 'vitest';
import {
  json,
  listItem,
  listPage,
  never,
  pagedList,
  transaction,
  v2Item,
  type FakeHandler,
} from '../test/support/fake-fetch.js';
import { fakeClient, rejectionOf } from '../test/support/fake-client.js';
import { PRODUCTION_BASE_URL, SANDBOX_BASE_URL, TransactionsClient, type TransactionsClientOptions } from './client.js';
import { RateLimiter } from './internal/rate-limiter.js';

const API_KEY = 'k3y-Zx9!never-show-41f2';

/** The fixtures are dated January 2026 and the six-month look-back counts from the client's clock: it stands here. */
const FEB_1 = Date.parse('2026-02-01T00:00:00Z');

/** A client on virtual time, so "today" holds still; a test that waits moves the clock (`runUntil`). */
const setup = (handler: FakeHandler, options: Partial<TransactionsClientOptions> = {}, clock = new VirtualClock(FEB_1)) => ({
  clock,
  ...fakeClient(handler, { apiKey: API_KEY, clock, ...options }),
});

const JAN_15 = 1768435200;
const range = { startDate: '2026-01-15', endDate: '2026-01-16T00:00:00Z' };

describe('requests', () => {
  it('sends the auth headers, Accept and the site code only when set', async () => {
    const { client, fake } = setup(() => json({ data: { sites: [] } }), { siteCode: 'MAIN' });
    await client.listSites();
    const headers = fake.calls[0]?.headers;
    expect(headers?.get('x-sonnys-api-id')).toBe('acme');
    expect(headers?.get('x-sonnys-api-key')).toBe(API_KEY);
    expect(headers?.get('x-sonnys-site-code')).toBe('MAIN');
    expect(headers?.get('accept')).toBe('application/json');

    const bare = setup(() => json({ data: { sites: [] } }));
    await bare.client.listSites();
    expect(bare.fake.calls[0]?.headers.has('x-sonnys-site-code')).toBe(false);
  });

  it('picks the production or sandbox base URL unless one is given', () => {
    expect(new TransactionsClient({ apiId: 'a', apiKey: 'key-1' }).baseUrl).toBe(PRODUCTION_BASE_URL);
    expect(new TransactionsClient({ apiId: 'a', apiKey: 'key-1', environment: 'sandbox' }).baseUrl).toBe(SANDBOX_BASE_URL);
    expect(new TransactionsClient({ apiId: 'a', apiKey: 'key-1', baseUrl: 'http://127.0.0.1:9/v1/' }).baseUrl).toBe('http://127.0.0.1:9/v1');
  });

  it('takes the rate-limit algorithm from the options, as RateLimitConfig allows', () => {
    const sliding = new TransactionsClient({ apiId: 'a', apiKey: 'key-1', rateLimit: { requests: 18, windowMs: 15_000, algorithm: 'sliding-log' } });
    expect(sliding.rateLimiter).toMatchObject({ requests: 18, windowMs: 15_000, algorithm: 'sliding-log' });
    expect(new TransactionsClient({ apiId: 'a', apiKey: 'key-1' }).rateLimiter.algorithm).toBe('fixed-window');
  });

  it('refuses bad options with a ValidationError that does not show the key', () => {
    const pastTimerRange = 2 ** 31; // setTimeout would fire at once
    for (const bad of [
      { apiId: '' },
      { maxRetries: -1 },
      { baseUrl: 'ftp://x' },
      { concurrency: 0 },
      { extra: 1 },
      { timeoutMs: pastTimerRange },
      { rateLimit: { requests: 20, windowMs: pastTimerRange } },
      { backoff: { maxMs: pastTimerRange } },
    ]) {
      const error = (() => {
        try {
          new TransactionsClient({ apiId: 'acme', apiKey: API_KEY, ...bad } as TransactionsClientOptions);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect(error?.message).not.toContain(API_KEY);
    }
  });
});

describe('list pagination', () => {
  it('walks pages 1, 2, 3 with limit 100 and the dates as Unix seconds', async () => {
    const { client, fake } = setup(pagedList(250));
    const items = await client.list({ ...range, site: 'MAIN', region: 'NORTH' });
    expect(items).toHaveLength(250);
    expect(items[249]).toEqual(listItem(250));
    expect(fake.calls.map((c) => c.query)).toEqual(
      [1, 2, 3].map((page) => ({
        startDate: String(JAN_15),
        endDate: String(JAN_15 + 86400),
        site: 'MAIN',
        region: 'NORTH',
        limit: '100',
        offset: String(page),
      })),
    );
    expect(fake.calls.every((c) => c.path === '/transaction' && c.method === 'GET')).toBe(true);
  });

  it('stops once `total` items are in at an exact multiple of 100', async () => {
    const { client, fake } = setup(pagedList(200));
    expect(await client.list(range)).toHaveLength(200);
    expect(fake.calls).toHaveLength(2);
  });

  it('with `total: null`, stops at the first short or empty page', async () => {
    const exact = setup(pagedList(200, listItem, null));
    expect(await exact.client.list(range)).toHaveLength(200);
    expect(exact.fake.calls).toHaveLength(3); // the third page is empty

    const short = setup(pagedList(130, listItem, null));
    expect(await short.client.list(range)).toHaveLength(130);
    expect(short.fake.calls).toHaveLength(2);
  });

  it('returns [] after one request for an empty day', async () => {
    const { client, fake } = setup(() => json({ data: { transactions: [], offset: 0, limit: 100, total: 0 } }));
    expect(await client.list(range)).toEqual([]);
    expect(fake.calls).toHaveLength(1);
  });

  it('streams one page at a time and stops fetching when the consumer stops', async () => {
    const { client, fake } = setup(pagedList(450));
    const seen: number[] = [];
    for await (const item of client.listStream(range)) {
      seen.push(item.transNumber);
      if (seen.length === 150) break;
    }
    expect(seen).toHaveLength(150);
    expect(fake.calls).toHaveLength(2);
  });

  it('listByType uses /transaction/type/{type}; listV2 parses the v2 fields', async () => {
    const { client, fake } = setup((req) =>
      req.path === '/transaction/version-2' ? json(listPage([v2Item(1)], 1)) : json(listPage([listItem(1)], 1)),
    );
    expect(await client.listByType('prepaid-wash', range)).toEqual([listItem(1)]);
    expect(fake.calls[0]?.path).toBe('/transaction/type/prepaid-wash');
    const [row] = await client.listV2(range);
    expect(row).toEqual({ ...listItem(1), customerId: null, isRecurringPlanSale: false, isRecurringPlanRedemption: true, transactionStatus: 'Completed' });
    const streamed = [];
    for await (const item of client.listByTypeStream('wash', range)) streamed.push(item);
    for await (const item of client.listV2Stream(range)) streamed.push(item);
    expect(streamed).toHaveLength(2);
  });
});

describe('validation before any request', () => {
  const cases: Array<[string, (c: TransactionsClient) => unknown, typeof ValidationError]> = [
    ['a range over 31 days', (c) => c.list({ startDate: '2026-01-01', endDate: '2026-02-01T00:00:01Z' }), DateRangeError],
    ['an end before the start', (c) => c.listV2({ startDate: '2026-01-02', endDate: '2026-01-01' }), DateRangeError],
    ['a malformed date', (c) => c.list({ startDate: '06/01/2025' }), ValidationError],
    ['a client-owned param', (c) => c.list({ ...range, limit: 10 } as never), ValidationError],
    ['an unknown type', (c) => c.listByType('car' as never, range), ValidationError],
    ['a malformed transaction id', (c) => c.get('../site/list'), ValidationError],
    ['an empty site', (c) => c.list({ site: ' ' }), ValidationError],
    ['a stream with a bad range', (c) => c.listStream({ startDate: '2026-03-01', endDate: '2026-01-01' }), DateRangeError],
    ['loadJob without a site', (c) => c.loadJob({ startDate: '2026-01-15', endDate: '2026-01-15T23:00:00Z' } as never), ValidationError],
    ['loadJob over 24 hours', (c) => c.loadJob({ startDate: '2026-01-15', endDate: '2026-01-16T00:00:01Z', site: 'MAIN' }), DateRangeError],
    ['loadJob with a region', (c) => c.loadJob({ ...range, site: 'MAIN', region: 'NORTH' } as never), ValidationError],
    ['loadJob with a bad offset', (c) => c.loadJob({ ...range, site: 'MAIN', offset: 0 }), ValidationError],
    ['a start a second past the six-month look-back', (c) => c.list({ startDate: '2025-07-31T23:59:59Z', endDate: '2025-08-02' }), DateRangeError],
    ['an end past the look-back too', (c) => c.listByType('wash', { startDate: '2025-07-01', endDate: '2025-07-02' }), DateRangeError],
    ['loadJob for a day past the look-back', (c) => c.loadJob({ startDate: '2025-07-31', endDate: '2025-07-31T23:00:00Z', site: 'MAIN' }), DateRangeError],
  ];
  it.each(cases)('%s is refused and costs no request', async (_name, call, Class) => {
    const { client, fake } = setup(() => json({}));
    let error: unknown;
    try {
      await call(client);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Class);
    if (Class === ValidationError) expect(error).not.toBeInstanceOf(DateRangeError);
    expect(fake.calls).toHaveLength(0);
    expect(client.rateLimiter.sent).toBe(0);
  });

  it('the first second of the look-back is accepted, and a look-back error names the oldest date served', async () => {
    const { client, fake } = setup(() => json(listPage([], 0)));
    await client.list({ startDate: '2025-08-01', endDate: '2025-08-02' });
    expect(fake.calls).toHaveLength(1);
    await expect(client.list({ startDate: '2025-07-15' })).rejects.toThrow(/at most 6 months back \(from 2025-08-01T00:00:00.000Z\)/);
  });

  it('a range error says what to do', async () => {
    const { client } = setup(() => json({}));
    await expect(client.list({ startDate: '2026-01-01', endDate: '2026-03-01' })).rejects.toThrow(/at most 31 days/);
  });
});

describe('get and listSites', () => {
  it('percent-encodes the id and exposes the tolerant model', async () => {
    const { client, fake } = setup(() => json({ data: transaction('876:1001') }));
    const tx = await client.get('876:1001');
    expect(fake.calls[0]?.url.pathname).toBe('/v1/transaction/876%3A1001');
    expect(tx.customerName).toBeNull();
    expect(tx.customerId).toBeNull();
    expect(tx.employeeGreeter).toBeNull();
    expect(tx.vehicleLicensePlate).toBe('ABC123');
    expect(tx.items[0]?.sku).toBeNull();
    expect(tx.discounts).toEqual([{ discountName: 'Promo', discountSku: null, appliedToItemName: 'Basic Wash', discountAmount: 2, discountCode: '9141' }]);
    expect('discount' in tx).toBe(false);
  });

  it('maps 404 to NotFoundError with the vendor type', async () => {
    const { client, fake } = setup(() => json({ type: 'EntityNotFoundError', message: 'The requested entity was not found' }, 404));
    const error = await rejectionOf(client.get('999:999'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, vendorType: 'EntityNotFoundError' });
    expect(fake.calls).toHaveLength(1);
  });

  it('lists sites with siteID renamed and "" read as null', async () => {
    const { client, fake } = setup(() =>
      json({ data: { sites: [{ siteID: 1, code: 'MAIN', name: 'Main', timezone: 'America/Chicago' }, { siteID: '2', code: '', name: 'E-Comm', timezone: null }] } }),
    );
    expect(await client.listSites()).toEqual([
      { siteId: 1, code: 'MAIN', name: 'Main', timezone: 'America/Chicago' },
      { siteId: 2, code: null, name: 'E-Comm', timezone: null },
    ]);
    expect(fake.calls[0]?.query).toEqual({});
  });

  it('a response that does not fit the model is an APIError naming the field', async () => {
    const { client } = setup(() => json({ data: { transactions: [{ transId: 'x' }], total: 1 } }));
    const error = await rejectionOf(client.list(range));
    expect(error).toBeInstanceOf(APIError);
    expect((error as Error).message).toMatch(/unexpected response to GET \/transaction: data\.transactions\.0/);
  });
});

describe('error mapping', () => {
  const credentialError = { type: 'BadClientCredentialsError', message: 'Invalid credentials' };
  it.each([
    ['flat', credentialError],
    ['wrapped', { error: credentialError }],
  ])('403 in the %s envelope → AuthenticationError, not retried', async (_name, body) => {
    const { client, fake } = setup(() => json(body, 403));
    const error = await rejectionOf(client.listSites());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 403, vendorType: 'BadClientCredentialsError', message: 'BadClientCredentialsError: Invalid credentials (GET /site/list → 403)' });
    expect(fake.calls).toHaveLength(1);
  });

  it('422 → ValidationError with the messages joined; 400 → ValidationError', async () => {
    const { client } = setup((req) =>
      req.path === '/transaction'
        ? json({ error: { type: 'PayloadValidationError', messages: ['site: Only 1 site can be selected.', 'startDate: too old'] } }, 422)
        : json({ type: 'InvalidPayloadRequestTimestampError', message: 'Invalid timestamp' }, 400),
    );
    const error = await rejectionOf(client.list(range));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('site: Only 1 site can be selected.; startDate: too old');
    expect(await rejectionOf(client.listV2(range))).toBeInstanceOf(ValidationError);
  });

  it('5xx is retried with backoff, then APIError keeping the helpdesk code', async () => {
    const { client, fake, clock } = setup(() => json({ type: 'ServerUnexpectedFailure', message: 'Unexpected', code: 'SCEC0001' }, 500));
    const error = await rejectionOf(clock.runUntil(client.listSites()));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 500, vendorType: 'ServerUnexpectedFailure', details: { vendorCode: 'SCEC0001' } });
    expect(fake.calls).toHaveLength(4);
    // The test backoff (5 ms doubling to 20 ms), less up to a quarter of jitter, measured on the client's clock.
    [5, 10, 20].forEach((base, i) => {
      const gap = (fake.calls[i + 1]?.at ?? 0) - (fake.calls[i]?.at ?? 0);
      expect(gap).toBeGreaterThanOrEqual(base * 0.75);
      expect(gap).toBeLessThanOrEqual(base);
    });
  });

  it('another 4xx is an APIError at once', async () => {
    const { client, fake } = setup(() => new Response('nope', { status: 418 }));
    const error = await rejectionOf(client.listSites());
    expect(error).toBeInstanceOf(APIError);
    expect(error).not.toBeInstanceOf(RateLimitError);
    expect(fake.calls).toHaveLength(1);
  });
});

describe('secrets and logging', () => {
  function capture() {
    const lines: string[] = [];
    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    return { lines, logger };
  }

  it('logs nothing by default, not even to the console, through a retry', async () => {
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const spies = methods.map((m) => vi.spyOn(console, m).mockImplementation(() => undefined));
    try {
      const { client, clock } = setup((_r, i) => (i === 0 ? new Response('', { status: 503 }) : json({ data: { sites: [] } })));
      await clock.runUntil(client.listSites());
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('logs structured entries with the key masked, through a real pino logger', async () => {
    const { lines, logger } = capture();
    const { client, clock } = setup((_r, i) => (i === 0 ? new Response('', { status: 503 }) : json({ data: { sites: [] } })), { logger });
    await clock.runUntil(client.listSites());
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries).toContainEqual(expect.objectContaining({ method: 'GET', path: '/site/list', status: 503, attempt: 1, msg: 'Data API response' }));
    expect(entries).toContainEqual(expect.objectContaining({ attempt: 1, status: 503, msg: 'Data API request failed; retrying' }));
    expect(entries).toContainEqual(expect.objectContaining({ attempt: 2, status: 200, durationMs: expect.any(Number) }));
    const sent = entries.find((e) => e.msg === 'Data API request');
    expect(sent.headers).toEqual({ Accept: 'application/json', 'X-Sonnys-API-ID': 'acme', 'X-Sonnys-API-Key': '[REDACTED]' });
    expect(lines.join('\n')).not.toContain(API_KEY);
  });

  it('never shows the key in the details of an error either, even when inspected raw', async () => {
    const echoed = { type: 'PayloadValidationError', messages: [`apiKey ${API_KEY} may not be used here`] };
    const { client } = setup(() => json(echoed, 422));
    const error = (await rejectionOf(client.listSites())) as ValidationError;
    expect(error.details).toMatchObject({ messages: [expect.stringContaining('[REDACTED]')] });
    expect(inspect(error, { depth: Infinity })).not.toContain(API_KEY);
  });

  it('never shows the key when the client itself is serialized or inspected', () => {
    const { client } = setup(() => json({ data: { sites: [] } }));
    expect(JSON.stringify(client)).not.toContain(API_KEY);
    expect(inspect(client, { depth: Infinity, showHidden: true })).not.toContain(API_KEY);
  });

  it('never shows the key in errors, even when the server echoes it', async () => {
    const { lines, logger } = capture();
    const { client } = setup(() => json({ type: 'BadClientCredentialsError', message: `key ${API_KEY} is not valid` }, 403), { logger });
    const error = (await rejectionOf(client.listSites())) as AuthenticationError;
    for (const text of [error.message, JSON.stringify(error), JSON.stringify(toPublicError(error)), String(error.stack), lines.join('')]) {
      expect(text).not.toContain(API_KEY);
    }
    expect(error.message).toContain('[REDACTED]');
  });
});

describe('close', () => {
  it('aborts calls in flight and refuses new ones', async () => {
    const { client } = setup(() => never());
    const inFlight = client.listSites();
    const job = client.loadJob({ ...range, endDate: '2026-01-15T23:59:59Z', site: 'MAIN' });
    await new Promise((r) => setTimeout(r, 10));
    await client.close();
    for (const call of [inFlight, job]) {
      const error = await rejectionOf(call);
      expect(error).toBeInstanceOf(APIError);
      expect((error as Error).message).toMatch(/closed/);
    }
    await expect(client.listSites()).rejects.toThrow(/closed/);
    expect(() => client.listStream(range)).toThrow(/closed/);
    expect(client.closed).toBe(true);
  });

  it('supports `await using`', async () => {
    const { client } = setup(() => json({ data: { sites: [] } }));
    {
      await using scoped = client;
      await scoped.listSites();
    }
    expect(client.closed).toBe(true);
  });

  it('clients can share one limiter', async () => {
    const clock = new VirtualClock(FEB_1);
    const window = 15_000;
    const limiter = new RateLimiter({ requests: 2, windowMs: window }, clock);
    const a = setup(() => json({ data: { sites: [] } }), { rateLimit: limiter }, clock);
    const b = setup(() => json({ data: { sites: [] } }), { rateLimit: limiter }, clock);
    const started = clock.now();
    await clock.runUntil(Promise.all([a.client.listSites(), b.client.listSites(), a.client.listSites()]));
    expect(clock.now() - started).toBeGreaterThanOrEqual(window - 1);
    expect(clock.now() - started).toBe(window); // the third waited exactly one window
    expect(limiter.sent).toBe(3);
  });

  it('a clock that is not a Clock is refused', () => {
    expect(() => setup(() => json({}), { clock: { now: () => 0 } as never })).toThrow(/clock must be a Clock/);
  });
});
