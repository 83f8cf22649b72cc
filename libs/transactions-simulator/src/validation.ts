/**
 * Query validation as the Data API does it. Where the contract leaves the answer open, the choice is written down
 * here, once, and mirrored in the package README's table.
 */
import { ITEM_TYPES, regionByCode, siteByCode, type ChainSite, type ItemType } from './chain.js';
import { DataApiError, ERROR_MESSAGES } from './envelopes.js';

const SECOND_MS = 1000;
export const DAY_SECONDS = 86_400;
/** Lists: the range may span at most 31 days, inclusive (contract §2, §5: "a range over 31 days" is rejected). */
const MAX_LIST_RANGE_SECONDS = 31 * DAY_SECONDS;
/** Load-job: at most 24 hours, inclusive (contract §2.5). */
const MAX_JOB_RANGE_SECONDS = DAY_SECONDS;
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
  jobNotFound: { status: 404, type: 'EntityNotFoundError', message: 'The job searched for was not found or has expired.' },
  unknownRoute: { status: 404, type: 'EntityNotFoundError', message: 'The requested resource was not found.' },
} as const;

type RuleName = keyof typeof VALIDATION_RULES;
const msg = (rule: RuleName): string => VALIDATION_RULES[rule].message;

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
const INTEGER = /^-?\d+$/;

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

/** Parses startDate/endDate (Unix seconds). Defaults: end = now, start = midnight UTC of the end's day. */
function parseRange(
  query: Record<string, string>,
  nowMs: number,
  maxRangeSeconds: number,
  rangeRule: RuleName,
  problems: string[],
): ParsedRange {
  const start = timestamp(query['startDate']);
  const end = timestamp(query['endDate']);
  const nowSeconds = Math.floor(nowMs / SECOND_MS);
  const endSeconds = end ?? nowSeconds;
  const startSeconds = start ?? Math.floor(endSeconds / DAY_SECONDS) * DAY_SECONDS;
  const oldest = Math.ceil(sixMonthsBefore(nowMs) / SECOND_MS);
  if (startSeconds < oldest) problems.push(msg('startOlderThanSixMonths'));
  if (endSeconds < oldest) problems.push(msg('endOlderThanSixMonths'));
  if (startSeconds > nowSeconds + FUTURE_TOLERANCE_SECONDS) problems.push(msg('startInFuture'));
  if (endSeconds > nowSeconds + FUTURE_TOLERANCE_SECONDS) problems.push(msg('endInFuture'));
  if (startSeconds > endSeconds) problems.push(msg('startAfterEnd'));
  else if (endSeconds - startSeconds > maxRangeSeconds) problems.push(msg(rangeRule));
  return { startMs: startSeconds * SECOND_MS, endMs: Math.min(endSeconds * SECOND_MS, nowMs) };
}

function paging(query: Record<string, string>, problems: string[], jobLimit: boolean): { limit: number; offset: number } {
  let limit = jobLimit ? JOB_LIMIT : DEFAULT_LIMIT;
  let offset = DEFAULT_OFFSET;
  const rawLimit = query['limit'];
  if (rawLimit !== undefined) {
    const n = Number(rawLimit);
    if (!INTEGER.test(rawLimit.trim())) problems.push(msg(jobLimit ? 'jobLimitNot100' : 'limitOutOfRange'));
    else if (jobLimit && n !== JOB_LIMIT) problems.push(msg('jobLimitNot100'));
    else if (n < 1 || n > MAX_LIMIT) problems.push(msg('limitOutOfRange'));
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
  const range = parseRange(query, nowMs, MAX_LIST_RANGE_SECONDS, 'rangeOverMonth', problems);
  const page = paging(query, problems, false);
  if (problems.length > 0) throw DataApiError.validation(problems);
  return { ...range, ...page };
}

export function parseJobCriteria(query: Record<string, string>, nowMs: number, needsSite: boolean): ListCriteria {
  const problems: string[] = [];
  if (needsSite) problems.push(msg('jobNeedsOneSite'));
  const range = parseRange(query, nowMs, MAX_JOB_RANGE_SECONDS, 'jobRangeOver24h', problems);
  const page = paging(query, problems, true);
  if (problems.length > 0) throw DataApiError.validation(problems);
  return { ...range, ...page };
}

export function parseItemType(raw: string): ItemType {
  if ((ITEM_TYPES as readonly string[]).includes(raw)) return raw as ItemType;
  throw DataApiError.validation([msg('unknownItemType')]);
}

const TRANS_ID = /^\d+:\d+$/;

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

export function notFound(rule: 'transactionNotFound' | 'jobNotFound' | 'unknownRoute'): DataApiError {
  return DataApiError.notFound(msg(rule));
}
