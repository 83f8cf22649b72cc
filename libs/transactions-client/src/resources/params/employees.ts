import { z } from 'zod';
import { SiteCodeSchema } from './common.js';
import { DateOnlySchema, orderedDates } from './dates.js';

/** `employees.list` takes no filter. */
export const EmployeeListParamsSchema = z.strictObject({});

/** `employees.clockEntries`: inclusive calendar dates of any length (the client asks in chunks of at most 14 days). */
export const ClockEntryParamsSchema = z
  .strictObject({
    startDate: DateOnlySchema,
    endDate: DateOnlySchema,
    siteCode: SiteCodeSchema.optional(),
  })
  .superRefine(orderedDates);
