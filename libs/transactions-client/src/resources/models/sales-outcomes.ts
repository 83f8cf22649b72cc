import { z } from 'zod';
import { looseInt, looseNumber, optionalString } from '../../internal/coerce.js';
import type { SalesOutcome } from '../types.js';
import { idString, nullable, unixSecondsAsIso } from './common.js';

/** `isConverted` arrives as `"yes"`/`"no"` (booleans and `"true"`/`"false"` are read too). */
const yesNo = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['yes', 'no', 'true', 'false']))
    .transform((v) => v === 'yes' || v === 'true'),
]);

/** One row of `GET /sales-outcome/list`: every field arrives as a string; `timestamp` is Unix seconds. */
export const SalesOutcomeSchema = z.object({
  timestamp: unixSecondsAsIso,
  employeeId: idString,
  adpId: nullable(idString),
  employeeName: z.string(),
  siteId: looseInt,
  site: z.string(),
  isConverted: yesNo,
  itemId: nullable(idString),
  itemName: optionalString,
  itemPrice: nullable(looseNumber),
  terminalName: optionalString,
}) satisfies z.ZodType<SalesOutcome>;
