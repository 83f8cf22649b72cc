/**
 * The simulator: wires the store, jobs, throttle and faults to the handlers, in the order the Data API checks a request.
 *
 * Order of checks for every request (documented in the README):
 *   1. route (unknown path or method → 404 EntityNotFoundError, not counted);
 *   2. credentials (403 Missing/Bad/Mismatch/NotAuthorized; not counted: no valid API id to count against);
 *   3. throttle (every authenticated request counts, whatever it answers next; the 21st in a window → 429);
 *   4. injected faults;
 *   5. site-code header (403 BadSite/NotAuthorizedSiteCredentials), `site`/`region` arguments (404, 403 args);
 *   6. parameter validation (400 timestamp, 422 PayloadValidationError), then the endpoint itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { systemClock } from '@washops/clock';
import { apiIdOf, authenticate, scope } from './auth.js';
import { KNOWN_SITES, SITES, siteByCode, type ChainSite } from './chain.js';
import { nonNegative, positive, controlSurface } from './control.js';
import { DataStore } from './data-store.js';
import { DataApiError, ERROR_MESSAGES, errorBody, resolveRealism } from './envelopes.js';
import { applyFault } from './fault-replies.js';
import { JOB_FAULTS, TransactionsFaultRegistry } from './faults.js';
import { FixedWindowCounter } from './fixed-window.js';
import type { Handler, SimState } from './handlers/context.js';
import { getJobData, loadJob } from './handlers/jobs.js';
import { list, listByType, listV2 } from './handlers/lists.js';
import { get, siteList } from './handlers/records.js';
import { customerGet, customerList } from './handlers/customers.js';
import { clockEntries, employeeGet, employeeList } from './handlers/employees.js';
import { giftCardList } from './handlers/gift-cards.js';
import { itemList } from './handlers/items.js';
import { recurringDetailsList, recurringGet, recurringList, recurringModifications, recurringStatusList } from './handlers/recurring.js';
import { salesOutcomeList } from './handlers/sales-outcomes.js';
import { washbookGet, washbookList } from './handlers/washbooks.js';
import { json, listen, readQuery, route, send, type Endpoint, type Reply } from './http.js';
import { JOB_TTL_MS, JobRegistry } from './jobs.js';
import { LruCache } from './lru.js';
import { RequestLog } from './request-log.js';
import type { RequestLogEntry, SimulatorCredential, TransactionsSimulator, TransactionsSimulatorOptions } from './types.js';
import { notFound } from './validation.js';


/** The contract's throttle: 20 requests per 15-second fixed window per API id (§1 "Throttling"). */
const RATE_LIMIT = 20;
const RATE_WINDOW_MS = 15_000;
/** How long a batch job works before `timeScale` unless `jobDurationMs` says otherwise. */
export const DEFAULT_JOB_DURATION_MS = 2000;
const DEFAULT_NULL_TOTALS_SHARE = 0.25;
/** Criteria whose rows are kept for paging; a chain's customers are a few hundred thousand rows, so a few only. */
const ROWS_MEMO_ENTRIES = 8;
const DEFAULT_CREDENTIALS: SimulatorCredential[] = [{ apiId: 'demo', apiKey: 'demo-key' }];

const HANDLERS: Record<Endpoint, Handler> = {
  siteList,
  list,
  listByType,
  listV2,
  get,
  loadJob,
  getJobData,
  customerList,
  customerGet,
  recurringList,
  recurringGet,
  recurringDetailsList,
  recurringStatusList,
  recurringModifications,
  washbookList,
  washbookGet,
  giftCardList,
  itemList,
  employeeList,
  employeeGet,
  clockEntries,
  salesOutcomeList,
};

export async function startTransactionsSimulator(options: TransactionsSimulatorOptions = {}): Promise<TransactionsSimulator> {
  const chain = chainOf(options.sites);
  const credentials = checkedCredentials(options.credentials ?? DEFAULT_CREDENTIALS, chain);
  const environment = options.environment ?? 'production';
  const seed = options.seed ?? 'demo';
  const clock = options.clock ?? systemClock;
  const settings: SimState['settings'] = {
    timeScale: positive(options.timeScale ?? 1, 'timeScale'),
    latencyMs: nonNegative(options.latencyMs ?? 0, 'latencyMs'),
    jobDurationMs: nonNegative(options.jobDurationMs ?? DEFAULT_JOB_DURATION_MS, 'jobDurationMs'),
    realism: resolveRealism(options.realism),
    envelope: options.errorEnvelope ?? 'flat',
  };
  const nullTotalsShare = options.nullTotalsShare ?? DEFAULT_NULL_TOTALS_SHARE;
  if (!(nullTotalsShare >= 0 && nullTotalsShare <= 1)) throw new TypeError('nullTotalsShare must be between 0 and 1');
  if (environment !== 'production' && environment !== 'sandbox') throw new TypeError(`Unknown environment: ${String(environment)}`);
  if (options.errorEnvelope !== undefined && options.errorEnvelope !== 'flat' && options.errorEnvelope !== 'wrapped') {
    throw new TypeError(`Unknown error envelope: ${String(options.errorEnvelope)}`);
  }
  const store = new DataStore(seed, undefined, { rates: options.world, clock });
  const state: SimState = {
    seed,
    environment,
    clock,
    settings,
    store,
    world: store.world,
    jobs: new JobRegistry(seed, clock, () => JOB_TTL_MS * settings.timeScale, () => settings.jobDurationMs * settings.timeScale),
    faults: new TransactionsFaultRegistry(seed),
    responseCache: new LruCache(500),
    rowsMemo: new LruCache(ROWS_MEMO_ENTRIES),
    nullTotalsShare,
  };
  const log = new RequestLog();
  const throttle = new FixedWindowCounter(RATE_LIMIT, () => RATE_WINDOW_MS * settings.timeScale, clock);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.local');
    const query = readQuery(url);
    const apiId = apiIdOf(req.headers);
    const entry: RequestLogEntry = log.add({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      status: 0,
      ...(apiId !== undefined ? { apiId } : {}),
      at: clock.now(),
    });
    let reply: Reply;
    let corrupt = false;
    try {
      const matched = route(req.method ?? 'GET', url.pathname);
      if (!matched) throw notFound('unknownRoute');
      entry.endpoint = matched.endpoint;
      const credential = authenticate(req.headers, credentials, environment);
      const window = throttle.hit(credential.apiId);
      if (!window.allowed) throw new DataApiError('RequestRateExceedError', ERROR_MESSAGES.RequestRateExceedError);

      const fault = state.faults.first(matched.endpoint, (f) => !JOB_FAULTS.includes(f.kind));
      if (fault) {
        entry.fault = fault.kind;
        const early = await applyFault(fault, res, entry, settings.latencyMs, settings.envelope, clock);
        if (early === 'dropped') return;
        if (early) return await respond(res, entry, early);
        if (fault.kind === 'malformedJson') corrupt = true;
      }

      const caller = scope(req.headers, credential, environment);
      reply = HANDLERS[matched.endpoint](state, { caller, query, params: matched.params, endpoint: matched.endpoint });
    } catch (error) {
      // Anything unforeseen is the API's own 500, so a client sees a typed failure, never a hung request.
      const apiError =
        error instanceof DataApiError
          ? error
          : new DataApiError('ServerUnexpectedFailure', ERROR_MESSAGES.ServerUnexpectedFailure, undefined, 'SCEC0002');
      reply = json(apiError.status, errorBody(apiError, settings.envelope));
    }
    if (corrupt) reply = { ...reply, body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))) };
    await respond(res, entry, reply);
  }

  async function respond(res: ServerResponse, entry: RequestLogEntry, reply: Reply): Promise<void> {
    if (settings.latencyMs > 0) await clock.sleep(settings.latencyMs);
    entry.status = reply.status;
    send(res, reply);
  }

  const host = options.host ?? '127.0.0.1';
  const server = await listen(host, options.port ?? 0, handle);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${server.port}/v1`,
    control: controlSurface(state, log, throttle, chain),
    close: () => server.close(),
  };
}

/**
 * The sites this simulator serves: the whole chain, or the named ones (a small world, same data per site), which may
 * include the extra sites outside the chain.
 */
function chainOf(codes: readonly string[] | undefined): readonly ChainSite[] {
  if (codes === undefined) return SITES;
  if (codes.length === 0) throw new TypeError('sites must name at least one site');
  const wanted = new Set(codes.map((code) => code.toLowerCase()));
  for (const code of wanted) if (!siteByCode.has(code)) throw new TypeError(`Unknown site code: ${code}`);
  return KNOWN_SITES.filter((s) => wanted.has(s.code.toLowerCase()));
}

/** Each credential sees its own sites within the chain served (a credential's site outside it sees nothing of it). */
function checkedCredentials(given: SimulatorCredential[], chain: readonly ChainSite[]): SimulatorCredential[] {
  const credentials = given.map((c) => ({ ...c }));
  if (credentials.length === 0) throw new TypeError('credentials must not be empty');
  const served = new Set(chain.map((s) => s.code.toLowerCase()));
  for (const c of credentials) {
    if (!c.apiId || !c.apiKey) throw new TypeError('every credential needs an apiId and an apiKey');
    for (const code of c.siteCodes ?? []) {
      if (!siteByCode.has(code.toLowerCase())) throw new TypeError(`Unknown site code: ${code}`);
    }
    // Narrowed even on the whole chain, so a credential naming an extra site does not see it there.
    if (c.siteCodes || chain !== SITES) c.siteCodes = (c.siteCodes ?? chain.map((s) => s.code)).filter((code) => served.has(code.toLowerCase()));
  }
  return credentials;
}
