import type { BulkFile } from '@washops/operations';
import { z } from 'zod';
import type { PortalSession } from '../auth/sessions.js';
import { bulkFileInput, bulkRunIdInput, bulkTemplateInput, type BulkFileInput } from '../schemas.js';
import { adminProcedure, router } from '../trpc.js';

/** Runs listed in the history. */
const HISTORY_LIMIT = 50;

const bulkListInput = z.strictObject({ limit: z.number().int().min(1).max(HISTORY_LIMIT).default(HISTORY_LIMIT) }).optional();

function fileOf(input: z.output<typeof bulkFileInput> | BulkFileInput): BulkFile {
  return { name: input.fileName, content: new Uint8Array(Buffer.from(input.contentBase64, 'base64')) };
}

const actorOf = (session: PortalSession) => ({ channel: 'portal' as const, name: session.username });

/**
 * Bulk onboarding and offboarding from a CSV file (README, "Bulk changes"), admins only: even the dry
 * run reads the whole roster, and the results file holds the generated PINs and passwords. The file
 * travels in a mutation's body (a query would put it in the URL).
 */
export const bulkRouter = router({
  /** The template file: the header and one example row. */
  template: adminProcedure.input(bulkTemplateInput).query(({ ctx, input }) => ({
    fileName: input.kind === 'create' ? 'new-hires-template.csv' : 'leavers-template.csv',
    csv: ctx.deps.bulkRuns.changes.templateCsv(input.kind),
  })),

  /** The dry run: every row through the schema and against the live tenant. Writes nothing. */
  check: adminProcedure.input(bulkFileInput).mutation(({ ctx, input, signal }) => ctx.deps.bulkRuns.check(input.kind, fileOf(input), signal)),

  /** Checks again, then runs the file in the background as the signed-in admin; the same file goes back to its run (resumed, or finished with nothing to do). */
  start: adminProcedure
    .input(bulkFileInput)
    .mutation(({ ctx, input }) => ctx.deps.bulkRuns.start(actorOf(ctx.session), input.kind, fileOf(input))),

  /** An interrupted or cancelled run continues from the store as the signed-in admin, no file needed. */
  resume: adminProcedure.input(bulkRunIdInput).mutation(({ ctx, input }) => ctx.deps.bulkRuns.resume(input.runId, actorOf(ctx.session))),

  /** Rows in flight finish; the rest stay for a resume. */
  cancel: adminProcedure.input(bulkRunIdInput).mutation(({ ctx, input }) => ctx.deps.bulkRuns.cancel(input.runId)),

  /** The run and its rows (no secrets): the progress bar and the results table. */
  get: adminProcedure.input(bulkRunIdInput).query(async ({ ctx, input }) => {
    const [run, rows] = await Promise.all([ctx.deps.bulkRuns.changes.get(input.runId), ctx.deps.bulkRuns.changes.rows(input.runId)]);
    return { run, rows };
  }),

  /** The history, newest first. */
  list: adminProcedure.input(bulkListInput).query(({ ctx, input }) => ctx.deps.bulkRuns.changes.list({ limit: input?.limit ?? HISTORY_LIMIT })),
});
