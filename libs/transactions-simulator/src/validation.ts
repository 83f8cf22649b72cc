/**
 * Query validation as the Data API does it. Where the contract leaves the answer open, the choice is written down
 * here, once, and mirrored in the package README's table.
 */
import { ITEM_TYPES, regionByCode, siteByCode, type ChainSite, type ItemType } from './chain.js';
import { DataApiError, ERROR_MESSAGES } from './envelopes.js';

export const SECOND_MS = 1000;
export const DAY_SECONDS = 86_400;
/** Lists: the range may span at most 31 days, inclusive (contract §2, §5: "a range over 31 days" is rejected). */
const MAX_LIST_RANGE_SECONDS = 31 * DAY_SECONDS;
/** Load-job: at most 24 hours, inclusive (contract §2.5). */
const MAX_JOB_RANGE_SECONDS = DAY_SECONDS;
/** "6 months" of the account lists, taken as 183 days (six calendar months span 181 to 184). */
const SIX_MONTHS_SECONDS = 183 * DAY_SECONDS;
/** A timestamp this far past the server clock is still "now" (clock skew); later is "in the future". */
const FUTURE_TOLERANCE_SECONDS = 60;
const MAX_LIMIT = 100;
const JOB_LIMIT = 100;
/** Defaults when the caller sends none (the spec gives none). */
const DEFAULT_LIMIT = 100;
const DEFAULT_OFFSET = 1;

/**
 * Every rejection a query can meet, with the status chosen where the contract names none.
 * `status`/`type` are what the simulator answers; `message` is the PayloadValidationError entry.
 */
export const VALIDATION_RULES = {
  timestampNotNumeric: { status: 400, type: 'InvalidPayloadRequestTimestampError', message: 'Invalid timestamp' },
  startOlderThanSixMonths: {
    status: 422,
    type: 'PayloadValidationError',
    message: 'startDate: The start period must be no lower than 6 months past present day.',
  },
  endOlderThanSixMonths: {
    status: 422,
    type: 'PayloadValidationError',
    message: 'endDate: The end period must be no lower than 6 months past present day.',
  },
  startInFuture: { status: 422, type: 'PayloadValidationError', message: 'startDate: The start period cannot be in the future.' },
  endInFuture: { status: 422, type: 'PayloadValidationError', message: 'endDate: The end period cannot be in the future.' },
  startAfterEnd: { status: 422, type: 'PayloadValidationError', message: 'startDate: The start period must be before the end period.' },
  rangeOverMonth: { status: 422, type: 'PayloadValidationError', message: 'endDate: The date range cannot exceed 1 month.' },
  jobRangeOver24h: { status: 422, type: 'PayloadValidationError', message: 'endDate: The date range can only be within a 24 hour time span.' },
  limitOutOfRange: { status: 422, type: 'PayloadValidationError', message: 'limit: This value should be between 1 and 100.' },
  jobLimitNot100: { status: 422, type: 'PayloadValidationError', message: 'limit: This value should be 100.' },
  offsetOutOfRange: { status: 422, type: 'PayloadValidationError', message: 'offset: This value should be greater than or equal to 1.' },
  unknownItemType: { status: 422, type: 'PayloadValidationError', message: 'item_type: The value you selected is not a valid choice.' },
  jobNeedsOneSite: { status: 422, type: 'PayloadValidationError', message: 'site: Only 1 site can be selected.' },
  hashMissing: { status: 422, type: 'PayloadValidationError', message: 'hash: This value should not be blank.' },
  transIdMalformed: { status: 422, type: 'PayloadValidationError', message: 'trans_id: This value is not a valid identifier.' },
  siteNotFound: { status: 404, type: 'EntityNotFoundError', message: 'Site code not found.' },
  regionNotFound: { status: 404, type: 'EntityNotFoundError', message: 'Region code not found.' },
  siteNotAuthorized: { status: 403, type: 'NotAuthorizedSiteArgsError', message: ERROR_MESSAGES.NotAuthorizedSiteArgsError },
  transactionNotFound: { status: 404, type: 'EntityNotFoundError', message: 'The transaction searched for was not found.' },
  // ---- The other resources (contract §5, §6) ----
  /** Customers and sales outcomes (and clock entries, as the vendor's client sends them) take calendar dates. */
  startDateNotYmd: { status: 422, type: 'PayloadValidationError', message: 'startDate: This value is not a valid date (YYYY-MM-DD).' },
  endDateNotYmd: { status: 422, type: 'PayloadValidationError', message: 'endDate: This value is not a valid date (YYYY-MM-DD).' },
  customerStartAfterToday: { status: 422, type: 'PayloadValidationError', message: 'startDate: The start date must not pass today.' },
  /** Recurring list, modifications and washbook list: at most 6 months, taken as 183 days, inclusive. */
  rangeOverSixMonths: { status: 422, type: 'PayloadValidationError', message: 'endDate: The date range cannot exceed 6 months.' },
  /** Clock entries: at most 14 calendar days, both ends included. */
  rangeOverFourteenDays: { status: 422, type: 'PayloadValidationError', message: 'endDate: The date range cannot exceed 14 days.' },
  statusListLimitOutOfRange: { status: 422, type: 'PayloadValidationError', message: 'limit: This value should be between 100 and 1000.' },
  salesLimitOutOfRange: { status: 422, type: 'PayloadValidationError', message: 'limit: This value should be between 1 and 500.' },
  phoneNumberLength: { status: 422, type: 'PayloadValidationError', message: 'phoneNumber: This value should have 10 to 11 characters.' },
  customerStatusInvalid: { status: 422, type: 'PayloadValidationError', message: 'status: The value you selected is not a valid choice.' },
  accountStatusInvalid: { status: 422, type: 'PayloadValidationError', message: 'accountStatus: The value you selected is not a valid choice.' },
  recurringStatusInvalid: {
    status: 422,
    type: 'PayloadValidationError',
    message: 'recurringAccountStatus: The value you selected is not a valid choice.',
  },
  modificationInvalid: { status: 422, type: 'PayloadValidationError', message: 'modifications: The value you selected is not a valid choice.' },
  departmentInvalid: { status: 422, type: 'PayloadValidationError', message: 'departmentName: The value you selected is not a valid choice.' },
  customerIdMalformed: { status: 422, type: 'PayloadValidationError', message: 'customerId: This value is not a valid identifier.' },
  itemIdMalformed: { status: 422, type: 'PayloadValidationError', message: 'itemId: This value is not a valid identifier.' },
  customerPathMalformed: { status: 422, type: 'PayloadValidationError', message: 'customer_id: This value is not a valid identifier.' },
  customerNotFound: { status: 404, type: 'EntityNotFoundError', message: 'The customer searched for was not found.' },
  accountNotFound: { status: 404, type: 'EntityNotFoundError', message: 'The account searched for was not found.' },
  employeeNotFound: { status: 404, type: 'EntityNotFoundError', message: 'The employee searched for was not found.' },
  jobNotFound: { status: 404, type: 'EntityNotFoundError', message: 'The job searched for was not found or has expired.' },
  unknownRoute: { status: 404, type: 'EntityNotFoundError', message: 'The requested resource was not found.' },
} as const;

export type RuleName = keyof typeof VALIDATION_RULES;
export const msg = (rule: RuleName): string => VALIDATION_RULES[rule].message;

export interface ParsedRange {
  /** Inclusive bounds, ms. */
  startMs: number;
  endMs: number;
}

export interface ListCriteria extends ParsedRange {
  limit: number;
  offset: number;
}

const NUMERIC = /^\d+(\.\d+)?$/;
export const INTEGER = /^-?\d+$/;

function timestamp(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!NUMERIC.test(raw.trim())) throw new DataApiError('InvalidPayloadRequestTimestampError', msg('timestampNotNumeric'));
  return Math.floor(Number(raw.trim()));
}

/** Six calendar months before `nowMs`. */
export function sixMonthsBefore(nowMs: number): number {
  const d = new Date(nowMs);
  d.setUTCMonth(d.getUTCMonth() - 6);
  return d.getTime();
}

/** How an endpoint reads `startDate`/`endDate` in Unix seconds. */
export interface UnixRangePolicy {
  /** Longest span end − start, seconds (inclusive); none when omitted. */
  maxSeconds?: number;
  maxRule?: RuleName;
  /** Transaction lists and gift cards: neither end older than six months nor in the future. */
  recentOnly: boolean;
  /** The start when none is sent, from the end (seconds). */
  defaultStart: (endSeconds: number, nowMs: number) => number;
}

const midnightOf = (seconds: number): number => Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS;

/** "First day of last month" (UTC), the default start of the account lists (contract §5). */
function firstDayOfLastMonth(nowMs: number): number {
  const d = new Date(nowMs);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / SECOND_MS);
}

const TRANSACTION_RANGE: UnixRangePolicy = {
  maxSeconds: MAX_LIST_RANGE_SECONDS,
  maxRule: 'rangeOverMonth',
  recentOnly: true,
  defaultStart: midnightOf,
};
const JOB_RANGE: UnixRangePolicy = { ...TRANSACTION_RANGE, maxSeconds: MAX_JOB_RANGE_SECONDS, maxRule: 'jobRangeOver24h' };

/** The resources' Unix-second ranges (contract §5 "Spec range limits"). */
export const RESOURCE_RANGES = {
  /** Sign-up dates (modification dates for modifications); at most 6 months; default from the first day of last month. */
  accounts: {
    maxSeconds: SIX_MONTHS_SECONDS,
    maxRule: 'rangeOverSixMonths',
    recentOnly: false,
    defaultStart: (_end: number, now: number) => firstDayOfLastMonth(now),
  },
  /** Sign-up dates; at most 1 month; default from the first day of last month, or a month back when that is longer. */
  accountDetails: {
    maxSeconds: MAX_LIST_RANGE_SECONDS,
    maxRule: 'rangeOverMonth',
    recentOnly: false,
    defaultStart: (end: number, now: number) => Math.max(firstDayOfLastMonth(now), end - MAX_LIST_RANGE_SECONDS),
  },
  /** Status changes: no range limit; default today. */
  statusChanges: { recentOnly: false, defaultStart: midnightOf },
  /** Gift cards: like the transaction lists (start no older than 6 months) without their 1-month limit. */
  giftCards: { recentOnly: true, defaultStart: midnightOf },
} satisfies Record<string, UnixRangePolicy>;

/**
 * Parses startDate/endDate (Unix seconds) under a policy; problems are collected, not thrown. The end defaults to
 * now and is never later than now in the result.
 */
export function parseUnixRange(query: Record<string, string>, nowMs: number, policy: UnixRangePolicy, problems: string[]): ParsedRange {
  const start = timestamp(query['startDate']);
  const end = timestamp(query['endDate']);
  const nowSeconds = Math.floor(nowMs / SECOND_MS);
  const endSeconds = end ?? nowSeconds;
  const startSeconds = start ?? policy.defaultStart(endSeconds, nowMs);
  if (policy.recentOnly) {
    const oldest = Math.ceil(sixMonthsBefore(nowMs) / SECOND_MS);
    if (startSeconds < oldest) problems.push(msg('startOlderThanSixMonths'));
    if (endSeconds < oldest) problems.push(msg('endOlderThanSixMonths'));
    if (startSeconds > nowSeconds + FUTURE_TOLERANCE_SECONDS) problems.push(msg('startInFuture'));
    if (endSeconds > nowSeconds + FUTURE_TOLERANCE_SECONDS) problems.push(msg('endInFuture'));
  }
  if (startSeconds > endSeconds) problems.push(msg('startAfterEnd'));
  else if (policy.maxRule !== undefined && policy.maxSeconds !== undefined && endSeconds - startSeconds > policy.maxSeconds) {
    problems.push(msg(policy.maxRule));
  }
  return { startMs: startSeconds * SECOND_MS, endMs: Math.min(endSeconds * SECOND_MS, nowMs) };
}

/** An endpoint's page sizes (`limit`), with the rule a size outside them breaks. */
export interface PageSizes {
  min: number;
  max: number;
  /** When no `limit` is sent (the spec names a default only for sales outcomes). */
  fallback: number;
  rule: RuleName;
}

export const PAGE_SIZES = {
  list: { min: 1, max: MAX_LIMIT, fallback: DEFAULT_LIMIT, rule: 'limitOutOfRange' },
  job: { min: JOB_LIMIT, max: JOB_LIMIT, fallback: JOB_LIMIT, rule: 'jobLimitNot100' },
  /** `/recurring/account/status-list` (`CollectionLimitParameterV2`). */
  statusList: { min: 100, max: 1000, fallback: 100, rule: 'statusListLimitOutOfRange' },
  /** `/sales-outcome/list`: "By default there will be 500 records per page." */
  salesOutcomes: { min: 1, max: 500, fallback: 500, rule: 'salesLimitOutOfRange' },
} satisfies Record<string, PageSizes>;

export function parsePaging(query: Record<string, string>, problems: string[], sizes: PageSizes): { limit: number; offset: number } {
  let limit = sizes.fallback;
  let offset = DEFAULT_OFFSET;
  const rawLimit = query['limit'];
  if (rawLimit !== undefined) {
    const n = Number(rawLimit);
    if (!INTEGER.test(rawLimit.trim()) || n < sizes.min || n > sizes.max) problems.push(msg(sizes.rule));
    else limit = n;
  }
  const rawOffset = query['offset'];
  if (rawOffset !== undefined) {
    const n = Number(rawOffset);
    if (!INTEGER.test(rawOffset.trim()) || n < 1 || !Number.isSafeInteger(n)) problems.push(msg('offsetOutOfRange'));
    else offset = n;
  }
  return { limit, offset };
}

export function parseListCriteria(query: Record<string, string>, nowMs: number): ListCriteria {
  const problems: string[] = [];
  const range = parseUnixRange(query, nowMs, TRANSACTION_RANGE, problems);
  const page = parsePaging(query, problems, PAGE_SIZES.list);
  if (problems.length > 0) throw DataApiError.validation(problems);
  return { ...range, ...page };
}

export function parseJobCriteria(query: Record<string, string>, nowMs: number, needsSite: boolean): ListCriteria {
  const problems: string[] = [];
  if (needsSite) problems.push(msg('jobNeedsOneSite'));
  const range = parseUnixRange(query, nowMs, JOB_RANGE, problems);
  const page = parsePaging(query, problems, PAGE_SIZES.job);
  if (problems.length > 0) throw DataApiError.validation(problems);
  return { ...range, ...page };
}

export function parseItemType(raw: string): ItemType {
  if ((ITEM_TYPES as readonly string[]).includes(raw)) return raw as ItemType;
  throw DataApiError.validation([msg('unknownItemType')]);
}

export const TRANS_ID = /^\d+:\d+$/;

export function parseTransId(raw: string): string {
  if (!TRANS_ID.test(raw)) throw DataApiError.validation([msg('transIdMalformed')]);
  return raw;
}

/**
 * Narrows the sites a request reads: `site` (if sent) wins over `region`. A site the request may not see answers
 * `NotAuthorizedSiteArgsError` whether the scope came from the site-code header or from the credential itself.
 */
export function selectSites(
  query: Record<string, string>,
  visible: readonly ChainSite[],
  useRegion: boolean,
): readonly ChainSite[] {
  const siteArg = query['site'];
  if (siteArg !== undefined && siteArg !== '') {
    const site = siteByCode.get(siteArg.toLowerCase());
    if (!site) throw DataApiError.notFound(msg('siteNotFound'));
    if (!visible.includes(site)) {
      throw new DataApiError('NotAuthorizedSiteArgsError', ERROR_MESSAGES.NotAuthorizedSiteArgsError);
    }
    return [site];
  }
  const regionArg = query['region'];
  if (useRegion && regionArg !== undefined && regionArg !== '') {
    const region = regionByCode.get(regionArg.toLowerCase());
    if (!region) throw DataApiError.notFound(msg('regionNotFound'));
    return visible.filter((s) => s.region === region.code);
  }
  return visible;
}

export function notFound(
  rule: 'transactionNotFound' | 'jobNotFound' | 'unknownRoute' | 'customerNotFound' | 'accountNotFound' | 'employeeNotFound',
): DataApiError {
  return DataApiError.notFound(msg(rule));
}
