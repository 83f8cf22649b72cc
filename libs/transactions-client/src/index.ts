export { MAX_LIST_RANGE_DAYS, checkRange, toUnixSeconds } from './dates.js';
export type { DateInput } from './dates.js';
