/** Public types of the Data API simulator (the agreed control surface, plus a few additions marked as such). */
import type { Clock } from '@washops/clock';
import type { World, WorldRates } from './world/types.js';

export type { World, WorldRates } from './world/types.js';

export type DataApiEnvironment = 'production' | 'sandbox';

export interface SimulatorCredential {
  apiId: string;
  apiKey: string;
  /** Site codes this credential may see; omitted = every site of the chain. */
  siteCodes?: string[];
  /** Addition: the environment the credential was issued for; a mismatch answers `MismatchCredentialsError`. */
  environment?: DataApiEnvironment;
  /** Addition: `false` answers every request with `NotAuthorizedError` (a credential without a licence). */
  licensed?: boolean;
}

export interface RealismFlags {
  /** `""` instead of `null` for the five optional transaction strings (contract §9.1). */
  emptyStrings: boolean;
  /** Discount entries carry `discountAmount` instead of the spec's `discount` (contract §9.2). */
  discountKey: boolean;
  /** `total: null` on a share of list responses (contract §3.6, §9.4). */
  nullTotals: boolean;
  /** An empty job answers `offset`, `limit` and `total` as `null` (contract §2.6). */
  nullJobPaging: boolean;
  /** Job items omit `isRecurringPlanSale`, `isRecurringPlanRedemption`, `transactionStatus` (contract §9.5). */
  jobItemsWithoutV2Fields: boolean;
  /**
   * Transaction money amounts as strings such as `"15.00"`. Off unless asked for, even under `realism: true`: the
   * contract records string numbers only on other endpoints (§9.8, see `resourceNumbersAsStrings`). A stress option.
   */
  numbersAsStrings: boolean;
  /**
   * The numbers the spec itself says arrive as strings (§9.8) where its schema still types them as numbers: recurring
   * `trialAmount`, `billingAmount`, `amountCharged` (`"5.00"`) and the washbook detail's `balance`. (Item prices, the
   * washbook list's balance and every sales-outcome field are strings in the schema too, so always strings.)
   */
  resourceNumbersAsStrings: boolean;
  /**
   * §9.7: `companyName`, `loyaltyNumber` (customer), `modifiedDate` (customer list, never-modified records),
   * `startDateChange` (employee) and `completeDate` (gift card) are null on a share of records, though the spec
   * does not mark them nullable.
   */
  nullLiveFields: boolean;
  /** §9.6: modification entries are `{name, date, comment}`, not the spec's `modificationType/Date/Comment`. */
  liveModificationKeys: boolean;
}

export type RealismOption = boolean | Partial<RealismFlags>;

export type ErrorEnvelope = 'flat' | 'wrapped';

export interface TransactionsSimulatorOptions {
  /** Default 0 (a free port); binds 127.0.0.1. */
  port?: number;
  /** Default 'demo'; the same seed gives the same data. */
  seed?: string;
  /** Default `[{ apiId: 'demo', apiKey: 'demo-key' }]`. */
  credentials?: SimulatorCredential[];
  /**
   * Addition: where time comes from: "today", the rate window, job durations and lifetimes, the response caches, and
   * the latency and slow-fault waits. Default `systemClock`; tests pin "today" with `clockFrom` or run a `VirtualClock`.
   */
  clock?: Clock;
  /** Default 1; 0.01 makes the 15 s rate window 150 ms and job durations and caches 100× shorter. */
  timeScale?: number;
  /** Default 0; added to every response. Not scaled. */
  latencyMs?: number;
  /** Default 2000 (before `timeScale`): how long a job stays `working`. */
  jobDurationMs?: number;
  /** Default true: the live API's quirks (contract §9). */
  realism?: RealismOption;
  /** Default 'flat'. */
  errorEnvelope?: ErrorEnvelope;
  /** Addition: which server this stands in for (default 'production'); see `SimulatorCredential.environment`. */
  environment?: DataApiEnvironment;
  /** Addition: share (0..1) of list criteria answered with `total: null` under `realism.nullTotals`. Default 0.25. */
  nullTotalsShare?: number;
  /** Addition: host to bind. Default '127.0.0.1'. */
  host?: string;
  /**
   * Addition: the site codes of the chain this simulator serves, for a small world in tests (each site's data is the
   * same as in the whole chain). Default: every site of the chain (`SMALL_CHAIN_SITES` is a small one with every shape).
   * A site of the whole chain left out answers as one the credential may not see (403 NotAuthorizedSiteArgsError).
   * `BERLIN` (Europe/Berlin) is served only when named here, never in the whole chain; `SMALL_CHAIN_ACROSS_UTC_SITES`
   * is the small chain with it, for local days on both sides of UTC.
   */
  sites?: readonly string[];
  /** Addition: the world's known rates (conversion, churn, labor per car); see `WorldRates` for the defaults. */
  world?: Partial<WorldRates>;
}

export type TransactionsEndpoint =
  | 'list'
  | 'listByType'
  | 'listV2'
  | 'get'
  | 'loadJob'
  | 'getJobData'
  | 'siteList'
  | 'customerList'
  | 'customerGet'
  | 'recurringList'
  | 'recurringGet'
  | 'recurringDetailsList'
  | 'recurringStatusList'
  | 'recurringModifications'
  | 'washbookList'
  | 'washbookGet'
  | 'giftCardList'
  | 'itemList'
  | 'employeeList'
  | 'employeeGet'
  | 'clockEntries'
  | 'salesOutcomeList'
  | '*';

export type TransactionsFaultKind =
  | 'serverError'
  | 'drop'
  | 'slow'
  | 'rateLimitStorm'
  | 'jobFail'
  | 'jobNeverFinishes'
  | 'malformedJson';

export interface TransactionsFault {
  /** Default '*'. */
  endpoint?: TransactionsEndpoint;
  kind: TransactionsFaultKind;
  /** 0..1, default 1. Drawn from a PRNG seeded by the simulator seed, so a run is reproducible. */
  probability?: number;
  /** Apply to at most this many matching requests (default unlimited). */
  count?: number;
  /** For serverError: default 500 (a JSON `ServerUnexpectedFailure`); 502/503/504 answer a gateway's HTML page. */
  status?: number;
  /** For slow: default 5000 ms (not scaled). */
  delayMs?: number;
  /** For rateLimitStorm: send a `Retry-After` header (default: none, like the real API). */
  retryAfterSeconds?: number;
}

export interface RequestLogEntry {
  method: string;
  /** The URL path as received, e.g. `/v1/transaction/load-job`. */
  path: string;
  query: Record<string, string>;
  /** HTTP status sent; 0 when the connection was dropped without a response. */
  status: number;
  /** The `X-Sonnys-API-ID` header as sent, if any (never the key). */
  apiId?: string;
  /** Addition: the endpoint the request was routed to, if any. */
  endpoint?: Exclude<TransactionsEndpoint, '*'>;
  /** Addition: the fault applied to this request, if any. */
  fault?: TransactionsFaultKind;
  /** When the request arrived (simulator clock, ms). */
  at: number;
}

export interface SimulatorSite {
  siteId: number;
  code: string;
  name: string;
  timezone: string;
  region: string;
}

export interface TransactionsSimulatorControl {
  requests(): RequestLogEntry[];
  clearRequests(): void;
  /** Clears the log, throttle windows, jobs, caches and faults. */
  reset(): void;
  setTimeScale(scale: number): void;
  setLatency(ms: number): void;
  setJobDuration(ms: number): void;
  setErrorEnvelope(envelope: ErrorEnvelope): void;
  inject(fault: TransactionsFault): { remove(): void };
  clearFaults(): void;
  sites(): SimulatorSite[];
  /** Addition: change the quirks at run time (the same shapes as the `realism` option). */
  setRealism(realism: RealismOption): void;
  /** Addition: regions of the chain, with their site codes. */
  regions(): Array<{ code: string; name: string; siteCodes: string[] }>;
  /**
   * Addition: the count and the sum of totals (cents) of one site's transactions completed within inclusive
   * bounds (ms), from the seeded data itself: what a sync of that range must hold.
   */
  summary(range: { siteCode: string; startMs: number; endMs: number }): { count: number; totalCents: number };
  /** Addition: the consistent world the transactions agree with (customers, memberships, cards, books, staff...). */
  world(): World;
  /** Addition: the rates the world was generated with (the defaults completed by the `world` option). */
  worldRates(): WorldRates;
}

export interface TransactionsSimulator {
  /** The API base, `http://127.0.0.1:<port>/v1`. */
  url: string;
  control: TransactionsSimulatorControl;
  close(): Promise<void>;
}
