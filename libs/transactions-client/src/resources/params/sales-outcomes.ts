import { z } from 'zod';
import { MAX_PAGE_SIZE, pageSizeSchema } from './common.js';
import { DateOnlySchema, orderedDates } from './dates.js';

/** `salesOutcomes.list`: `YYYY-MM-DD` dates, both required; `pageSize` 1–500 (default 500). */
export const SalesOutcomeParamsSchema = z
  .strictObject({
    startDate: DateOnlySchema,
    endDate: DateOnlySchema,
    pageSize: pageSizeSchema(1, MAX_PAGE_SIZE.salesOutcomes).optional(),
  })
  .superRefine(orderedDates);
