/**
 * Browser-safe entry (`@washops/transactions-client/schemas`): the input schemas and response
 * models without the client and its transport (only zod and the error classes), so forms validate
 * with exactly the rules the client applies.
 */
export * from './models.js';
export * from './params.js';
export { LOOK_BACK_MONTHS, MAX_LIST_RANGE_DAYS, checkLookBack, checkRange, oldestAllowedSeconds, toUnixSeconds, type DateInput } from './dates.js';
export * from './resources/schemas.js';
