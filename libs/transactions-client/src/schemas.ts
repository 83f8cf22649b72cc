/**
 * The input schemas and response models without the client: only zod and the error classes, so a
 * browser bundle (the portal's forms) can validate with exactly the rules the client applies.
 */
export * from './models.js';
export {
  DateInputSchema,
  LoadJobOptionsSchema,
  MAX_JOB_RANGE_DAYS,
  TRANSACTION_TYPES,
  TransactionIdSchema,
  TransactionListParamsSchema,
  TransactionTypeSchema,
} from './params.js';
export type { LoadJobOptions, LoadJobProgress, TransactionListParams, TransactionType } from './params.js';
export { MAX_LIST_RANGE_DAYS, checkRange, toUnixSeconds } from './dates.js';
export type { DateInput } from './dates.js';
