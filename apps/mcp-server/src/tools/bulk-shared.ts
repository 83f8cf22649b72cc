import type { BulkCheckReport, BulkKind, BulkProgress, BulkRowResult, BulkRunView } from '@washops/operations/schemas';
import type { BulkOutput } from '../schemas/bulk.js';
import { employeeUris } from '../resources/uris.js';
import { bulkOf, operationsOf, type ToolServices } from '../services.js';
import type { ToolRunContext } from '../tool.js';

/* What bulk_create_employees and bulk_disable_employees share: the dry run, the run, and their words. */

export interface BulkCall {
  rows: Record<string, unknown>[];
  dryRun: boolean;
  concurrency: number;
}

/** Where a person gets a run's results file, the only place its generated PINs and passwords appear. */
export const resultsFileHint = (runId: string) =>
  `the portal's Bulk changes page (run ${runId}) or \`washops employees results ${runId}\``;

/** The dry run, or the run as the caller (`operations.actor`) with progress notifications; never a secret in the answer. */
export async function runBulkTool(kind: BulkKind, toolName: string, call: BulkCall, services: ToolServices, context: ToolRunContext): Promise<BulkOutput> {
  const bulk = bulkOf(services);
  const sheet = bulk.sheetOfRows(kind, call.rows, toolName);
  if (call.dryRun) return dryRunOutput(await bulk.check(sheet, { signal: context.signal }));

  const actor = operationsOf(services).actor;
  const { run } = await bulk.prepare(actor, sheet, { concurrency: call.concurrency });
  // A resume's writes are the caller's, whoever started the run.
  const ended = await bulk.execute(run.id, {
    actor,
    signal: context.signal,
    concurrency: call.concurrency,
    onProgress: (progress) => {
      // A notification that cannot be sent must not stop the run.
      context.reportProgress(progress.done + progress.failed, progress.total, progressMessage(progress)).catch(() => {});
    },
  });
  return runOutput(ended, await bulk.rows(run.id));
}

export function progressMessage(progress: BulkProgress): string {
  const eta = progress.etaMs === null ? '' : `, about ${Math.max(1, Math.round(progress.etaMs / 1000))} s left`;
  return `${progress.done} done, ${progress.failed} failed, ${progress.remaining} remaining${eta}`;
}

function dryRunOutput(report: BulkCheckReport): BulkOutput {
  const problems = report.rows.flatMap((row) => [
    ...row.errors.map((issue) => ({ row: row.rowNumber, severity: 'error' as const, ...issue })),
    ...row.warnings.map((issue) => ({ row: row.rowNumber, severity: 'warning' as const, ...issue })),
  ]);
  return {
    kind: report.kind,
    dryRun: true,
    check: { counts: report.counts, problems, ...(report.resumes ? { resumes: report.resumes } : {}) },
    nextStep: dryRunNextStep(report),
  };
}

function dryRunNextStep(report: BulkCheckReport): string {
  if (report.counts.error > 0) {
    const rows = [...new Set(report.rows.filter((row) => row.status === 'error').map((row) => row.rowNumber))];
    return `Nothing was written. Fix row(s) ${rows.join(', ')} (or leave them out), then check again: a run refuses to start while any row has an error.`;
  }
  const resume = report.resumes
    ? ` That continues run ${report.resumes.runId}: its ${report.resumes.done} row(s) done are skipped, ${report.resumes.remaining} remain.`
    : '';
  return `Nothing was written. Every row can run. To write, call again with the same rows and dryRun: false.${resume}`;
}

function rowOutcome(row: BulkRowResult): NonNullable<BulkOutput['run']>['rows'][number] {
  const error = row.code !== null || row.message !== null ? { error: { code: row.code, field: row.field, message: row.message } } : {};
  return {
    row: row.rowNumber,
    outcome: row.state,
    employeeId: row.employeeId,
    posUserId: row.posUserId,
    email: row.email,
    backofficeUsername: row.backofficeUsername,
    warnings: row.warnings,
    ...error,
  };
}

function runOutput(run: BulkRunView, rows: BulkRowResult[]): BulkOutput {
  const { total, done, failed, remaining } = run.progress;
  return {
    kind: run.kind,
    dryRun: false,
    run: { id: run.id, state: run.state, counts: { total, done, failed, remaining }, rows: rows.map(rowOutcome) },
    nextStep: runNextStep(run, rows),
  };
}

function runNextStep(run: BulkRunView, rows: BulkRowResult[]): string {
  const numbers = (...states: BulkRowResult['state'][]) => rows.filter((row) => states.includes(row.state)).map((row) => row.rowNumber);
  const where = resultsFileHint(run.id);
  const secrets =
    run.kind === 'create' && rows.some((row) => row.employeeId !== null)
      ? ` The generated POS PINs and Back Office passwords are not in this answer: a person gets them from the results file at ${where}, which shows them once.`
      : ` Every row's outcome is also in the results file at ${where}.`;
  const failed = numbers('failed');
  const retry = failed.length ? ` Row(s) ${failed.join(', ')} failed: fix what each error says, then send those rows alone in a new call.` : '';
  if (run.state === 'finished') return `Run ${run.id} finished: ${run.progress.done} done, ${failed.length} failed.${retry}${secrets}`;
  // Stopped, or a row is half done (the employee exists, a later step is not): the same rows again pick it up.
  const unfinished = numbers('pending', 'running', 'partial');
  const halfDone = numbers('partial');
  if (halfDone.length > 0 && halfDone.length === unfinished.length) {
    return (
      `Run ${run.id} stopped with row(s) ${halfDone.join(', ')} half done: the employee exists, a later step did not finish (see each row's error). ` +
      `Send the same rows again (dryRun: false) to complete them: rows done are skipped, nobody is created twice.${retry}${secrets}`
    );
  }
  return (
    `Run ${run.id} is ${run.state}: row(s) ${unfinished.join(', ')} not done. Send the same rows again (dryRun: false) to resume it: ` +
    `rows done are skipped, a half-done row is completed, nobody is created twice.${retry}${secrets}`
  );
}

/** The employees a run wrote to (done, or partly done), whose resources' subscribers are told; a dry run writes none. */
export function bulkRefreshes(_input: unknown, out: BulkOutput): string[] {
  return (out.run?.rows ?? []).filter((row) => row.outcome === 'done' || row.outcome === 'partial').flatMap((row) => employeeUris(row.posUserId));
}

export function renderBulkOutput(out: BulkOutput): string {
  const lines: string[] = [];
  if (out.check) {
    const { total, ok, warning, error } = out.check.counts;
    lines.push(`Dry run of ${total} row(s): ${ok} ok, ${warning} with warnings, ${error} with errors.`);
    for (const p of out.check.problems) lines.push(`- Row ${p.row} ${p.severity}${p.field ? ` (${p.field})` : ''}: ${p.message}`);
  }
  if (out.run) {
    const { total, done, failed, remaining } = out.run.counts;
    lines.push(`Run ${out.run.id} (${out.run.state}): ${total} row(s), ${done} done, ${failed} failed, ${remaining} remaining.`);
    for (const row of out.run.rows) {
      const who = row.employeeId === null ? '' : ` employee ${row.employeeId}${row.posUserId === null ? '' : ` (POS ${row.posUserId})`}`;
      const error = row.error ? `: ${row.error.code ?? 'ERROR'} ${row.error.message ?? ''}`.trimEnd() : '';
      lines.push(`- Row ${row.row} ${row.outcome}${who}${error}`, ...row.warnings.map((w) => `  Warning: ${w}`));
    }
  }
  lines.push(out.nextStep);
  return lines.join('\n');
}
