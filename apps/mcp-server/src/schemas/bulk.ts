import { BULK_KINDS, BULK_LIMITS, BULK_ROW_STATES, BULK_RUN_STATES } from '@washops/operations/schemas';
import { z } from 'zod';

/* What the model sees of a bulk call: the dry run's problems, or the run's outcome per row. Never a secret. */

/** The fields both bulk tools take beside their rows. */
export function bulkInputSchema<R extends z.ZodType>(row: R, rowDescription: string) {
  const max = BULK_LIMITS.maxJsonRows;
  return z.strictObject({
    rows: z
      .array(row)
      .min(1, 'rows must hold at least one row')
      .max(max, `rows must hold at most ${max} rows per call: split the list into calls of ${max}`)
      .describe(`${rowDescription} 1 to ${max} rows; row numbers in the answer count from 1 in this order.`),
    dryRun: z
      .boolean()
      .default(true)
      .describe('true (default): check every row against the tenant and write nothing. false: check again, then write.'),
    concurrency: z
      .number()
      .int()
      .min(1)
      .max(BULK_LIMITS.maxConcurrency)
      .default(BULK_LIMITS.defaultConcurrency)
      .describe(`Rows written at once (default ${BULK_LIMITS.defaultConcurrency}, at most ${BULK_LIMITS.maxConcurrency}): the Back Office is the tenant's live system`),
  });
}

const rowProblemSchema = z.object({
  row: z.number().int(),
  severity: z.enum(['error', 'warning']).describe('an error blocks the whole run; a warning runs'),
  field: z.string().optional().describe('the field the problem is about, when it is about one'),
  message: z.string(),
});

const rowOutcomeSchema = z.object({
  row: z.number().int(),
  outcome: z.enum(BULK_ROW_STATES).describe('done; failed; partial (the employee exists, a later step is not done); pending or running when the run stopped'),
  employeeId: z.number().int().nullable(),
  posUserId: z.number().int().nullable(),
  email: z.string().nullable(),
  backofficeUsername: z.string().nullable(),
  warnings: z.array(z.string()),
  error: z
    .object({ code: z.string().nullable(), field: z.string().nullable(), message: z.string().nullable() })
    .optional()
    .describe('why the row failed, or what is left to do by hand'),
});

export const bulkOutputSchema = z.object({
  kind: z.enum(BULK_KINDS),
  dryRun: z.boolean().describe('true: nothing was written'),
  check: z
    .object({
      counts: z.object({ total: z.number().int(), ok: z.number().int(), warning: z.number().int(), error: z.number().int() }),
      problems: z.array(rowProblemSchema).describe('every error and warning, by row'),
      resumes: z
        .object({ runId: z.string(), done: z.number().int(), remaining: z.number().int() })
        .optional()
        .describe('an unfinished run of these same rows: running them continues it, skipping rows done'),
    })
    .optional()
    .describe('the dry run (dryRun: true)'),
  run: z
    .object({
      id: z.string(),
      state: z.enum(BULK_RUN_STATES),
      counts: z.object({ total: z.number().int(), done: z.number().int(), failed: z.number().int(), remaining: z.number().int() }),
      rows: z.array(rowOutcomeSchema),
    })
    .optional()
    .describe('the run (dryRun: false)'),
  nextStep: z.string().describe('what to do next, in words'),
});

export type BulkOutput = z.input<typeof bulkOutputSchema>;
