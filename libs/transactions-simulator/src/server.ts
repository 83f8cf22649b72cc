/**
 * The HTTP server: routing, the order of checks, faults, latency and the response envelopes.
 *
 * Order of checks for every request (documented in the README):
 *   1. route (unknown path or method → 404 EntityNotFoundError, not counted);
 *   2. credentials (403 Missing/Bad/Mismatch/NotAuthorized; not counted: no valid API id to count against);
 *   3. throttle (every authenticated request counts, whatever it answers next; the 21st in a window → 429);
 *   4. injected faults;
 *   5. site-code header (403 BadSite/NotAuthorizedSiteCredentials), `site`/`region` arguments (404, 403 args);
 *   6. parameter validation (400 timestamp, 422 PayloadValidationError), then the endpoint itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { apiIdOf, authenticate, scope, type Caller } from './auth.js';
import { REGIONS, SITES, TYPE_BIT, type ChainSite } from './chain.js';
import { DataStore } from './data-store.js';
import {
  DataApiError,
  ERROR_MESSAGES,
  errorBody,
  jobItem,
  listItem,
  listItemV2,
  resolveRealism,
  transactionObject,
} from './envelopes.js';
import { FaultRegistry, JOB_FAULTS } from './faults.js';
import { FixedWindowCounter } from './fixed-window.js';
import { JOB_TTL_MS, JobRegistry, type Job } from './jobs.js';
import { LruCache } from './lru.js';
import { hashString } from './prng.js';
import { RequestLog } from './request-log.js';
import type {
  ErrorEnvelope,
  RealismFlags,
  RequestLogEntry,
  SimulatorCredential,
  TransactionsEndpoint,
  TransactionsFault,
  TransactionsSimulator,
  TransactionsSimulatorOptions,
} from './types.js';
import {
  notFound,
  parseItemType,
  parseJobCriteria,
  parseListCriteria,
  parseTransId,
  selectSites,
  sixMonthsBefore,
  VALIDATION_RULES,
} from './validation.js';

/** The contract's throttle: 20 requests per 15-second fixed window per API id (§1 "Throttling"). */
export const RATE_LIMIT = 20;
export const RATE_WINDOW_MS = 15_000;
/** `/transaction/version-2` caches each response for 10 minutes per criteria (§1 "Server-side caching"). */
export const V2_CACHE_TTL_MS = 10 * 60_000;
export const DEFAULT_JOB_DURATION_MS = 2000;
export const DEFAULT_SLOW_DELAY_MS = 5000;
export const DEFAULT_NULL_TOTALS_SHARE = 0.25;
const DEFAULT_CREDENTIALS: SimulatorCredential[] = [{ apiId: 'demo', apiKey: 'demo-key' }];

type Endpoint = Exclude<TransactionsEndpoint, '*'>;

interface Route {
  endpoint: Endpoint;
  params: Record<string, string>;
}

function route(method: string, pathname: string): Route | undefined {
  if (!pathname.startsWith('/v1/')) return undefined;
  const path = pathname.slice(3).replace(/\/+$/, '');
  const isGet = method === 'GET' || method === 'HEAD';
  if (path === '/site/list') return isGet ? { endpoint: 'siteList', params: {} } : undefined;
  if (path === '/transaction') return isGet ? { endpoint: 'list', params: {} } : undefined;
  if (path === '/transaction/version-2') return isGet ? { endpoint: 'listV2', params: {} } : undefined;
  // The spec says POST; its own sample uses GET (contract §9.10). Both are accepted.
  if (path === '/transaction/load-job') return isGet || method === 'POST' ? { endpoint: 'loadJob', params: {} } : undefined;
  if (path === '/transaction/get-job-data') return isGet ? { endpoint: 'getJobData', params: {} } : undefined;
  const typed = /^\/transaction\/type\/([^/]+)$/.exec(path);
  if (typed) return isGet ? { endpoint: 'listByType', params: { item_type: decode(typed[1] as string) } } : undefined;
  const byId = /^\/transaction\/([^/]+)$/.exec(path);
  if (byId) return isGet ? { endpoint: 'get', params: { trans_id: decode(byId[1] as string) } } : undefined;
  return undefined;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

function json(status: number, value: unknown): Reply {
  return { status, body: JSON.stringify(value) };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTransactionsSimulator(options: TransactionsSimulatorOptions = {}): Promise<TransactionsSimulator> {
  const seed = options.seed ?? 'demo';
  const credentials = (options.credentials ?? DEFAULT_CREDENTIALS).map((c) => ({ ...c }));
  if (credentials.length === 0) throw new TypeError('credentials must not be empty');
  for (const c of credentials) {
    if (!c.apiId || !c.apiKey) throw new TypeError('every credential needs an apiId and an apiKey');
    for (const code of c.siteCodes ?? []) {
      if (!SITES.some((s) => s.code.toLowerCase() === code.toLowerCase())) throw new TypeError(`Unknown site code: ${code}`);
    }
  }
  const environment = options.environment ?? 'production';
  const now = options.now ?? Date.now;
  let timeScale = positive(options.timeScale ?? 1, 'timeScale');
  let latencyMs = nonNegative(options.latencyMs ?? 0, 'latencyMs');
  let jobDurationMs = nonNegative(options.jobDurationMs ?? DEFAULT_JOB_DURATION_MS, 'jobDurationMs');
  let realism: RealismFlags = resolveRealism(options.realism);
  let envelope: ErrorEnvelope = options.errorEnvelope ?? 'flat';
  const nullTotalsShare = options.nullTotalsShare ?? DEFAULT_NULL_TOTALS_SHARE;
  if (!(nullTotalsShare >= 0 && nullTotalsShare <= 1)) throw new TypeError('nullTotalsShare must be between 0 and 1');
  if (environment !== 'production' && environment !== 'sandbox') throw new TypeError(`Unknown environment: ${String(environment)}`);
  if (options.errorEnvelope !== undefined && options.errorEnvelope !== 'flat' && options.errorEnvelope !== 'wrapped') {
    throw new TypeError(`Unknown error envelope: ${String(options.errorEnvelope)}`);
  }

  const store = new DataStore(seed);
  const log = new RequestLog();
  const faults = new FaultRegistry(seed);
  const throttle = new FixedWindowCounter(RATE_LIMIT, () => RATE_WINDOW_MS * timeScale, now);
  const jobs = new JobRegistry(seed, now, () => JOB_TTL_MS * timeScale, () => jobDurationMs * timeScale);
  const v2Cache = new LruCache<string, { body: string; expiresAt: number }>(500);

  const handlers: Record<Endpoint, (req: Ctx) => Reply> = {
    siteList: ({ caller }) =>
      json(200, {
        data: {
          sites: caller.visible.map((s) => ({ siteID: s.siteId, code: s.code, name: s.name, timezone: s.timezone })),
        },
      }),

    list: (ctx) => listResponse(ctx, undefined, false),

    listByType: (ctx) => listResponse(ctx, TYPE_BIT[parseItemType(ctx.params['item_type'] ?? '')], false),

    listV2: (ctx) => {
      const key = `${ctx.caller.credential.apiId}|${ctx.caller.headerSite?.code ?? ''}|${canonicalQuery(ctx.query)}`;
      const cached = v2Cache.get(key);
      if (cached && now() < cached.expiresAt) return { status: 200, body: cached.body };
      const reply = listResponse(ctx, undefined, true);
      v2Cache.set(key, { body: reply.body, expiresAt: now() + V2_CACHE_TTL_MS * timeScale });
      return reply;
    },

    get: ({ caller, params }) => {
      const transId = parseTransId(params['trans_id'] ?? '');
      // Only what has happened, within the six months the API serves.
      const row = store.find(transId, { fromMs: sixMonthsBefore(now()), toMs: now() });
      if (!row || !caller.visible.includes(row.site)) throw notFound('transactionNotFound');
      return json(200, { data: transactionObject(store.detail(row), realism) });
    },

    loadJob: ({ caller, query }) => {
      const sites = selectSites(query, caller.visible, false);
      const criteria = parseJobCriteria(query, now(), sites.length !== 1);
      const site = sites[0] as ChainSite;
      const { job } = jobs.submit(
        caller.credential.apiId,
        { site, startMs: criteria.startMs, endMs: criteria.endMs, page: criteria.offset, limit: criteria.limit },
        () => {
          const fault = faults.take('loadJob', (k) => JOB_FAULTS.includes(k));
          return { fails: fault?.kind === 'jobFail', neverFinishes: fault?.kind === 'jobNeverFinishes' };
        },
      );
      return json(200, { data: { hash: job.hash } });
    },

    getJobData: ({ caller, query }) => {
      const hash = query['hash'];
      if (hash === undefined || hash.trim() === '') throw DataApiError.validation([VALIDATION_RULES.hashMissing.message]);
      const job = jobs.find(caller.credential.apiId, hash.trim());
      if (!job) throw notFound('jobNotFound');
      const state = jobs.state(job);
      if (state !== 'pass') return json(200, { data: { hash: job.hash, status: state, data: [] } });
      return json(200, { data: jobResult(job) });
    },
  };

  interface Ctx {
    caller: Caller;
    query: Record<string, string>;
    params: Record<string, string>;
    endpoint: Endpoint;
  }

  function listResponse(ctx: Ctx, typeBit: number | undefined, v2: boolean): Reply {
    const sites = selectSites(ctx.query, ctx.caller.visible, true);
    const criteria = parseListCriteria(ctx.query, now());
    const q = { sites, startMs: criteria.startMs, endMs: criteria.endMs, typeBit };
    const rows = store.page(q, criteria.offset, criteria.limit);
    const total = store.count(q);
    const shareKey = `${seed}|${ctx.endpoint}|${typeBit ?? ''}|${sites.map((s) => s.code).join(',')}|${criteria.startMs}|${criteria.endMs}`;
    const nullTotal = realism.nullTotals && (hashString(shareKey) % 1000) / 1000 < nullTotalsShare;
    return json(200, {
      data: {
        transactions: rows.map((r) => (v2 ? listItemV2(store.listRow(r), realism) : listItem(store.listRow(r), realism))),
        offset: criteria.offset,
        limit: criteria.limit,
        total: nullTotal ? null : total,
      },
    });
  }

  function jobResult(job: Job): Record<string, unknown> {
    const { site, startMs, endMs, page, limit } = job.criteria;
    const q = { sites: [site], startMs, endMs };
    const total = store.count(q);
    if (total === 0 && realism.nullJobPaging) {
      return { hash: job.hash, status: 'pass', data: [], offset: null, limit: null, total: null };
    }
    const rows = store.page(q, page, limit);
    return {
      hash: job.hash,
      status: 'pass',
      data: rows.map((r) => jobItem(store.detail(r), realism)),
      offset: page,
      limit,
      total,
    };
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'ServerUnexpectedFailure', message: ERROR_MESSAGES.ServerUnexpectedFailure, code: 'SCEC0002' }));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.local');
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v;
    const apiId = apiIdOf(req.headers);
    const entry: RequestLogEntry = log.add({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      status: 0,
      ...(apiId !== undefined ? { apiId } : {}),
      at: now(),
    });
    // Bodies are ignored (the API takes query parameters only), but drained so keep-alive works.
    req.resume();

    let reply: Reply;
    let corrupt = false;
    try {
      const matched = route(req.method ?? 'GET', url.pathname);
      if (!matched) throw notFound('unknownRoute');
      entry.endpoint = matched.endpoint;
      const credential = authenticate(req.headers, credentials, environment);
      const window = throttle.hit(credential.apiId);
      if (!window.allowed) throw new DataApiError('RequestRateExceedError', ERROR_MESSAGES.RequestRateExceedError);

      const fault = faults.take(matched.endpoint, (k) => !JOB_FAULTS.includes(k));
      if (fault) {
        entry.fault = fault.kind;
        const early = await applyFault(fault, res, entry);
        if (early === 'dropped') return;
        if (early) {
          await respond(res, entry, early);
          return;
        }
        if (fault.kind === 'malformedJson') corrupt = true;
      }

      const caller = scope(req.headers, credential, environment);
      reply = handlers[matched.endpoint]({ caller, query, params: matched.params, endpoint: matched.endpoint });
    } catch (error) {
      // Anything unforeseen is the API's own 500, so a client sees a typed failure, never a hung request.
      const apiError =
        error instanceof DataApiError
          ? error
          : new DataApiError('ServerUnexpectedFailure', ERROR_MESSAGES.ServerUnexpectedFailure, undefined, 'SCEC0002');
      reply = json(apiError.status, errorBody(apiError, envelope));
    }
    if (corrupt) reply = { ...reply, body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))) };
    await respond(res, entry, reply);
  }

  /** Acts on a fault: a reply to send instead, 'dropped', or undefined to carry on (slow, malformed JSON). */
  async function applyFault(fault: TransactionsFault, res: ServerResponse, entry: RequestLogEntry): Promise<Reply | 'dropped' | undefined> {
    switch (fault.kind) {
      case 'drop':
        if (latencyMs > 0) await sleep(latencyMs);
        entry.status = 0;
        res.socket?.destroy();
        return 'dropped';
      case 'slow':
        await sleep(fault.delayMs ?? DEFAULT_SLOW_DELAY_MS);
        return undefined;
      case 'rateLimitStorm': {
        const reply = json(429, errorBody(new DataApiError('RequestRateExceedError', ERROR_MESSAGES.RequestRateExceedError), envelope));
        if (fault.retryAfterSeconds !== undefined) reply.headers = { 'retry-after': String(fault.retryAfterSeconds) };
        return reply;
      }
      case 'serverError': {
        const status = fault.status ?? 500;
        if (status === 500) {
          return json(500, errorBody(new DataApiError('ServerUnexpectedFailure', ERROR_MESSAGES.ServerUnexpectedFailure, undefined, 'SCEC0001'), envelope));
        }
        // What a gateway in front of the API sends: an HTML page, not the API's JSON.
        const text = `${status} ${GATEWAY_TEXT[status] ?? 'Server Error'}`;
        return { status, body: `<html><head><title>${text}</title></head><body><center><h1>${text}</h1></center></body></html>\n`, contentType: 'text/html' };
      }
      default:
        return undefined;
    }
  }

  async function respond(res: ServerResponse, entry: RequestLogEntry, reply: Reply): Promise<void> {
    if (latencyMs > 0) await sleep(latencyMs);
    entry.status = reply.status;
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(reply.status, {
      'content-type': reply.contentType ?? 'application/json',
      'content-length': Buffer.byteLength(reply.body),
      ...reply.headers,
    });
    res.end(reply.body);
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}/v1`,
    control: {
      requests: () => log.list(),
      clearRequests: () => log.clear(),
      reset: () => {
        log.clear();
        throttle.reset();
        jobs.clear();
        v2Cache.clear();
        faults.clear();
      },
      setTimeScale: (scale) => {
        timeScale = positive(scale, 'timeScale');
      },
      setLatency: (ms) => {
        latencyMs = nonNegative(ms, 'latencyMs');
      },
      setJobDuration: (ms) => {
        jobDurationMs = nonNegative(ms, 'jobDurationMs');
      },
      setErrorEnvelope: (value) => {
        if (value !== 'flat' && value !== 'wrapped') throw new TypeError(`Unknown error envelope: ${String(value)}`);
        envelope = value;
      },
      setRealism: (value) => {
        realism = resolveRealism(value);
      },
      inject: (fault) => faults.inject(fault),
      clearFaults: () => faults.clear(),
      sites: () => SITES.map((s) => ({ siteId: s.siteId, code: s.code, name: s.name, timezone: s.timezone, region: s.region })),
      regions: () => REGIONS.map((r) => ({ code: r.code, name: r.name, siteCodes: SITES.filter((s) => s.region === r.code).map((s) => s.code) })),
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const GATEWAY_TEXT: Record<number, string> = { 502: 'Bad Gateway', 503: 'Service Temporarily Unavailable', 504: 'Gateway Time-out' };

function canonicalQuery(query: Record<string, string>): string {
  return Object.keys(query)
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
}

function positive(value: number, name: string): number {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) throw new TypeError(`${name} must be a positive number`);
  return value;
}

function nonNegative(value: number, name: string): number {
  if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) throw new TypeError(`${name} must be >= 0`);
  return value;
}
